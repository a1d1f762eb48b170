import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';

// The server renders every page from one bundle that it loads at start, so whatever a page imports
// statically lives in the portal's heap for good (192 MB old space, decision 007). Libraries only
// the browser runs load there lazily: ECharts (the dashboard's charts, about 11 MB of heap),
// TipTap and ProseMirror (the back office's editor) and PDF.js (the document viewer). With them in
// the bundle, a browser run's portal ran out of memory.
const SERVER_BUILD = path.resolve(import.meta.dirname, '../../apps/web/build/server');
const BROWSER_ONLY = [/^echarts(\/|$)/, /^@tiptap\//, /^prosemirror-/, /^pdfjs-dist(\/|$)/];

/** The modules a built file imports statically (`import … from "x"` and `import "x"`). */
const staticImports = (code: string) =>
  [...code.matchAll(/(?:^|[\n;])\s*import\s*(?:[^"'()]*?[\s}*]from\s*)?["']([^"']+)["']/g)].map((m) => m[1]!);

it('loads no browser-only library when the server starts', async () => {
  const seen = new Set<string>();
  const external = new Set<string>();
  const visit = async (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImports(await readFile(file, 'utf8'))) {
      if (spec.startsWith('.')) await visit(path.resolve(path.dirname(file), spec));
      else external.add(spec);
    }
  };
  await visit(path.join(SERVER_BUILD, 'index.js'));
  // The walk reached the bundle of pages, and it has lazy chunks of its own (not walked).
  expect(seen.size).toBeGreaterThan(1);
  expect((await readdir(path.join(SERVER_BUILD, 'assets'))).length).toBeGreaterThan(seen.size - 1);
  expect(external).toContain('antd');
  expect([...external].filter((m) => BROWSER_ONLY.some((re) => re.test(m)))).toEqual([]);
});
