// Compiles the server (apps/server/src/main.ts with the workspace packages it uses) into ES
// modules, apps/server/dist/main.js and the chunks it imports when first needed, which Node loads
// itself: code loaded through tsx's module hooks runs slower for the life of the process (decision
// 007). Libraries from node_modules stay external (loaded by Node as they are). `npm start` runs
// this when the output is missing or older than its sources (scripts/start.mjs); it takes about a
// second.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_DIST = path.join(root, 'apps/server/dist');
export const SERVER_ENTRY = path.join(SERVER_DIST, 'main.js');
/** What the compiled server is made of: a change here makes `npm start` compile again. */
export const SERVER_SOURCES = [
  'apps/server/src',
  'packages/contract/src',
  'packages/db/src',
  'scripts/build-server.mjs',
];

/**
 * Every module keeps its own location: `import.meta.url` and `import.meta.dirname` of a source file
 * stay the source file's (migrations, the web build, region data and the theme worker are found
 * beside the sources, as when run through tsx).
 */
const keepModuleLocation = {
  name: 'keep-module-location',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * React Router's package exports point Node at its development build; the server imports its
 * production build by file, as the web app's server build does (apps/web/vite.config.ts).
 */
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/** Bare imports are libraries (node_modules), except the workspace's own packages (@portal/*). */
const librariesExternal = {
  name: 'libraries-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@portal/')) return undefined;
      if (args.path === 'react-router') return { path: REACT_ROUTER_PRODUCTION, external: true };
      return { path: args.path, external: true };
    });
  },
};

/** Chunks of earlier builds are removed once this old: a server started before a rebuild may still import its own. */
const OLD_CHUNK_MS = 24 * 60 * 60 * 1000;

/** Compiles the server into `outdir`. */
export async function buildServer(outdir = SERVER_DIST) {
  const result = await build({
    metafile: true,
    entryPoints: { main: path.join(root, 'apps/server/src/main.ts') },
    outdir,
    // A module the server imports when first needed (`await import(...)`: the rich-text sanitiser
    // with its DOM, the captcha with its font) becomes a chunk of its own, so the libraries it
    // imports load with it and not at start (decision 007).
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces name the TypeScript sources; the sources themselves are not needed for that,
    // and every source map Node loads stays in the server's heap.
    sourcemap: 'linked',
    sourcesContent: false,
    // Class fields as TypeScript defines them (useDefineForClassFields), names kept for logs.
    keepNames: true,
    logLevel: 'warning',
    plugins: [keepModuleLocation, librariesExternal],
  });
  // Chunk names carry a hash of their content, so a rebuild writes new files beside the old ones.
  // A server still running from the old main.js imports its own chunks when first needed: only
  // chunks no build has written for a day go.
  const written = new Set(Object.keys(result.metafile.outputs).map((f) => path.resolve(f)));
  const chunks = path.join(outdir, 'chunks');
  for (const name of existsSync(chunks) ? await readdir(chunks) : []) {
    const file = path.join(chunks, name);
    if (!written.has(file) && Date.now() - (await stat(file)).mtimeMs > OLD_CHUNK_MS) await rm(file, { force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
