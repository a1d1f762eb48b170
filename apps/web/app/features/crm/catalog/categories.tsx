import {
  Alert,
  App,
  Button,
  Empty,
  Form,
  Input,
  Popconfirm,
  Segmented,
  Space,
  Tag,
  Tree,
  TreeSelect,
  Typography,
} from 'antd';
import type { TreeProps } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import {
  CATEGORY_DEPTH_MAX,
  CategoryType,
  categoryNamesFor,
  createCategory,
  deleteCategory,
  moveCategory,
  renameCategory,
  type AdminCategoryNode,
} from '@portal/contract/calls/category';
import { request } from '../../../lib/api.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { FormDialog } from '../../antd/form-dialog.tsx';
import { crmMessages } from '../messages.ts';
import { catalogMessages, type CatalogText } from './catalog-messages.ts';
import { zodRule } from './zod-rule.ts';

/** The types this page keeps (the `categories` table; news categories are the news pages'). */
export const CATEGORY_TYPES = [CategoryType.COURSE, CategoryType.TALENT_BUSINESS] as const;

/** The type in the URL (`?type=14`), course categories by default. */
export function categoryTypeOf(params: URLSearchParams): number {
  const type = Number(params.get('type'));
  return (CATEGORY_TYPES as readonly number[]).includes(type) ? type : CategoryType.COURSE;
}

type Names = { name: string; nameEn: string };
type Dialog =
  | { kind: 'add'; parentId: number | null }
  | { kind: 'rename'; node: AdminCategoryNode }
  | { kind: 'move'; node: AdminCategoryNode }
  | null;

/** Where each category is: its parent and its level's ids in order. */
function indexTree(roots: AdminCategoryNode[]) {
  const parentOf = new Map<number, number | null>();
  const levelOf = new Map<number | null, number[]>([[null, roots.map((n) => n.id)]]);
  const depthOf = new Map<number, number>();
  const heightOf = (n: AdminCategoryNode): number => 1 + Math.max(0, ...n.children.map(heightOf));
  const walk = (nodes: AdminCategoryNode[], parent: number | null, depth: number) => {
    for (const n of nodes) {
      parentOf.set(n.id, parent);
      depthOf.set(n.id, depth);
      levelOf.set(
        n.id,
        n.children.map((c) => c.id),
      );
      walk(n.children, n.id, depth + 1);
    }
  };
  walk(roots, null, 1);
  return { parentOf, levelOf, depthOf, heightOf };
}

function NamesDialog({
  dialog,
  t,
  onClose,
  onSubmit,
}: {
  dialog: Dialog;
  t: CatalogText;
  onClose: () => void;
  onSubmit: (v: Names) => Promise<void>;
}) {
  const lang = useLang();
  const rules = categoryNamesFor(lang);
  const [form] = Form.useForm<Names>();
  const open = dialog?.kind === 'add' || dialog?.kind === 'rename';
  const node = dialog?.kind === 'rename' ? dialog.node : null;
  return (
    <FormDialog<Names>
      title={node ? t.renameCategory : t.addCategory}
      open={open}
      form={form}
      name="category"
      key={node ? `rename-${node.id}` : `add-${dialog?.kind === 'add' ? dialog.parentId : ''}`}
      initialValues={node ? { name: node.name, nameEn: node.nameEn } : { name: '', nameEn: '' }}
      okText={t.save}
      cancelText={t.cancel}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <Form.Item name="name" label={t.name} required rules={[zodRule(rules.name)]}>
        <Input />
      </Form.Item>
      <Form.Item name="nameEn" label={t.nameEn} rules={[zodRule(rules.nameEn)]}>
        <Input />
      </Form.Item>
    </FormDialog>
  );
}

/** /crm/categories: one type's tree; drag, the buttons or 移动到 to move and reorder (decision 040). */
export function CategoriesView({
  tree,
  categoryType,
  error,
}: {
  tree: AdminCategoryNode[];
  categoryType: number;
  error: string | null;
}) {
  const t = useMessages(catalogMessages);
  const crm = useMessages(crmMessages);
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const [, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [moveTo, setMoveTo] = useState<number | null>(null);
  const [moveForm] = Form.useForm<Record<string, never>>();
  const index = useMemo(() => indexTree(tree), [tree]);

  const done = (text: string) => {
    void message.success(text);
    void revalidator.revalidate();
  };
  /** Runs a change; a refusal was shown by the request layer. */
  const attempt = async (change: () => Promise<unknown>, text = t.saved) => {
    try {
      await change();
      done(text);
      return true;
    } catch {
      return false;
    }
  };
  const move = (id: number, parentId: number | null, position: number) =>
    attempt(() => request(moveCategory, { id, parentId, position }));

  const shift = (node: AdminCategoryNode, by: -1 | 1) => {
    const parent = index.parentOf.get(node.id) ?? null;
    const level = index.levelOf.get(parent) ?? [];
    const at = level.indexOf(node.id) + by;
    if (at >= 0 && at < level.length) void move(node.id, parent, at);
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragged = Number(info.dragNode.key);
    const target = Number(info.node.key);
    if (!info.dropToGap) {
      void move(dragged, target, 0);
      return;
    }
    const parent = index.parentOf.get(target) ?? null;
    const level = (index.levelOf.get(parent) ?? []).filter((id) => id !== dragged);
    const relative = info.dropPosition - Number(String(info.node.pos).split('-').pop());
    const at = level.indexOf(target) + (relative < 0 ? 0 : 1);
    void move(dragged, parent, Math.max(0, at));
  };

  const title = (node: AdminCategoryNode) => {
    const depth = index.depthOf.get(node.id) ?? 1;
    const level = index.levelOf.get(index.parentOf.get(node.id) ?? null) ?? [];
    const at = level.indexOf(node.id);
    return (
      <Space size={4} wrap>
        <span>{node.name}</span>
        {node.nameEn ? <Typography.Text type="secondary">{node.nameEn}</Typography.Text> : null}
        {node.courseCount > 0 ? (
          <Tag>
            {t.courseCount}: {node.courseCount}
          </Tag>
        ) : null}
        <span onClick={(e) => e.stopPropagation()} style={{ marginInlineStart: 8 }}>
          {depth < CATEGORY_DEPTH_MAX ? (
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'add', parentId: node.id })}>
              {t.addChild}
            </Button>
          ) : null}
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'rename', node })}>
            {t.rename}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => {
              setMoveTo(index.parentOf.get(node.id) ?? null);
              setDialog({ kind: 'move', node });
            }}
          >
            {t.moveTo}
          </Button>
          <Button type="link" size="small" disabled={at <= 0} onClick={() => shift(node, -1)}>
            {t.moveUp}
          </Button>
          <Button type="link" size="small" disabled={at < 0 || at >= level.length - 1} onClick={() => shift(node, 1)}>
            {t.moveDown}
          </Button>
          <Popconfirm
            title={format(t.confirmDelete, { name: node.name })}
            okText={t.delete}
            cancelText={t.cancel}
            onConfirm={() => attempt(() => request(deleteCategory, { id: node.id }), t.deleted)}
          >
            <Button type="link" size="small" danger>
              {t.delete}
            </Button>
          </Popconfirm>
        </span>
      </Space>
    );
  };

  type TreeNode = { key: number; title: ReactNode; children: TreeNode[] };
  const toTree = (nodes: AdminCategoryNode[]): TreeNode[] =>
    nodes.map((n) => ({ key: n.id, title: title(n), children: toTree(n.children) }));
  /** Where the category being moved may go: any category but itself and those below it, not too deep. */
  const moving = dialog?.kind === 'move' ? dialog.node : null;
  type Choice = { value: number; title: string; children: Choice[]; disabled?: boolean };
  const choices = (nodes: AdminCategoryNode[]): Choice[] =>
    nodes
      .filter((n) => n.id !== moving?.id)
      .map((n) => ({
        value: n.id,
        title: n.name,
        disabled: moving ? (index.depthOf.get(n.id) ?? 1) + index.heightOf(moving) > CATEGORY_DEPTH_MAX : false,
        children: choices(n.children),
      }));

  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={4}>{crm.categories}</Typography.Title>
        <Button type="primary" onClick={() => setDialog({ kind: 'add', parentId: null })}>
          {t.addTop}
        </Button>
      </Space>
      <Space style={{ marginBottom: 16 }} wrap>
        <span>{t.categoryType}</span>
        <Segmented
          value={categoryType}
          onChange={(v) =>
            setParams(v === CategoryType.COURSE ? new URLSearchParams() : new URLSearchParams({ type: String(v) }))
          }
          options={[
            { value: CategoryType.COURSE, label: t.courseCategories },
            { value: CategoryType.TALENT_BUSINESS, label: t.talentCategories },
          ]}
        />
      </Space>
      <Typography.Paragraph type="secondary">{t.dragHint}</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {tree.length === 0 ? (
        <Empty description={t.noCategories} />
      ) : (
        <Tree<TreeNode>
          blockNode
          draggable={{ icon: false }}
          defaultExpandAll
          selectable={false}
          treeData={toTree(tree)}
          onDrop={onDrop}
        />
      )}
      <NamesDialog
        dialog={dialog}
        t={t}
        onClose={() => setDialog(null)}
        onSubmit={async (v) => {
          const names = { name: v.name, nameEn: v.nameEn ?? '' };
          if (dialog?.kind === 'rename') await request(renameCategory, { id: dialog.node.id, ...names });
          else
            await request(createCategory, {
              categoryType,
              parentId: dialog?.kind === 'add' ? dialog.parentId : null,
              ...names,
            });
          setDialog(null);
          done(t.saved);
        }}
      />
      <FormDialog
        title={t.moveCategory}
        open={moving !== null}
        form={moveForm}
        name="move-category"
        key={moving?.id ?? 'none'}
        okText={t.save}
        cancelText={t.cancel}
        onClose={() => setDialog(null)}
        onSubmit={async () => {
          if (!moving) return;
          const last = (index.levelOf.get(moveTo) ?? []).filter((id) => id !== moving.id).length;
          await request(moveCategory, { id: moving.id, parentId: moveTo, position: last });
          setDialog(null);
          done(t.saved);
        }}
      >
        <Form.Item label={t.parent}>
          <TreeSelect<number | null>
            value={moveTo ?? -1}
            onChange={(v) => setMoveTo(v === -1 || v === null ? null : v)}
            treeDefaultExpandAll
            treeData={[{ value: -1, title: t.topLevel, children: [] }, ...choices(tree)]}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </FormDialog>
    </>
  );
}
