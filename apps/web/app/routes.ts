import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';
import { PAGES, type LayoutKind } from './pages.ts';

const LAYOUTS: Record<LayoutKind, string> = {
  default: 'shell/default-layout.tsx',
  blank: 'shell/blank-layout.tsx',
  bare: 'shell/bare-layout.tsx',
};

const pagesOf = (kind: LayoutKind) =>
  PAGES.filter((p) => p.layout === kind).map((p) => route(p.path, p.file, { id: p.path }));

/**
 * One route tree for both languages: every path takes an optional `en` segment (`/home` and
 * `/en/home`), so React Router matches, and builds its server routes from, about 50 routes instead
 * of two copies of them (decision 007). The language comes from the path (`pathLang`), never from
 * the route. Ids are explicit because one module serves several pages (the titled page).
 */
export default prefix('en?', [
  index('routes/index.tsx', { id: 'index' }),
  route('redirect/*', 'routes/redirect.tsx', { id: 'redirect' }),
  layout(LAYOUTS.default, { id: 'layout-default' }, [
    ...pagesOf('default'),
    route('*', 'routes/not-found.tsx', { id: 'not-found' }),
  ]),
  layout(LAYOUTS.blank, { id: 'layout-blank' }, pagesOf('blank')),
  layout(LAYOUTS.bare, { id: 'layout-bare' }, pagesOf('bare')),
  // The back office (decision 036): its own layout and route chunks, none in the portal's pages.
  route('crm', 'routes/crm-layout.tsx', { id: 'crm' }, [
    index('routes/crm-dashboard.tsx', { id: 'crm-dashboard' }),
    route('audit', 'routes/crm-audit-log.tsx', { id: 'crm-audit' }),
    route('news', 'routes/crm-news.tsx', { id: 'crm-news' }),
    route('announcements', 'routes/crm-announcements.tsx', { id: 'crm-announcements' }),
    route('messages', 'routes/crm-messages.tsx', { id: 'crm-messages' }),
    route('comments', 'routes/crm-comments.tsx', { id: 'crm-comments' }),
  ]),
]) satisfies RouteConfig;
