import {
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Drawer,
  Form,
  Input,
  Popconfirm,
  Radio,
  Space,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import {
  contentFields,
  deleteAnnouncement,
  saveAnnouncement,
  setAnnouncementPublished,
  viewAdminAnnouncement,
  type AdminAnnouncementRow,
} from '@portal/contract/calls/content-admin';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { RichTextEditor } from '../rich-text-editor.tsx';
import { ServerTable } from '../server-table.tsx';
import type { TableQueryOptions } from '../table-query.ts';
import { emptyPage, FilterBar, useWrite, zodRule } from './content-kit.tsx';
import { contentMessages, timeOf, type ContentText } from './messages.ts';

export const ANNOUNCEMENT_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [10, 20, 50, 100],
  sortable: [],
  filters: ['keyword', 'status'],
};

export interface Department {
  id: number;
  name: string;
  parentId: number | null;
}

interface TreeNode {
  value: number;
  title: string;
  children: TreeNode[];
}

/** The department tree for the audience picker. */
function treeOf(departments: Department[]): TreeNode[] {
  const nodes = new Map(departments.map((d) => [d.id, { value: d.id, title: d.name, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const d of departments) {
    const parent = d.parentId === null ? undefined : nodes.get(d.parentId);
    (parent ? parent.children : roots).push(nodes.get(d.id)!);
  }
  return roots;
}

type Values = {
  title: string;
  content: string;
  audience: 'all' | 'departments';
  departmentIds?: number[];
  popup?: boolean;
  commentOpen?: boolean;
  published?: boolean;
  publishedAt?: Dayjs | null;
};

function AnnouncementEditor({
  id,
  departments,
  onClose,
  t,
}: {
  id: number | 'new' | null;
  departments: Department[];
  onClose: () => void;
  t: ContentText;
}) {
  const lang = useLang();
  const fields = useMemo(() => contentFields(lang), [lang]);
  const tree = useMemo(() => treeOf(departments), [departments]);
  const write = useWrite();
  const [form] = Form.useForm<Values>();
  const hydrated = useHydrated();
  // One save at a time: a second click while the first is on its way would add the item twice.
  const [saving, setSaving] = useState(false);
  const audience = Form.useWatch('audience', form);
  const [loadedFor, setLoadedFor] = useState<number | 'new' | null>(null);
  if (id !== loadedFor) {
    setLoadedFor(id);
    if (id === 'new') form.resetFields();
    else if (id !== null) {
      void request(viewAdminAnnouncement, { id }).then((a) =>
        form.setFieldsValue({
          ...a,
          publishedAt: dayjs(a.publishedAt),
          audience: a.departments.length ? 'departments' : 'all',
          departmentIds: a.departments.map((d) => d.id),
        }),
      );
    }
  }
  const submit = async (v: Values) => {
    const input = {
      ...(typeof id === 'number' ? { id } : {}),
      title: v.title,
      content: v.content ?? '',
      popup: v.popup ?? false,
      commentOpen: v.commentOpen ?? true,
      published: v.published ?? false,
      departmentIds: v.audience === 'departments' ? (v.departmentIds ?? []) : [],
      ...(v.publishedAt ? { publishedAt: v.publishedAt.toISOString() } : {}),
    };
    setSaving(true);
    try {
      if (await write(saveAnnouncement, input, t.saved)) onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Drawer
      open={id !== null}
      size={820}
      title={id === 'new' ? t.addAnnouncement : t.edit}
      onClose={onClose}
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
      <Form<Values>
        name="announcement"
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ audience: 'all', commentOpen: true, popup: false, published: false }}
      >
        <Form.Item name="title" label={t.title} required rules={[zodRule(fields.announcementTitle)]}>
          <Input />
        </Form.Item>
        <Form.Item name="audience" label={t.audience}>
          <Radio.Group
            options={[
              { value: 'all', label: t.everyone },
              { value: 'departments', label: t.departments },
            ]}
          />
        </Form.Item>
        {audience === 'departments' && (
          <Form.Item name="departmentIds" label={t.departments} rules={[{ required: true, message: t.departments }]}>
            <TreeSelect treeData={tree} multiple treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
          </Form.Item>
        )}
        <Space size="large" wrap align="end">
          <Form.Item name="publishedAt" label={t.publishedAt}>
            <DatePicker showTime />
          </Form.Item>
          <Form.Item name="popup" valuePropName="checked">
            <Checkbox>{t.popup}</Checkbox>
          </Form.Item>
          <Form.Item name="commentOpen" valuePropName="checked">
            <Checkbox>{t.commentOpen}</Checkbox>
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

/** /crm/announcements: announcements and notices, to everyone or to departments. */
export function AnnouncementsAdminView({
  page,
  departments,
  error,
}: {
  page: Page<AdminAnnouncementRow> | null;
  departments: Department[];
  error: string | null;
}) {
  const t = useMessages(contentMessages);
  const write = useWrite();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const columns: ColumnsType<AdminAnnouncementRow> = [
    { key: 'title', title: t.title, dataIndex: 'title' },
    {
      key: 'audience',
      title: t.audience,
      render: (_, a) => (a.departments.length ? a.departments.map((d) => d.name).join('、') : t.everyone),
    },
    {
      key: 'status',
      title: t.status,
      width: 100,
      render: (_, a) => (a.published ? <Tag>{t.published}</Tag> : <Tag>{t.draft}</Tag>),
    },
    { key: 'publishedAt', title: t.publishedAt, dataIndex: 'publishedAt', width: 160, render: timeOf },
    {
      key: 'actions',
      title: t.actions,
      width: 200,
      render: (_, a) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(a.id)}>
            {t.edit}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => write(setAnnouncementPublished, { id: a.id, published: !a.published }, t.done)}
          >
            {a.published ? t.unpublish : t.publish}
          </Button>
          <Popconfirm title={t.confirmDelete} onConfirm={() => write(deleteAnnouncement, { id: a.id }, t.deleted)}>
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
      <Typography.Title level={4}>{t.announcements}</Typography.Title>
      <FilterBar
        table={ANNOUNCEMENT_TABLE}
        texts={t}
        fields={[
          { name: 'keyword', label: t.keyword },
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
            {t.addAnnouncement}
          </Button>
        }
      />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <ServerTable<AdminAnnouncementRow>
        rowKey="id"
        columns={columns}
        page={page ?? emptyPage<AdminAnnouncementRow>(ANNOUNCEMENT_TABLE.defaultSize)}
        query={ANNOUNCEMENT_TABLE}
      />
      <AnnouncementEditor id={editing} departments={departments} onClose={() => setEditing(null)} t={t} />
    </>
  );
}
