import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';
import { PAGES, type LayoutKind } from './pages.ts';

const LAYOUTS: Record<LayoutKind, string> = {
  default: 'shell/default-layout.tsx',
  blank: 'shell/blank-layout.tsx',
  bare: 'shell/bare-layout.tsx',
};

function tree(lang: 'zh' | 'en') {
  const id = (name: string) => `${lang}:${name}`;
  const pagesOf = (kind: LayoutKind) =>
    PAGES.filter((p) => p.layout === kind).map((p) => route(p.path, p.file, { id: id(p.path) }));
  return [
    index('routes/index.tsx', { id: id('index') }),
    route('redirect/*', 'routes/redirect.tsx', { id: id('redirect') }),
    layout(LAYOUTS.default, { id: id('layout-default') }, [
      ...pagesOf('default'),
      route('*', 'routes/not-found.tsx', { id: id('not-found') }),
    ]),
    layout(LAYOUTS.blank, { id: id('layout-blank') }, pagesOf('blank')),
    layout(LAYOUTS.bare, { id: id('layout-bare') }, pagesOf('bare')),
  ];
}

export default [...tree('zh'), ...prefix('en', tree('en'))] satisfies RouteConfig;
