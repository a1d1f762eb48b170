import { Alert, App, Button, Progress, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DepartmentNode } from '@portal/contract/calls/people';
import {
  remindStudyProject,
  type ProjectProgressPerson,
  type viewStudyProjectProgress,
} from '@portal/contract/calls/project';
import type { CallResponse } from '@portal/contract/call';
import { request } from '../../../lib/api.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { TotalCards } from '../reports/period-filter.tsx';
import { ServerTable } from '../server-table.tsx';
import type { TableQueryOptions } from '../table-query.ts';
import { taskAdminMessages } from '../tasks/messages.ts';
import { PersonFilters, useReminder } from '../tasks/task-progress.tsx';
import { projectAdminMessages } from './messages.ts';

/** A project's progress in the URL: the standing, department and name filters and the page. */
export const PROJECT_PROGRESS_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [20, 50, 100],
  sortable: [],
  filters: ['status', 'departmentId', 'keyword'],
};

export interface ProjectProgressData {
  progress: CallResponse<typeof viewStudyProjectProgress> | null;
  departmentTree: DepartmentNode[];
  /** The project is over (as the page was loaded): no reminders. */
  ended: boolean;
  error: string | null;
}

/**
 * /crm/projects/:id/progress: a study project's enrolled learners over its stage tasks — the
 * totals, and each learner's tasks finished, not started first (issue 22 item 5).
 */
export function ProjectProgressView({ progress, departmentTree, ended, error }: ProjectProgressData) {
  const t = useMessages(projectAdminMessages);
  const tt = useMessages(taskAdminMessages);
  const lang = useLang();
  const { modal } = App.useApp();
  const [selected, setSelected] = useState<number[]>([]);
  const open = progress !== null && !ended;
  const remind = useReminder(tt, (accountIds) =>
    request(remindStudyProject, { projectId: progress!.project.id, ...(accountIds ? { accountIds } : {}) }),
  );
  const remindSome = (accountIds?: number[]) =>
    remind(accountIds).then((sent) => {
      if (sent) setSelected([]);
    });
  const columns: ColumnsType<ProjectProgressPerson> = [
    { key: 'name', title: tt.name, dataIndex: 'name' },
    { key: 'employeeNo', title: tt.employeeNo, dataIndex: 'employeeNo', width: 110 },
    { key: 'departments', title: tt.departments, dataIndex: 'departments', ellipsis: true },
    {
      key: 'tasks',
      title: t.tasksFinished,
      width: 120,
      align: 'right',
      render: (_, r) => `${r.tasksFinished} / ${r.tasksTotal}`,
    },
    {
      key: 'percent',
      title: tt.percent,
      width: 150,
      render: (_, r) => <Progress percent={r.progressPercent} size="small" aria-label={tt.percent} />,
    },
    { key: 'last', title: tt.lastStudiedAt, width: 170, render: (_, r) => dateTime(r.lastStudiedAt) },
    { key: 'completed', title: tt.finished, width: 170, render: (_, r) => dateTime(r.completedAt) },
    { key: 'reminded', title: tt.remindedAt, width: 170, render: (_, r) => dateTime(r.remindedAt) },
  ];
  const totals = progress?.totals;
  return (
    <>
      <Link to={localePath('/crm/projects', lang)}>{t.back}</Link>
      <Space style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {progress ? `${progress.project.title} · ${t.progress}` : t.progress}
        </Typography.Title>
        {progress && (
          <Button
            type="primary"
            disabled={!open}
            onClick={() =>
              modal.confirm({
                title: tt.remindAll,
                content: t.remindProjectConfirm,
                okText: tt.remindOk,
                cancelText: tt.cancel,
                onOk: () => remindSome(),
              })
            }
          >
            {tt.remindAll}
          </Button>
        )}
      </Space>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {totals && (
        <TotalCards
          cells={[
            ['enrolled', totals.enrolled, t.enrolled],
            ['finished', totals.finished, tt.finished],
            ['learning', totals.learning, tt.learning],
            ['notStarted', totals.notStarted, tt.notStarted],
            ['rate', `${totals.finishedRate}%`, tt.finishedRate],
          ]}
        />
      )}
      <Typography.Paragraph type="secondary">{t.projectNote}</Typography.Paragraph>
      <PersonFilters t={tt} departments={departmentTree} query={PROJECT_PROGRESS_TABLE} />
      <Space style={{ marginBottom: 16 }}>
        <Typography.Text aria-live="polite">{format(tt.selected, { n: selected.length })}</Typography.Text>
        <Button disabled={!open || selected.length === 0} onClick={() => void remindSome(selected)}>
          {tt.remindSelected}
        </Button>
      </Space>
      <ServerTable<ProjectProgressPerson>
        key={lang}
        rowKey="accountId"
        columns={columns}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          getCheckboxProps: (r) => ({ disabled: r.completedAt !== null, 'aria-label': r.name }),
        }}
        page={
          progress?.page ?? { pageCurrent: 1, pageSize: PROJECT_PROGRESS_TABLE.defaultSize, totalCount: 0, list: [] }
        }
        query={PROJECT_PROGRESS_TABLE}
      />
    </>
  );
}
