// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_CURRENT_MAX } from '@portal/contract/envelope';
import { FilteredPagedList, type FilteredPagedListProps } from './filtered-paged-list.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Row {
  id: number;
  name: string;
}
type Status = 0 | 1 | 2;

beforeAll(() => {
  // antd asks for media queries and element sizes, which jsdom has not.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

let root: Root;
let container: HTMLElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `行 ${i + 1}` }));

async function show(address: string, props: Partial<FilteredPagedListProps<Row, Status>> = {}) {
  const load = vi.fn(async () => ({ list: rows(2), totalCount: 25 }));
  const exported = vi.fn(async () => ({}));
  const router = createMemoryRouter(
    [
      {
        path: '/account',
        element: (
          <FilteredPagedList<Row, Status>
            filters={{ values: [0, 1, 2], all: 0, ariaLabel: '状态', label: (s) => ['全部', '学习中', '已完成'][s] }}
            load={load}
            pageSize={10}
            rowKey={(r) => r.id}
            renderRow={(r) => <li className="row">{r.name}</li>}
            texts={{
              keyword: '关键词',
              keywordPlaceholder: '请输入关键词',
              list: '课程列表',
              empty: (s) => (s === 2 ? '还没有完成的课程' : '暂无数据'),
            }}
            export={{ label: '导出', done: '已开始导出', run: exported }}
            {...props}
          />
        ),
      },
    ],
    { initialEntries: [address] },
  );
  await act(async () =>
    root.render(
      <App>
        <RouterProvider router={router} />
      </App>,
    ),
  );
  return { load, exported, router };
}

const query = (router: ReturnType<typeof createMemoryRouter>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('FilteredPagedList', () => {
  it('loads the filter, keyword and page of the address and shows the rows as a named list with page numbers', async () => {
    const { load } = await show('/account?status=1&keyword=%20消防%20&page=2');
    expect(load).toHaveBeenCalledWith(
      { filter: 1, keyword: '消防', pageCurrent: 2, pageSize: 10 },
      expect.any(AbortSignal),
    );
    const list = container.querySelector('ul[aria-label="课程列表"]')!;
    expect([...list.querySelectorAll('li.row')].map((li) => li.textContent)).toEqual(['行 1', '行 2']);
    expect(container.querySelector('[role="search"] input[aria-label="关键词"]')).not.toBeNull();
    expect(container.querySelector('.ant-segmented[aria-label="状态"]')).not.toBeNull();
    expect(container.querySelector('.portal-filtered-pager')).not.toBeNull();
  });

  it('reads a filter it does not offer as all, and a page beyond every list as the last page any list takes', async () => {
    const { load } = await show('/account?status=9&page=99999999');
    expect(load).toHaveBeenCalledWith(
      { filter: 0, keyword: '', pageCurrent: PAGE_CURRENT_MAX, pageSize: 10 },
      expect.any(AbortSignal),
    );
  });

  it("shows the filter's own empty text, and no page numbers for one page", async () => {
    await show('/account?status=2', { load: async () => ({ list: [], totalCount: 0 }) });
    expect(container.querySelector('.ant-empty')?.textContent).toContain('还没有完成的课程');
    expect(container.querySelector('ul')).toBeNull();
    expect(container.querySelector('.portal-filtered-pager')).toBeNull();
  });

  it('a search puts the keyword in the address and starts from page 1; the export gets the filter and keyword', async () => {
    const { router, exported } = await show('/account?status=1&page=3');
    const input = container.querySelector<HTMLInputElement>('input[aria-label="关键词"]')!;
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(input, ' 安全 ');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true }));
    });
    expect(query(router)).toEqual({ status: '1', keyword: '安全' });
    const button = [...container.querySelectorAll('button')].find((b) => b.textContent?.includes('导出'))!;
    await act(async () => button.click());
    expect(exported).toHaveBeenCalledWith({ filter: 1, keyword: '安全' });
  });

  it('without filter tabs: no tabs, no status in the address, the filter undefined', async () => {
    const { load } = await show('/account?status=1', { filters: undefined, export: undefined });
    expect(container.querySelector('.ant-segmented')).toBeNull();
    expect(load).toHaveBeenCalledWith(
      { filter: undefined, keyword: '', pageCurrent: 1, pageSize: 10 },
      expect.any(AbortSignal),
    );
    expect([...container.querySelectorAll('button')].some((b) => b.textContent?.includes('导出'))).toBe(false);
  });

  it('without keyword texts: no search box, the keyword of the address ignored; a row can load the page again', async () => {
    let reloadRows: (() => Promise<void>) | undefined;
    const { load } = await show('/account?keyword=旧', {
      texts: { list: '报名列表', empty: '暂无数据' },
      renderRow: (r, reload) => {
        reloadRows = reload;
        return <li className="row">{r.name}</li>;
      },
    });
    expect(container.querySelector('[role="search"]')).toBeNull();
    expect(load).toHaveBeenLastCalledWith(
      { filter: 0, keyword: '', pageCurrent: 1, pageSize: 10 },
      expect.any(AbortSignal),
    );
    const calls = load.mock.calls.length;
    await act(async () => reloadRows?.());
    expect(load.mock.calls.length).toBe(calls + 1);
  });
});
