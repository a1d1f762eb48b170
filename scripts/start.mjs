// `npm start`: build the web app and compile the server if either is missing or older than its
// sources, then run the server (in this process, so Ctrl-C and SIGTERM reach it directly).
import { pathToFileURL } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

await buildIfStale();

// Before anything loads React: its production build is chosen when it is first imported (the
// server build below), and a development React renders pages several times slower.
process.env.NODE_ENV ??= process.argv.includes('--dev') ? 'development' : 'production';

// The server is compiled to plain JavaScript (scripts/build-server.mjs), like the web app's server
// build: Node loads both and their libraries itself. Code loaded through tsx's module hooks ran
// slower for the life of the process (decision 007).
const { SERVER_ENTRY } = await import('./build-server.mjs');
// Stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_ENTRY).href);
