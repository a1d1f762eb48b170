import { Alert, App, Button, Form, Input, Progress, Select, Space, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import type { DepartmentNode } from '@portal/contract/calls/people';
import {
  remindStudyTask,
  type AdminStudyTask,
  type TaskProgressDepartment,
  type TaskProgressPerson,
  type TaskProgressTotals,
} from '@portal/contract/calls/task-admin';
import type { Page } from '@portal/contract/envelope';
import { enumLabel } from '@portal/contract/enums';
import { request } from '../../../lib/api.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { TotalCards } from '../reports/period-filter.tsx';
import { ServerTable } from '../server-table.tsx';
import { readTableQuery, writeTableQuery, type TableQueryOptions } from '../table-query.ts';
import { taskAdminMessages } from './messages.ts';

/** One task's progress in the URL: the view (by person or department), the filters and the page. */
export const PROGRESS_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [20, 50, 100],
  sortable: [],
  filters: ['view', 'status', 'departmentId', 'keyword'],
};

export interface TaskProgressData {
  view: 'person' | 'department';
  task: AdminStudyTask | null;
  totals: TaskProgressTotals | null;
  people: Page<TaskProgressPerson> | null;
  departments: Page<TaskProgressDepartment> | null;
  departmentTree: DepartmentNode[];
  /** The task's window is over (as the page was loaded): no reminders. */
  ended: boolean;
  error: string | null;
}

export type Texts = Record<keyof (typeof taskAdminMessages)['zh'], string>;

/** The standing, department and name filters of a list of learners: URL parameters (`query`'s). */
export function PersonFilters({
  t,
  departments,
  query = PROGRESS_TABLE,
}: {
  t: Texts;
  departments: DepartmentNode[];
  query?: TableQueryOptions;
}) {
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, query);
  type Values = { status?: string; departmentId?: number; keyword?: string };
  return (
    <Form<Values>
      layout="inline"
      key={params.toString()}
      initialValues={{
        status: state.filters.status ?? '',
        departmentId: state.filters.departmentId ? Number(state.filters.departmentId) : undefined,
        keyword: state.filters.keyword ?? '',
      }}
      onFinish={(v) => {
        const filters: Record<string, string> = {};
        if (v.status) filters.status = v.status;
        if (v.departmentId) filters.departmentId = String(v.departmentId);
        if (v.keyword?.trim()) filters.keyword = v.keyword.trim();
        setParams(writeTableQuery({ ...state, filters, pageCurrent: 1 }, query));
      }}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      <Form.Item name="status" label={t.standing}>
        <Select
          style={{ width: 120 }}
          options={[
            { value: '', label: t.all },
            { value: 'notStarted', label: t.notStarted },
            { value: 'learning', label: t.learning },
            { value: 'finished', label: t.finished },
          ]}
        />
      </Form.Item>
      <Form.Item name="departmentId" label={t.department}>
        <Select
          allowClear
          placeholder={t.allDepartments}
          style={{ width: 180 }}
          options={departments.map((d) => ({ value: d.id, label: d.name }))}
        />
      </Form.Item>
      <Form.Item name="keyword" label={t.keywordPerson}>
        <Input allowClear maxLength={50} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          {t.search}
        </Button>
      </Form.Item>
    </Form>
  );
}

/**
 * Sends a reminder (`send`, all not finished or those named) and says how it went: how many were
 * reminded, how many had one today already; the page reloads its list. Answers whether it was sent.
 */
export function useReminder(
  t: Texts,
  send: (accountIds?: number[]) => Promise<{ reminded: number; already: number }>,
): (accountIds?: number[]) => Promise<boolean> {
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  return async (accountIds) => {
    try {
      const r = await send(accountIds);
      if (r.reminded === 0) void message.info(format(t.nobody, { m: r.already }));
      else if (r.already > 0) void message.success(format(t.remindedSome, { n: r.reminded, m: r.already }));
      else void message.success(format(t.reminded, { n: r.reminded }));
      void revalidator.revalidate();
      return true;
    } catch {
      return false; // the request layer showed why
    }
  };
}

/**
 * /crm/tasks/:id: one study task's progress — totals, its learners (not started first) or its
 * departments — and reminders to those not finished: all of them, or a selection.
 */
export function TaskProgressView(data: TaskProgressData) {
  const t = useMessages(taskAdminMessages);
  const lang = useLang();
  const { modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const state = readTableQuery(params, PROGRESS_TABLE);
  const [selected, setSelected] = useState<number[]>([]);
  const task = data.task;
  const open = task !== null && !data.ended;

  const remind = useReminder(t, (accountIds) =>
    request(remindStudyTask, { taskId: task!.id, ...(accountIds ? { accountIds } : {}) }),
  );
  const remindSome = (accountIds?: number[]) =>
    remind(accountIds).then((sent) => {
      if (sent) setSelected([]);
    });

  const people: ColumnsType<TaskProgressPerson> = [
    { key: 'name', title: t.name, dataIndex: 'name' },
    { key: 'employeeNo', title: t.employeeNo, dataIndex: 'employeeNo', width: 110 },
    { key: 'departments', title: t.departments, dataIndex: 'departments', ellipsis: true },
    { key: 'status', title: t.status, width: 100, render: (_, r) => enumLabel('statusLabel', r.status, lang) },
    {
      key: 'percent',
      title: t.percent,
      width: 150,
      render: (_, r) => <Progress percent={r.progressPercent} size="small" aria-label={t.percent} />,
    },
    { key: 'last', title: t.lastStudiedAt, width: 170, render: (_, r) => dateTime(r.lastStudiedAt) },
    { key: 'reminded', title: t.remindedAt, width: 170, render: (_, r) => dateTime(r.remindedAt) },
  ];
  const departments: ColumnsType<TaskProgressDepartment> = [
    { key: 'name', title: t.department, dataIndex: 'name' },
    { key: 'assigned', title: t.assigned, dataIndex: 'assigned', width: 100, align: 'right' },
    { key: 'finished', title: t.finished, dataIndex: 'finished', width: 90, align: 'right' },
    { key: 'learning', title: t.learning, dataIndex: 'learning', width: 90, align: 'right' },
    { key: 'notStarted', title: t.notStarted, dataIndex: 'notStarted', width: 90, align: 'right' },
    { key: 'rate', title: t.finishedRate, width: 90, align: 'right', render: (_, r) => `${r.finishedRate}%` },
  ];
  const empty = { pageCurrent: 1, pageSize: PROGRESS_TABLE.defaultSize, totalCount: 0, list: [] };

  return (
    <>
      <Link to={localePath('/crm/tasks', lang)}>{t.back}</Link>
      <Space style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {task ? `${task.title} · ${t.progress}` : t.progress}
        </Typography.Title>
        {task && (
          <Button
            type="primary"
            disabled={!open}
            onClick={() =>
              modal.confirm({
                title: t.remindAll,
                content: t.remindConfirm,
                okText: t.remindOk,
                cancelText: t.cancel,
                onOk: () => remindSome(),
              })
            }
          >
            {t.remindAll}
          </Button>
        )}
      </Space>
      {task && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {`${dateTime(task.startsAt)} ~ ${dateTime(task.endsAt)}`}
          {open ? '' : ` · ${t.ended}`}
        </Typography.Paragraph>
      )}
      {data.error && <Alert type="error" showIcon message={data.error} style={{ marginBottom: 16 }} />}
      {data.totals && (
        <TotalCards
          cells={[
            ['assigned', data.totals.assigned, t.assigned],
            ['finished', data.totals.finished, t.finished],
            ['learning', data.totals.learning, t.learning],
            ['notStarted', data.totals.notStarted, t.notStarted],
            ['rate', `${data.totals.finishedRate}%`, t.finishedRate],
          ]}
        />
      )}
      <Typography.Paragraph type="secondary">{t.note}</Typography.Paragraph>
      <Tabs
        activeKey={data.view}
        onChange={(view) => {
          setSelected([]);
          setParams(
            writeTableQuery(
              { ...state, pageCurrent: 1, filters: view === 'department' ? { view } : {} },
              PROGRESS_TABLE,
            ),
          );
        }}
        items={[
          { key: 'person', label: t.byPerson },
          { key: 'department', label: t.byDepartment },
        ]}
      />
      {data.view === 'person' ? (
        <>
          <PersonFilters t={t} departments={data.departmentTree} />
          <Space style={{ marginBottom: 16 }}>
            <Typography.Text aria-live="polite">{format(t.selected, { n: selected.length })}</Typography.Text>
            <Button disabled={!open || selected.length === 0} onClick={() => void remindSome(selected)}>
              {t.remindSelected}
            </Button>
          </Space>
          <ServerTable<TaskProgressPerson>
            key={`person-${lang}`}
            rowKey="accountId"
            columns={people}
            page={data.people ?? empty}
            query={PROGRESS_TABLE}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys.map(Number)),
              getCheckboxProps: (r) => ({
                disabled: r.status === 3 || r.status === 5,
                'aria-label': r.name,
              }),
            }}
          />
        </>
      ) : (
        <ServerTable<TaskProgressDepartment>
          key={`department-${lang}`}
          rowKey="departmentId"
          columns={departments}
          page={data.departments ?? empty}
          query={PROGRESS_TABLE}
        />
      )}
    </>
  );
}
