import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from './routes.ts';
import { PAGES } from './pages.ts';

const toObjects = (entries: RouteConfigEntry[]): RouteObject[] =>
  entries.map((e) =>
    e.index
      ? { id: e.id, path: e.path, index: true }
      : { id: e.id, path: e.path, children: e.children ? toObjects(e.children) : undefined },
  );
const table = toObjects(routes);
const countRoutes = (entries: RouteConfigEntry[]): number =>
  entries.reduce((n, e) => n + 1 + countRoutes(e.children ?? []), 0);
/** The id of the route a path renders (the deepest match). */
const routeOf = (pathname: string) => matchRoutes(table, pathname)?.at(-1)?.route.id;
/** A concrete address of a page path: `search/:str` → `/search/x`. */
const addressOf = (p: string) => '/' + p.replace(/:\w+\??/g, 'x');

describe('the route table', () => {
  it('is one tree for both languages: each page once, not once per language', () => {
    // The pages, their three layouts, the index, the redirect, the 404 page, and the back office's
    // layout and its 59 pages (decisions 036 to 058; the study tasks, one task's progress and its
    // editor (new and edit), the study projects, their editor, applications and progress, the
    // reports of learning, exams, one exam and certificates; the certificate templates, a new one
    // and one in the designer; the orders, the invoices, the payment settings and the batch
    // packages; the talent records of issue 24; the live rooms, one room's attendance and the live
    // settings; the AI study assistant's settings and its usage).
    expect(countRoutes(routes)).toBe(PAGES.length + 6 + 1 + 59);
  });

  it('answers every page in Chinese and under /en with the same route', () => {
    for (const page of PAGES) {
      expect(routeOf(addressOf(page.path)), page.path).toBe(page.path);
      expect(routeOf('/en' + addressOf(page.path)), page.path).toBe(page.path);
    }
  });

  it('keeps the index, the redirects and the 404 page in both languages', () => {
    expect(routeOf('/')).toBe('index');
    expect(routeOf('/en')).toBe('index');
    expect(routeOf('/en/')).toBe('index');
    expect(routeOf('/redirect/home')).toBe('redirect');
    expect(routeOf('/en/redirect/home')).toBe('redirect');
    expect(routeOf('/no-such-page')).toBe('not-found');
    expect(routeOf('/en/no-such-page')).toBe('not-found');
    expect(routeOf('/english')).toBe('not-found');
  });

  it('serves the back office under /crm in both languages, its own layout', () => {
    expect(routeOf('/crm')).toBe('crm-dashboard');
    expect(routeOf('/crm/')).toBe('crm-dashboard');
    expect(routeOf('/en/crm/audit')).toBe('crm-audit');
    expect(matchRoutes(table, '/crm/audit')?.map((m) => m.route.id)).toEqual(['crm', 'crm-audit']);
    expect(routeOf('/en/crm/media')).toBe('crm-media');
    expect(routeOf('/en/crm/talent')).toBe('crm-talent');
    expect(routeOf('/crm/live/settings')).toBe('crm-live-settings');
    expect(routeOf('/en/crm/live/12')).toBe('crm-live-attendance');
    expect(routeOf('/crm/assistant')).toBe('crm-assistant');
    expect(routeOf('/en/crm/assistant/usage')).toBe('crm-assistant-usage');
    expect(routeOf('/crm/people')).toBe('not-found');
  });
});
