import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PORTAL_NODE_FLAGS } from '../../../../scripts/node-flags.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

/** The libraries a module of `source` imports statically (`import … from "x"`, `import "x"`), not `import("x")`. */
const staticImports = (source: string) =>
  [...source.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?["']([^"']+)["'];?$/gm)].map((m) => m[1]!);

// Decision 007: what the portal's process loads at start and the heap it runs in.
describe('the portal process', () => {
  it('runs with the same V8 flags from npm start, npm run dev, the browser tests and the benches', async () => {
    const scripts = (
      JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    const flags = PORTAL_NODE_FLAGS.join(' ');
    expect(scripts.start).toBe(`exec node ${flags} scripts/start.mjs`);
    expect(scripts.dev).toBe(`exec node ${flags} scripts/start.mjs --dev`);
  });

  it('loads the sanitiser, the captcha font, the PDF and spreadsheet libraries and the AI client only when first used', async () => {
    const outdir = await mkdtemp(path.join(tmpdir(), 'portal-server-build-'));
    try {
      const { buildServer } = (await import(pathToFileURL(path.join(root, 'scripts/build-server.mjs')).href)) as {
        buildServer: (outdir: string) => Promise<void>;
      };
      await buildServer(outdir);
      // What main.js imports statically, and the chunks those import statically in turn, load at start.
      const atStart = new Set<string>();
      const seen = new Set<string>();
      const visit = async (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const name of staticImports(await readFile(file, 'utf8'))) {
          if (name.startsWith('.')) await visit(path.resolve(path.dirname(file), name));
          else atStart.add(name);
        }
      };
      await visit(path.join(outdir, 'main.js'));
      expect(atStart).toContain('fastify');
      for (const lazy of [
        'sanitize-html',
        'htmlparser2',
        'svg-captcha',
        'pdfkit',
        'fontkit',
        'qrcode',
        'exceljs',
        'openai',
      ]) {
        expect(atStart).not.toContain(lazy);
      }
      // …and each of them is still in the build, in a chunk of its own or behind import().
      const all = (
        await Promise.all(
          (await readdir(outdir, { recursive: true }))
            .filter((f) => f.endsWith('.js'))
            .map((f) => readFile(path.join(outdir, f), 'utf8')),
        )
      ).join('\n');
      for (const lazy of ['sanitize-html', 'svg-captcha', 'exceljs', 'openai']) expect(all).toContain(`"${lazy}"`);
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  });

  it("imports React Router's production build, never the development build its package exports name", async () => {
    const outdir = await mkdtemp(path.join(tmpdir(), 'portal-server-build-'));
    try {
      const { buildServer } = (await import(pathToFileURL(path.join(root, 'scripts/build-server.mjs')).href)) as {
        buildServer: (outdir: string) => Promise<void>;
      };
      await buildServer(outdir);
      const specifiers = (
        await Promise.all(
          (await readdir(outdir, { recursive: true }))
            .filter((f) => f.endsWith('.js'))
            .map(async (f) => [
              ...(await readFile(path.join(outdir, f), 'utf8')).matchAll(/["']([^"'\s]*react-router[^"'\s]*)["']/g),
            ]),
        )
      )
        .flat()
        .map((m) => m[1]!);
      // Node resolves a bare `react-router` to dist/development; the web build's handler is used
      // (web.ts), and anything else takes dist/production by file (scripts/build-server.mjs).
      for (const name of specifiers) expect(name).toMatch(/react-router\/dist\/production\//);
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  });
});
