import {
  Alert,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import {
  contentFields,
  deleteNews,
  deleteNewsCategory,
  saveNews,
  saveNewsCategory,
  setNewsPublished,
  viewAdminNews,
  type AdminNewsCategory,
  type AdminNewsRow,
} from '@portal/contract/calls/content-admin';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { CoverInput } from '../cover-input.tsx';
import { RichTextEditor } from '../rich-text-editor.tsx';
import { ServerTable } from '../server-table.tsx';
import type { TableQueryOptions } from '../table-query.ts';
import { emptyPage, FilterBar, useWrite, zodRule } from './content-kit.tsx';
import { contentMessages, timeOf, type ContentText } from './messages.ts';

/** The news table's state in the URL. */
export const NEWS_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [10, 20, 50, 100],
  sortable: ['publishedAt', 'viewCount', 'title'],
  filters: ['keyword', 'categoryId', 'status'],
};

type CategoryValues = { name: string; nameEn?: string; sort?: number };

/** The categories card: add, rename, reorder, delete when unused. */
function Categories({ categories, t }: { categories: AdminNewsCategory[]; t: ContentText }) {
  const lang = useLang();
  const fields = useMemo(() => contentFields(lang), [lang]);
  const write = useWrite();
  const [editing, setEditing] = useState<AdminNewsCategory | 'new' | null>(null);
  const [form] = Form.useForm<CategoryValues>();
  const hydrated = useHydrated();
  const open = (c: AdminNewsCategory | 'new') => {
    setEditing(c);
    form.setFieldsValue(c === 'new' ? { name: '', nameEn: '', sort: 0 } : c);
  };
  const submit = async (v: CategoryValues) => {
    const id = editing !== 'new' && editing ? editing.id : undefined;
    const done = await write(
      saveNewsCategory,
      { ...(id ? { id } : {}), name: v.name, nameEn: v.nameEn ?? '', sort: v.sort ?? 0 },
      t.saved,
    );
    if (done) setEditing(null);
  };
  const columns: ColumnsType<AdminNewsCategory> = [
    { key: 'name', title: t.name, dataIndex: 'name' },
    { key: 'nameEn', title: t.nameEn, dataIndex: 'nameEn' },
    { key: 'sort', title: t.sort, dataIndex: 'sort', width: 80 },
    { key: 'newsCount', title: t.newsCount, dataIndex: 'newsCount', width: 90 },
    {
      key: 'actions',
      title: t.actions,
      width: 140,
      render: (_, c) => (
        <Space>
          <Button type="link" size="small" onClick={() => open(c)}>
            {t.edit}
          </Button>
          <Popconfirm title={t.confirmDelete} onConfirm={() => write(deleteNewsCategory, { id: c.id }, t.deleted)}>
            <Button type="link" size="small" danger>
              {t.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card
      size="small"
      title={t.newsCategories}
      extra={
        <Button size="small" onClick={() => open('new')}>
          {t.addCategory}
        </Button>
      }
      style={{ marginBottom: 24 }}
    >
      <Table<AdminNewsCategory> rowKey="id" size="small" pagination={false} columns={columns} dataSource={categories} />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t.addCategory : t.edit}
        okText={t.save}
        cancelText={t.cancel}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        // Mounted with the page so that its form takes values before it first opens, but only once
        // hydrated: a portal the server did not render fails hydration and React renders the page
        // again, dropping a click made meanwhile.
        forceRender={hydrated}
      >
        <Form<CategoryValues> name="news-category" form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="name" label={t.name} required rules={[zodRule(fields.categoryName)]}>
            <Input />
          </Form.Item>
          <Form.Item name="nameEn" label={t.nameEn} rules={[zodRule(fields.categoryNameEn)]}>
            <Input />
          </Form.Item>
          <Form.Item name="sort" label={t.sort}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

type NewsValues = {
  title: string;
  categoryId?: number;
  summary?: string;
  author?: string;
  coverUrl?: string;
  content: string;
  publishedAt?: Dayjs | null;
  published?: boolean;
};

/** The article editor: a drawer with the form and the rich-text editor. */
function NewsEditor({
  id,
  categories,
  onClose,
  t,
}: {
  id: number | 'new' | null;
  categories: AdminNewsCategory[];
  onClose: () => void;
  t: ContentText;
}) {
  const lang = useLang();
  const fields = useMemo(() => contentFields(lang), [lang]);
  const write = useWrite();
  const [form] = Form.useForm<NewsValues>();
  const hydrated = useHydrated();
  // One save at a time: a second click while the first is on its way would add the item twice.
  const [saving, setSaving] = useState(false);
  const [loadedFor, setLoadedFor] = useState<number | 'new' | null>(null);
  if (id !== loadedFor) {
    setLoadedFor(id);
    if (id === 'new') form.resetFields();
    else if (id !== null) {
      void request(viewAdminNews, { id }).then((n) => form.setFieldsValue({ ...n, publishedAt: dayjs(n.publishedAt) }));
    }
  }
  const submit = async (v: NewsValues) => {
    const input = {
      ...(typeof id === 'number' ? { id } : {}),
      categoryId: v.categoryId!,
      title: v.title,
      summary: v.summary ?? '',
      author: v.author ?? '',
      coverUrl: v.coverUrl ?? '',
      content: v.content ?? '',
      published: v.published ?? false,
      ...(v.publishedAt ? { publishedAt: v.publishedAt.toISOString() } : {}),
    };
    setSaving(true);
    try {
      if (await write(saveNews, input, t.saved)) onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Drawer
      open={id !== null}
      size={820}
      title={id === 'new' ? t.addNews : t.edit}
      onClose={onClose}
      destroyOnHidden={false}
      // Mounted with the page so that its form takes values before it first opens, but only once
      // hydrated: a portal the server did not render fails hydration and React renders the page
      // again, dropping a click made meanwhile.
      forceRender={hydrated}
      extra={
        <Space>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t.save}
          </Button>
        </Space>
      }
    >
      <Form<NewsValues>
        name="news"
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ published: false }}
      >
        <Form.Item name="title" label={t.title} required rules={[zodRule(fields.newsTitle)]}>
          <Input />
        </Form.Item>
        <Form.Item name="categoryId" label={t.category} required rules={[zodRule(fields.categoryId)]}>
          <Select options={categories.map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
        <Form.Item name="coverUrl" label={t.cover}>
          <CoverInput texts={t} />
        </Form.Item>
        <Form.Item name="summary" label={t.summary} rules={[zodRule(fields.summary)]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Space size="large" wrap align="end">
          <Form.Item name="author" label={t.author} rules={[zodRule(fields.author)]}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="publishedAt" label={t.publishedAt}>
            <DatePicker showTime />
          </Form.Item>
          <Form.Item name="published" valuePropName="checked">
            <Checkbox>{t.publishNow}</Checkbox>
          </Form.Item>
        </Space>
        <Form.Item name="content" label={t.body} required rules={[zodRule(fields.content)]}>
          <RichTextEditor label={t.body} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** /crm/news: the categories, the news list (server-paged) and the article editor. */
export function NewsAdminView({
  page,
  categories,
  error,
}: {
  page: Page<AdminNewsRow> | null;
  categories: AdminNewsCategory[];
  error: string | null;
}) {
  const t = useMessages(contentMessages);
  const write = useWrite();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const columns: ColumnsType<AdminNewsRow> = [
    { key: 'title', title: t.title, dataIndex: 'title', sorter: true },
    { key: 'category', title: t.category, dataIndex: 'categoryName', width: 140 },
    {
      key: 'status',
      title: t.status,
      width: 100,
      render: (_, n) => (n.published ? <Tag>{t.published}</Tag> : <Tag>{t.draft}</Tag>),
    },
    { key: 'publishedAt', title: t.publishedAt, dataIndex: 'publishedAt', sorter: true, width: 160, render: timeOf },
    { key: 'viewCount', title: t.views, dataIndex: 'viewCount', sorter: true, width: 100 },
    {
      key: 'actions',
      title: t.actions,
      width: 200,
      render: (_, n) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(n.id)}>
            {t.edit}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => write(setNewsPublished, { id: n.id, published: !n.published }, t.done)}
          >
            {n.published ? t.unpublish : t.publish}
          </Button>
          <Popconfirm title={t.confirmDelete} onConfirm={() => write(deleteNews, { id: n.id }, t.deleted)}>
            <Button type="link" size="small" danger>
              {t.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <Typography.Title level={4}>{t.news}</Typography.Title>
      <Categories categories={categories} t={t} />
      <FilterBar
        table={NEWS_TABLE}
        texts={t}
        fields={[
          { name: 'keyword', label: t.keyword },
          {
            name: 'categoryId',
            label: t.category,
            placeholder: t.allCategories,
            options: categories.map((c) => ({ value: String(c.id), label: c.name })),
          },
          {
            name: 'status',
            label: t.status,
            placeholder: t.all,
            options: [
              { value: 'published', label: t.published },
              { value: 'draft', label: t.draft },
            ],
          },
        ]}
        extra={
          <Button type="primary" ghost onClick={() => setEditing('new')}>
            {t.addNews}
          </Button>
        }
      />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <ServerTable<AdminNewsRow>
        rowKey="id"
        columns={columns}
        page={page ?? emptyPage<AdminNewsRow>(NEWS_TABLE.defaultSize)}
        query={NEWS_TABLE}
      />
      <NewsEditor id={editing} categories={categories} onClose={() => setEditing(null)} t={t} />
    </>
  );
}
