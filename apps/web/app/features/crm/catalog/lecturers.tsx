import {
  Alert,
  App,
  Avatar,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import {
  createLecturer,
  deleteLecturer,
  editLecturer,
  findAdminLecturerCourses,
  lecturerFormFor,
  viewAdminLecturer,
  type AdminLecturer,
  type LecturerForm,
} from '@portal/contract/calls/lecturer';
import { AVATAR_MAX_BYTES, IMAGE_TYPES, uploadPic } from '@portal/contract/calls/upload';
import type { Page } from '@portal/contract/envelope';
import { request, upload } from '../../../lib/api.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { useLoad } from '../../../lib/use-call.ts';
import { FormDialog } from '../../antd/form-dialog.tsx';
import { crmMessages } from '../messages.ts';
import { RichTextEditor } from '../rich-text-editor.tsx';
import { ServerTable } from '../server-table.tsx';
import { readTableQuery, writeTableQuery, type TableQueryOptions } from '../table-query.ts';
import { catalogMessages, type CatalogText } from './catalog-messages.ts';
import { zodRule } from './zod-rule.ts';

/** The lecturers' table state in the URL (their order is the site's: sort, then id). */
export const LECTURER_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [10, 20, 50, 100],
  sortable: [],
  filters: ['keyword', 'rankId', 'published'],
};

type Rank = { id: number; name: string };
type Editing = { id: number | null } | null;

function LecturerFilters({ t, ranks }: { t: CatalogText; ranks: Rank[] }) {
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, LECTURER_TABLE);
  const f = state.filters;
  type Values = { keyword?: string; rankId?: number | null; published?: string | null };
  const apply = (v: Values) => {
    const filters: Record<string, string> = {};
    if (v.keyword?.trim()) filters.keyword = v.keyword.trim();
    if (v.rankId) filters.rankId = String(v.rankId);
    if (v.published) filters.published = v.published;
    setParams(writeTableQuery({ ...state, filters, pageCurrent: 1 }, LECTURER_TABLE));
  };
  return (
    <Form<Values>
      layout="inline"
      key={params.toString()}
      initialValues={{ keyword: f.keyword, rankId: f.rankId ? Number(f.rankId) : null, published: f.published ?? null }}
      onFinish={apply}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      <Form.Item name="keyword" label={t.keyword}>
        <Input allowClear style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="rankId" label={t.rank}>
        <Select
          allowClear
          placeholder={t.all}
          style={{ width: 140 }}
          options={ranks.map((r) => ({ value: r.id, label: r.name }))}
        />
      </Form.Item>
      <Form.Item name="published" label={t.state}>
        <Select
          allowClear
          placeholder={t.all}
          style={{ width: 120 }}
          options={[
            { value: '1', label: t.shown },
            { value: '0', label: t.hidden },
          ]}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t.search}
          </Button>
          <Button onClick={() => setParams(new URLSearchParams())}>{t.reset}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** The photo field: the picture upload call, its address kept in the form. */
function PhotoInput({ value, onChange, t }: { value?: string; onChange?: (v: string) => void; t: CatalogText }) {
  const [busy, setBusy] = useState(false);
  return (
    <Space align="center">
      <Avatar size={64} src={value || undefined} alt={t.photo} shape="square">
        {value ? null : t.photo}
      </Avatar>
      <Upload
        accept={IMAGE_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          if (file.size > AVATAR_MAX_BYTES) return Upload.LIST_IGNORE;
          setBusy(true);
          upload(uploadPic, file, { field: 'picFile', filename: file.name })
            .then((r) => onChange?.(r.url))
            .catch(() => undefined)
            .finally(() => setBusy(false));
          return false;
        }}
      >
        <Button loading={busy}>{t.uploadPhoto}</Button>
      </Upload>
      {value ? (
        <Button type="link" onClick={() => onChange?.('')}>
          {t.removePhoto}
        </Button>
      ) : null}
      <Typography.Text type="secondary">{t.photoHint}</Typography.Text>
    </Space>
  );
}

function LecturerDialog({
  editing,
  ranks,
  t,
  onClose,
  onSaved,
}: {
  editing: Editing;
  ranks: Rank[];
  t: CatalogText;
  onClose: () => void;
  onSaved: () => void;
}) {
  const lang = useLang();
  const [form] = Form.useForm<LecturerForm>();
  const rules = lecturerFormFor(lang).shape;
  const id = editing?.id ?? null;
  const loaded = useLoad(
    (signal) => (id === null ? Promise.resolve(null) : request(viewAdminLecturer, { id }, { signal })),
    [id],
  );
  const initial = loaded.data && loaded.data.id === id ? loaded.data : null;
  const loading = id !== null && !initial;
  return (
    <FormDialog<LecturerForm>
      title={id === null ? t.addLecturer : t.editLecturer}
      open={editing !== null}
      width={720}
      form={form}
      name="lecturer"
      key={`${id}:${initial ? 1 : 0}`}
      loading={loading}
      initialValues={
        initial
          ? {
              name: initial.name,
              title: initial.title,
              organization: initial.organization,
              rankId: initial.rankId,
              avatarUrl: initial.avatarUrl,
              intro: initial.intro,
              sort: initial.sort,
              published: initial.published,
              featured: initial.featured,
            }
          : { rankId: null, avatarUrl: '', intro: '', sort: 0, published: true, featured: false }
      }
      okText={t.save}
      cancelText={t.cancel}
      onClose={onClose}
      onSubmit={async (v) => {
        const input = { ...v, rankId: v.rankId ?? null, intro: v.intro ?? '', avatarUrl: v.avatarUrl ?? '' };
        if (id === null) await request(createLecturer, input);
        else await request(editLecturer, { ...input, id });
        onSaved();
      }}
    >
      <Form.Item name="name" label={t.lecturerName} required rules={[zodRule(rules.name)]}>
        <Input />
      </Form.Item>
      <Space size="large" style={{ display: 'flex' }} wrap>
        <Form.Item name="title" label={t.lecturerTitle} rules={[zodRule(rules.title)]}>
          <Input style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="organization" label={t.organization} rules={[zodRule(rules.organization)]}>
          <Input style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="rankId" label={t.rank}>
          <Select
            style={{ width: 160 }}
            options={[{ value: null, label: t.noRank }, ...ranks.map((r) => ({ value: r.id, label: r.name }))]}
          />
        </Form.Item>
      </Space>
      <Form.Item name="avatarUrl" label={t.photo}>
        <PhotoInput t={t} />
      </Form.Item>
      <Form.Item name="intro" label={t.intro} rules={[zodRule(rules.intro)]}>
        <RichTextEditor minHeight={110} label={t.intro} />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="sort" label={t.sort} rules={[zodRule(rules.sort)]}>
          <InputNumber min={0} precision={0} />
        </Form.Item>
        <Form.Item name="published" label={t.shown} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="featured" label={t.featured} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
    </FormDialog>
  );
}

/** A lecturer's courses (any state), paged in the drawer. */
function LecturerCourses({
  lecturer,
  t,
  onClose,
}: {
  lecturer: AdminLecturer | null;
  t: CatalogText;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const id = lecturer?.id ?? null;
  const courses = useLoad(
    (signal) =>
      id === null
        ? Promise.resolve(null)
        : request(findAdminLecturerCourses, { id, pageCurrent: page, pageSize: 10 }, { signal }),
    [id, page],
  );
  return (
    <Drawer
      open={lecturer !== null}
      onClose={onClose}
      size={640}
      title={lecturer ? format(t.coursesOf, { name: lecturer.name }) : ''}
    >
      <Table
        rowKey="id"
        size="small"
        loading={courses.loading}
        dataSource={courses.data?.list ?? []}
        locale={{ emptyText: t.noCourses }}
        pagination={{ current: page, pageSize: 10, total: courses.data?.totalCount ?? 0, onChange: setPage }}
        columns={[
          { key: 'title', title: t.courses, dataIndex: 'title' },
          { key: 'category', title: t.category, dataIndex: 'categoryName' },
          {
            key: 'published',
            title: t.state,
            dataIndex: 'published',
            render: (p: boolean) => (p ? <Tag color="green">{t.published}</Tag> : <Tag>{t.unpublished}</Tag>),
          },
          { key: 'learners', title: t.learnerCount, dataIndex: 'learnerCount' },
        ]}
      />
    </Drawer>
  );
}

/** /crm/lecturers: the enterprise's lecturers (decision 040). */
export function LecturersView({
  page,
  ranks,
  error,
}: {
  page: Page<AdminLecturer> | null;
  ranks: Rank[];
  error: string | null;
}) {
  const t = useMessages(catalogMessages);
  const crm = useMessages(crmMessages);
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<Editing>(null);
  const [coursesOf, setCoursesOf] = useState<AdminLecturer | null>(null);
  const remove = async (l: AdminLecturer) => {
    try {
      await request(deleteLecturer, { id: l.id });
      void message.success(t.deleted);
      void revalidator.revalidate();
    } catch {
      // The request layer showed why (9252: the lecturer still teaches).
    }
  };
  const columns: ColumnsType<AdminLecturer> = [
    {
      key: 'name',
      title: t.lecturerName,
      render: (_, l) => (
        <Space>
          <Avatar src={l.avatarUrl || undefined} alt={l.name}>
            {l.name.slice(0, 1)}
          </Avatar>
          <span>
            {l.name}
            {l.title ? <Typography.Text type="secondary"> · {l.title}</Typography.Text> : null}
          </span>
        </Space>
      ),
    },
    { key: 'rank', title: t.rank, dataIndex: 'rankName' },
    { key: 'sort', title: t.sort, dataIndex: 'sort', width: 80 },
    {
      key: 'published',
      title: t.state,
      render: (_, l) => (
        <Space size={4}>
          {l.published ? <Tag color="green">{t.shown}</Tag> : <Tag>{t.hidden}</Tag>}
          {l.featured ? <Tag color="blue">{t.featured}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'courses',
      title: t.courseCount,
      render: (_, l) => (
        <Button type="link" size="small" onClick={() => setCoursesOf(l)}>
          {l.courseCount}
        </Button>
      ),
    },
    {
      key: 'actions',
      title: t.actions,
      render: (_, l) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ id: l.id })}>
            {t.edit}
          </Button>
          <Popconfirm
            title={format(t.confirmDelete, { name: l.name })}
            okText={t.delete}
            cancelText={t.cancel}
            onConfirm={() => remove(l)}
          >
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
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{crm.lecturers}</Typography.Title>
        <Button type="primary" onClick={() => setEditing({ id: null })}>
          {t.addLecturer}
        </Button>
      </Space>
      <LecturerFilters t={t} ranks={ranks} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <ServerTable<AdminLecturer>
        rowKey="id"
        columns={columns}
        page={page ?? { pageCurrent: 1, pageSize: LECTURER_TABLE.defaultSize, totalCount: 0, list: [] }}
        query={LECTURER_TABLE}
      />
      <LecturerDialog
        editing={editing}
        ranks={ranks}
        t={t}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void message.success(t.saved);
          void revalidator.revalidate();
        }}
      />
      <LecturerCourses lecturer={coursesOf} t={t} onClose={() => setCoursesOf(null)} />
    </>
  );
}
