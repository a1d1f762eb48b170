import type { CategoryNode, Lang } from '@portal/contract';

export interface CategoryRow {
  id: number;
  parentId: number | null;
  name: string;
  nameEn: string;
}

/**
 * The rows of one type (in order) as the spec's tree: id, categoryName in the page's language
 * where the site gave one, childrenList, isLeaf. A row whose parent is not among them (another
 * type's or missing) stands at the top rather than being lost.
 */
export function presentCategoryTree(rows: CategoryRow[], lang: Lang): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      categoryName: lang === 'en' && r.nameEn ? r.nameEn : r.name,
      isLeaf: true,
      childrenList: [],
    });
  }
  const roots: CategoryNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId === null || r.parentId === r.id ? undefined : nodes.get(r.parentId);
    if (parent) {
      parent.childrenList.push(node);
      parent.isLeaf = false;
    } else {
      roots.push(node);
    }
  }
  return roots;
}
