// Entry of an import's reading thread (learner-import-reader.ts): loads the TypeScript worker
// through tsx, which a worker thread does not inherit from the server process.
import { tsImport } from 'tsx/esm/api';

await tsImport('./learner-import-worker.ts', import.meta.url);
