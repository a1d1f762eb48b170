import type { DepartmentNode } from '@portal/contract/calls/people';

/** A department with its children, as antd's Tree and TreeSelect take it. */
export interface DepartmentTreeNode {
  key: number;
  value: number;
  title: string;
  node: DepartmentNode;
  children: DepartmentTreeNode[];
  disabled?: boolean;
}

/** The server's flat list (a parent before its children) as a tree, named in the page's language. */
export function toTree(list: readonly DepartmentNode[], lang: 'zh' | 'en', label?: (d: DepartmentNode) => string) {
  const byId = new Map<number, DepartmentTreeNode>();
  const roots: DepartmentTreeNode[] = [];
  for (const d of list) {
    const name = lang === 'en' && d.nameEn ? d.nameEn : d.name;
    const item: DepartmentTreeNode = { key: d.id, value: d.id, title: label ? label(d) : name, node: d, children: [] };
    byId.set(d.id, item);
    const parent = d.parentId === null ? undefined : byId.get(d.parentId);
    if (parent) parent.children.push(item);
    else roots.push(item);
  }
  return roots;
}

/** A department's id and every id below it. */
export function subtreeOf(list: readonly DepartmentNode[], id: number): Set<number> {
  const out = new Set([id]);
  // The list is parent-first: one pass finds every descendant.
  for (const d of list) if (d.parentId !== null && out.has(d.parentId)) out.add(d.id);
  return out;
}

/** The tree with `blocked` ids disabled (a department cannot go under itself or below it). */
export function withDisabled(nodes: DepartmentTreeNode[], blocked: Set<number>): DepartmentTreeNode[] {
  return nodes.map((n) => ({ ...n, disabled: blocked.has(n.key), children: withDisabled(n.children, blocked) }));
}
