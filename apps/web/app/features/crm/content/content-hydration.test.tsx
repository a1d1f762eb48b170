// @vitest-environment jsdom
import { act, createElement, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AnnouncementsAdminView } from './announcements.tsx';
import { MessageBoardView } from './board.tsx';
import { NewsAdminView } from './news.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// jsdom has no media queries; antd's table asks for the screen's breakpoints.
window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
// Nor does it lay out: antd's table and text areas watch their size.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const emptyPage = { pageCurrent: 1, pageSize: 20, totalCount: 0, totalPage: 0, list: [] };

/** The page's view in a router, as the server renders it and as the browser then hydrates it. */
const inRouter = (view: () => ReactElement) =>
  createElement(RouterProvider, { router: createMemoryRouter([{ path: '/', Component: view }]) });

/**
 * The server's HTML (rendered with the DOM hidden, as antd sees the server) hydrated in the
 * browser: the recoverable errors React reports. A mismatch makes React render the page again,
 * which drops a click made meanwhile.
 */
async function hydrationErrors(view: () => ReactElement): Promise<string[]> {
  // antd and its portals ask whether there is a DOM (canUseDom: window.document.createElement).
  Object.defineProperty(document, 'createElement', { value: undefined, configurable: true });
  let html: string;
  try {
    html = renderToString(inRouter(view));
  } finally {
    // Without the own property, Document.prototype's createElement shows again.
    delete (document as { createElement?: unknown }).createElement;
  }
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  const errors: string[] = [];
  const root = await act(async () =>
    hydrateRoot(host, inRouter(view), {
      onRecoverableError: (e) => errors.push(String(e)),
      onCaughtError: (e) => errors.push(String(e)),
      onUncaughtError: (e) => errors.push(String(e)),
    }),
  );
  await act(async () => root.unmount());
  host.remove();
  return errors;
}

describe('the content pages hydrate without a mismatch (their closed editors are portals)', () => {
  it('/crm/messages', async () => {
    expect(await hydrationErrors(() => createElement(MessageBoardView, { page: emptyPage, error: null }))).toEqual([]);
  });
  it('/crm/news', async () => {
    expect(
      await hydrationErrors(() => createElement(NewsAdminView, { page: emptyPage, categories: [], error: null })),
    ).toEqual([]);
  });
  it('/crm/announcements', async () => {
    expect(
      await hydrationErrors(() =>
        createElement(AnnouncementsAdminView, { page: emptyPage, departments: [], error: null }),
      ),
    ).toEqual([]);
  });
});
