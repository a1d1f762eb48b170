import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin, type ResolveModulePreloadDependenciesFn, type Rollup } from 'vite';

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

/**
 * A lazy import's preload list without the chunks its importer already imports statically: those
 * are loaded before the importer runs, so naming them again only adds bytes to the first load
 * (every lazy import of the layouts listed React, React Router and the shared antd chunks again).
 * The bundle is taken in `generateBundle`, which runs before Vite's own (a post plugin) writes the
 * lists and asks `resolveDependencies` for each.
 */
export function preloadListsWithoutStaticImports(): {
  plugin: Plugin;
  resolveDependencies: ResolveModulePreloadDependenciesFn;
} {
  let bundle: Rollup.OutputBundle | undefined;
  const staticOf = new Map<string, Set<string>>();
  const staticImports = (file: string): Set<string> => {
    let found = staticOf.get(file);
    if (found) return found;
    found = new Set<string>();
    staticOf.set(file, found);
    const walk = (name: string) => {
      const chunk = bundle?.[name];
      if (!chunk || chunk.type !== 'chunk') return;
      for (const dep of chunk.imports) {
        if (found!.has(dep)) continue;
        found!.add(dep);
        walk(dep);
      }
    };
    walk(file);
    return found;
  };
  return {
    plugin: {
      name: 'preload-lists-without-static-imports',
      apply: 'build',
      generateBundle(_options, output) {
        bundle = output;
        staticOf.clear();
      },
    },
    resolveDependencies: (_file, deps, { hostId, hostType }) => {
      if (hostType !== 'js' || !bundle) return deps;
      const loaded = staticImports(hostId);
      return deps.filter((d) => !loaded.has(d) && d !== hostId);
    },
  };
}

const preloadLists = preloadListsWithoutStaticImports();

export default defineConfig({
  plugins: [reactRouterProductionOnServer(), reactRouter(), preloadLists.plugin],
  // No gzip size of every chunk in the build's output: bench/home-weight.ts measures what counts.
  build: {
    target: 'es2022',
    reportCompressedSize: false,
    modulePreload: { resolveDependencies: preloadLists.resolveDependencies },
  },
  // antd stays external on the server (DESIGN.md section 8): Node loads its own CommonJS/ESM build.
  // The icons are bundled: Node's import of one icon's path reaches its ES file, which Node cannot
  // load (extensionless imports), and the package's root loads all 800 icons (decision 007).
  ssr: { noExternal: ['@react-router/node', '@ant-design/icons', '@ant-design/icons-svg', '@ant-design/colors'] },
});
