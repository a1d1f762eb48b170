import { describe, expect, it } from 'vitest';
import type { CategoryNode } from '@portal/contract/calls/category';
import { catalogueHref, categoryPath, parseCatalogueQuery } from './catalogue.tsx';
import { clock } from './course-messages.ts';

const node = (id: number, categoryName: string, childrenList: CategoryNode[] = []): CategoryNode => ({
  id,
  categoryName,
  isLeaf: childrenList.length === 0,
  childrenList,
});

describe('the catalogue address', () => {
  it('reads its filters, leaving out what is malformed', () => {
    expect(
      parseCatalogueQuery(new URLSearchParams('categoryId=4&keyword=%20Excel%20&lecturerId=7&sortType=2&page=3')),
    ).toEqual({
      categoryId: 4,
      keyword: 'Excel',
      lecturerId: 7,
      sortType: 2,
      page: 3,
    });
    expect(parseCatalogueQuery(new URLSearchParams('categoryId=-1&lecturerId=1.5&sortType=9&page=0&keyword='))).toEqual(
      {
        categoryId: undefined,
        keyword: '',
        lecturerId: undefined,
        sortType: 1,
        page: 1,
      },
    );
    expect(parseCatalogueQuery(new URLSearchParams(`keyword=${'x'.repeat(60)}&categoryId=99999999999`))).toMatchObject({
      keyword: 'x'.repeat(50),
      categoryId: undefined,
    });
  });

  it('writes a changed filter from page 1, and leaves defaults out', () => {
    const query = parseCatalogueQuery(new URLSearchParams('categoryId=4&keyword=AI&page=3'));
    expect(catalogueHref('/knowledge', query, { sortType: 2 })).toBe('/knowledge?categoryId=4&keyword=AI&sortType=2');
    expect(catalogueHref('/en/knowledge', query, { page: 2 })).toBe('/en/knowledge?categoryId=4&keyword=AI&page=2');
    expect(catalogueHref('/knowledge', query, { categoryId: undefined, keyword: '' })).toBe('/knowledge');
  });
});

describe('categoryPath', () => {
  const tree = [node(1, '通用能力'), node(2, '管理能力', [node(3, '领导力', [node(5, '教练')]), node(4, '团队管理')])];

  it('is the chain from a root down to the category', () => {
    expect(categoryPath(tree, 5).map((n) => n.id)).toEqual([2, 3, 5]);
    expect(categoryPath(tree, 2).map((n) => n.id)).toEqual([2]);
    expect(categoryPath(tree, 1).map((n) => n.id)).toEqual([1]);
  });

  it('is empty for no category or one not in the tree', () => {
    expect(categoryPath(tree, undefined)).toEqual([]);
    expect(categoryPath(tree, 42)).toEqual([]);
  });
});

describe('clock', () => {
  it('shows mm:ss, and h:mm:ss from an hour', () => {
    expect(clock(0)).toBe('00:00');
    expect(clock(59)).toBe('00:59');
    expect(clock(605)).toBe('10:05');
    expect(clock(3725)).toBe('1:02:05');
  });
});
