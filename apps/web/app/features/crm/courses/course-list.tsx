import { Alert, App, Button, Form, Input, Popconfirm, Select, Space, Tag, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { deleteAdminCourse, type AdminCourseRow } from '@portal/contract/calls/course-admin';
import type { CategoryNode } from '@portal/contract/calls/category';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { ServerTable } from '../server-table.tsx';
import { readTableQuery, writeTableQuery, type TableQueryOptions } from '../table-query.ts';
import { courseMessages } from './course-messages.ts';

/** The course list's state in the URL (decision 039): last changed first unless sorted. */
export const COURSE_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [10, 20, 50, 100],
  sortable: ['updatedAt', 'learnerCount', 'publishedAt'],
  filters: ['keyword', 'categoryId', 'status'],
};

interface TreeNode {
  value: number;
  title: string;
  children: TreeNode[];
}
/** The category tree as antd's TreeSelect takes it. */
export const categoryTree = (nodes: CategoryNode[]): TreeNode[] =>
  nodes.map((n) => ({ value: n.id, title: n.categoryName, children: categoryTree(n.childrenList) }));

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );

function CourseFilters({ categories }: { categories: CategoryNode[] }) {
  const t = useMessages(courseMessages);
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, COURSE_TABLE);
  const f = state.filters;
  type Values = { keyword?: string; categoryId?: number | null; status?: string | null };
  const apply = (v: Values) => {
    const filters: Record<string, string> = {};
    if (v.keyword?.trim()) filters.keyword = v.keyword.trim();
    if (v.categoryId) filters.categoryId = String(v.categoryId);
    if (v.status) filters.status = v.status;
    setParams(writeTableQuery({ ...state, filters, pageCurrent: 1 }, COURSE_TABLE));
  };
  return (
    <Form<Values>
      layout="inline"
      key={params.toString()}
      initialValues={{
        keyword: f.keyword,
        categoryId: f.categoryId ? Number(f.categoryId) : null,
        status: f.status ?? null,
      }}
      onFinish={apply}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      <Form.Item name="keyword" label={t.keyword}>
        <Input allowClear style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="categoryId" label={t.category}>
        <TreeSelect
          allowClear
          placeholder={t.allCategories}
          style={{ width: 180 }}
          treeData={categoryTree(categories)}
          treeDefaultExpandAll
        />
      </Form.Item>
      <Form.Item name="status" label={t.status}>
        <Select
          allowClear
          placeholder={t.allStatuses}
          style={{ width: 130 }}
          options={[
            { value: 'published', label: t.published },
            { value: 'unpublished', label: t.unpublished },
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

/** /crm/courses: the enterprise's courses, paged, sorted and filtered by the server. */
export function CourseListView({
  page,
  error,
  categories,
}: {
  page: Page<AdminCourseRow> | null;
  error: string | null;
  categories: CategoryNode[];
}) {
  const t = useMessages(courseMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const { revalidate } = useRevalidator();
  const remove = async (courseId: number) => {
    try {
      await request(deleteAdminCourse, { courseId });
      void message.success(t.saved);
      void revalidate();
    } catch {
      // The request layer has shown the reason (9209: unpublish it instead).
    }
  };
  const columns: ColumnsType<AdminCourseRow> = [
    {
      key: 'title',
      title: t.title,
      render: (_, c) => (
        <Space>
          {c.coverUrl && <img src={c.coverUrl} alt="" width={64} height={36} style={{ objectFit: 'cover' }} />}
          <Link to={localePath(`/crm/courses/${c.id}`, lang)}>{c.title}</Link>
        </Space>
      ),
    },
    { key: 'category', title: t.category, dataIndex: 'categoryName' },
    { key: 'lecturer', title: t.lecturer, dataIndex: 'lecturerName' },
    {
      key: 'status',
      title: t.status,
      render: (_, c) => (c.published ? <Tag color="green">{t.published}</Tag> : <Tag>{t.unpublished}</Tag>),
    },
    { key: 'periods', title: t.periods, dataIndex: 'periodCount', width: 90 },
    { key: 'learnerCount', title: t.learners, dataIndex: 'learnerCount', sorter: true, width: 110 },
    { key: 'updatedAt', title: t.updatedAt, dataIndex: 'updatedAt', sorter: true, width: 160, render: timeOf },
    {
      key: 'actions',
      title: t.actions,
      width: 140,
      render: (_, c) => (
        <Space>
          <Link to={localePath(`/crm/courses/${c.id}`, lang)}>{t.edit}</Link>
          <Popconfirm title={t.confirmDelete} okText={t.ok} cancelText={t.cancel} onConfirm={() => remove(c.id)}>
            <Button type="link" danger size="small">
              {t.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{t.courses}</Typography.Title>
        <Link to={localePath('/crm/courses/new', lang)}>
          <Button type="primary">{t.newCourse}</Button>
        </Link>
      </Space>
      <CourseFilters categories={categories} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <ServerTable<AdminCourseRow>
        rowKey="id"
        columns={columns}
        page={page ?? { pageCurrent: 1, pageSize: COURSE_TABLE.defaultSize, totalCount: 0, list: [] }}
        query={COURSE_TABLE}
      />
    </>
  );
}
