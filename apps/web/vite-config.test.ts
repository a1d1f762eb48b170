import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reactRouterProductionOnServer } from './vite.config.ts';

type Resolve = (id: string, importer: string | undefined, options: { ssr?: boolean }) => unknown;

// Decision 007: React Router's package exports point Node at its development build.
describe('the web app build', () => {
  const resolveId = reactRouterProductionOnServer().resolveId as unknown as Resolve;

  it("gives the server build React Router's production build, by file, left external", () => {
    const resolved = resolveId('react-router', '/app/root.tsx', { ssr: true }) as { id: string; external: boolean };
    expect(resolved.external).toBe(true);
    expect(resolved.id).toMatch(/react-router\/dist\/production\/index\.mjs$/);
    expect(existsSync(resolved.id)).toBe(true);
  });

  it("leaves the browser build and React Router's other entries alone", () => {
    expect(resolveId('react-router', '/app/root.tsx', { ssr: false })).toBeNull();
    expect(resolveId('react-router/dom', '/app/entry.client.tsx', { ssr: false })).toBeNull();
  });
});
