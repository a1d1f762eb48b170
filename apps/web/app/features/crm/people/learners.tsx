import { Alert, Button, Form, Input, Select, Space, Tag, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  LEARNER_COUNT_CAP,
  LEARNER_STATUS_FILTERS,
  exportLearners,
  type DepartmentNode,
  type LearnerFilter,
  type LearnerRow,
  type LearnerSort,
} from '@portal/contract/calls/people';
import { request } from '../../../lib/api.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { ExportButton } from '../export-button.tsx';
import { ServerTable } from '../server-table.tsx';
import { readTableQuery, writeTableQuery, type TableQuery, type TableQueryOptions } from '../table-query.ts';
import { toTree } from './department-tree.ts';
import { LearnerDrawer } from './learner-drawer.tsx';
import { peopleMessages, type PeopleText } from './messages.ts';

/** The learner list's state in the URL (decision 037): newest joined first unless sorted. */
export const LEARNER_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [10, 20, 50, 100],
  sortable: ['createdAt', 'realName'],
  filters: ['keyword', 'departmentId', 'tagId', 'status'],
};

/** The call's filter from the URL's state (what the list and the export both send). */
export function learnerFilterOf(q: TableQuery): LearnerFilter {
  const { keyword, departmentId, tagId, status } = q.filters;
  const sort = (q.sort ? `${q.sort.order === 'desc' ? '-' : ''}${q.sort.field}` : '-createdAt') as LearnerSort;
  // The URL's values go as they are: the gateway checks them and words what is wrong.
  return {
    sort,
    ...(keyword ? { keyword } : {}),
    ...(departmentId ? { departmentId: departmentId as unknown as number } : {}),
    ...(tagId ? { tagId: tagId as unknown as number } : {}),
    ...(status ? { status: status as LearnerFilter['status'] & string } : {}),
  };
}

interface PageOfLearners {
  pageCurrent: number;
  pageSize: number;
  totalCount: number;
  list: LearnerRow[];
  countCapped: boolean;
}

type FilterValues = { keyword?: string; departmentId?: number; tagId?: number; status?: string };

function LearnerFilters({
  t,
  departments,
  tags,
}: {
  t: PeopleText;
  departments: DepartmentNode[];
  tags: Array<{ id: number; tagName: string }>;
}) {
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, LEARNER_TABLE);
  const f = state.filters;
  const tree = useMemo(() => toTree(departments, lang), [departments, lang]);
  const apply = (v: FilterValues) => {
    const filters: Record<string, string> = {};
    if (v.keyword?.trim()) filters.keyword = v.keyword.trim();
    if (v.departmentId) filters.departmentId = String(v.departmentId);
    if (v.tagId) filters.tagId = String(v.tagId);
    if (v.status) filters.status = v.status;
    setParams(writeTableQuery({ ...state, filters, pageCurrent: 1 }, LEARNER_TABLE));
  };
  const statusText: Record<string, string> = { enabled: t.enabled, disabled: t.disabled, admin: t.admin };
  return (
    <Form<FilterValues>
      layout="inline"
      key={params.toString()}
      initialValues={{
        keyword: f.keyword,
        departmentId: f.departmentId ? Number(f.departmentId) : undefined,
        tagId: f.tagId ? Number(f.tagId) : undefined,
        status: f.status,
      }}
      onFinish={apply}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      <Form.Item name="keyword">
        <Input placeholder={t.keyword} style={{ width: 240 }} aria-label={t.keyword} />
      </Form.Item>
      <Form.Item name="departmentId" label={t.department}>
        <TreeSelect
          allowClear
          treeData={tree}
          treeDefaultExpandAll
          placeholder={t.all}
          style={{ width: 180 }}
          showSearch={{ treeNodeFilterProp: 'title' }}
        />
      </Form.Item>
      <Form.Item name="tagId" label={t.tag}>
        <Select
          allowClear
          placeholder={t.all}
          style={{ width: 140 }}
          options={tags.map((x) => ({ value: x.id, label: x.tagName }))}
        />
      </Form.Item>
      <Form.Item name="status" label={t.status}>
        <Select
          allowClear
          placeholder={t.all}
          style={{ width: 120 }}
          options={LEARNER_STATUS_FILTERS.map((s) => ({ value: s, label: statusText[s] }))}
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

/** /crm/learners: the enterprise's learners on a server-paged table, with a drawer to view and change one. */
export function LearnersView({
  page,
  error,
  departments,
  tags,
  mePhone,
}: {
  page: PageOfLearners | null;
  error: string | null;
  departments: DepartmentNode[];
  tags: Array<{ id: number; tagName: string }>;
  mePhone: string | null;
}) {
  const t = useMessages(peopleMessages);
  const [params] = useSearchParams();
  const [open, setOpen] = useState<number | null>(null);
  const filter = learnerFilterOf(readTableQuery(params, LEARNER_TABLE));
  const columns: ColumnsType<LearnerRow> = [
    {
      key: 'realName',
      title: t.realName,
      sorter: true,
      render: (_, l) => (
        <>
          {l.realName || '—'}
          {l.userName && l.userName !== l.realName && (
            <Typography.Text type="secondary"> （{l.userName}）</Typography.Text>
          )}
        </>
      ),
    },
    { key: 'phone', title: t.phone, dataIndex: 'phone', width: 130 },
    { key: 'employeeNo', title: t.employeeNo, dataIndex: 'employeeNo', width: 110 },
    {
      key: 'departments',
      title: t.department,
      render: (_, l) => l.departments.map((d) => <Tag key={d.id}>{d.name}</Tag>),
    },
    {
      key: 'tags',
      title: t.tag,
      render: (_, l) =>
        l.tags.map((x) => (
          <Tag key={x.id} color="geekblue">
            {x.name}
          </Tag>
        )),
    },
    {
      key: 'status',
      title: t.status,
      width: 150,
      render: (_, l) => (
        <>
          {l.status === 1 ? <Tag color="green">{t.enabled}</Tag> : <Tag>{t.disabled}</Tag>}
          {l.isAdmin && <Tag color="blue">{t.admin}</Tag>}
        </>
      ),
    },
    { key: 'createdAt', title: t.joined, sorter: true, width: 120, render: (_, l) => l.createdAt.slice(0, 10) },
    {
      key: 'actions',
      title: t.actions,
      width: 90,
      render: (_, l) => (
        <Button type="link" onClick={() => setOpen(l.accountId)} aria-label={`${t.view} ${l.realName || l.phone}`}>
          {t.view}
        </Button>
      ),
    },
  ];
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={4}>{t.learners}</Typography.Title>
        <ExportButton start={() => request(exportLearners, filter)} />
      </Space>
      <LearnerFilters t={t} departments={departments} tags={tags} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {page?.countCapped && (
        <Alert
          type="info"
          showIcon
          message={format(t.countCapped, { n: LEARNER_COUNT_CAP })}
          style={{ marginBottom: 16 }}
        />
      )}
      <ServerTable<LearnerRow>
        rowKey="accountId"
        columns={columns}
        page={page ?? { pageCurrent: 1, pageSize: LEARNER_TABLE.defaultSize, totalCount: 0, list: [] }}
        query={LEARNER_TABLE}
      />
      <LearnerDrawer
        accountId={open}
        mePhone={mePhone}
        departments={departments}
        tags={tags}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
