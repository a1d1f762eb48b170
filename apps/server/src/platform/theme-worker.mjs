// Entry of the theme worker thread (theme.ts): loads the TypeScript worker through tsx, which a
// worker thread does not inherit from the server process.
import { tsImport } from 'tsx/esm/api';

await tsImport('./theme-worker.ts', import.meta.url);
