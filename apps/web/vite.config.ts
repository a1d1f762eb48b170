import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * React Router's package exports point Node at its development build (dist/development: dev-only
 * checks and warnings on every render). The server build imports the production build instead,
 * by its file, and leaves it external like the other libraries; @react-router/node is bundled so
 * that its own import of react-router takes the same file (one copy of React Router in the
 * process, decision 007). The server gets `createRequestHandler` from this build (entry.server).
 */
const require = createRequire(import.meta.url);
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export function reactRouterProductionOnServer(): Plugin {
  return {
    name: 'react-router-production-on-server',
    enforce: 'pre',
    apply: 'build',
    resolveId(id, _importer, options) {
      if (options.ssr && id === 'react-router') return { id: REACT_ROUTER_PRODUCTION, external: true };
      return null;
    },
  };
}

export default defineConfig({
  plugins: [reactRouterProductionOnServer(), reactRouter()],
  // No gzip size of every chunk in the build's output: bench/home-weight.ts measures what counts.
  build: { target: 'es2022', reportCompressedSize: false },
  // antd stays external on the server (DESIGN.md section 8): Node loads its own CommonJS/ESM build.
  ssr: { noExternal: ['@react-router/node'] },
});
