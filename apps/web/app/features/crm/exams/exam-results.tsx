import { Alert, App, Button, Drawer, Form, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import type { CallResponse } from '@portal/contract/call';
import {
  EXAM_REOPEN_REASON_MAX,
  exportExamTaskResults,
  findExamTaskAttempts,
  reopenExamAttempt,
  type AdminExamTask,
  type ExamTaskResultRow,
} from '@portal/contract/calls/exam-task-admin';
import type { Page } from '@portal/contract/envelope';
import { request } from '../../../lib/api.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { FormDialog } from '../../antd/form-dialog.tsx';
import { ExportButton } from '../export-button.tsx';
import { KeywordSearch } from '../keyword-search.tsx';
import { ServerTable } from '../server-table.tsx';
import { readTableQuery, type TableQueryOptions } from '../table-query.ts';
import { examTaskMessages } from './exam-task-messages.ts';

export const RESULT_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [10, 20, 50, 100],
  sortable: [],
  filters: ['keyword'],
};

type Attempts = CallResponse<typeof findExamTaskAttempts>;

/**
 * /crm/exam-tasks/:id/results: each taker's attempts, best score and result; their attempts with
 * the attempt log (server and browser times); one more attempt with a reason (decision 049).
 */
export function ExamResultsView({
  task,
  page,
  error,
}: {
  task: AdminExamTask;
  page: Page<ExamTaskResultRow> | null;
  error: string | null;
}) {
  const t = useMessages(examTaskMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const revalidator = useRevalidator();
  const [history, setHistory] = useState<{ row: ExamTaskResultRow; attempts: Attempts } | null>(null);
  const [reopening, setReopening] = useState<ExamTaskResultRow | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const [params] = useSearchParams();
  const { keyword } = readTableQuery(params, RESULT_TABLE).filters;

  const openHistory = async (row: ExamTaskResultRow) => {
    try {
      setHistory({ row, attempts: await request(findExamTaskAttempts, { id: task.id, accountId: row.accountId }) });
    } catch {
      // The request layer showed why.
    }
  };
  const columns: ColumnsType<ExamTaskResultRow> = [
    { key: 'name', title: t.name, dataIndex: 'name' },
    { key: 'employeeNo', title: t.employeeNo, dataIndex: 'employeeNo', width: 110 },
    { key: 'attempts', title: t.attemptsUsed, width: 100, render: (_, r) => `${r.attemptsUsed}/${r.attemptsAllowed}` },
    { key: 'best', title: t.bestScore, width: 90, render: (_, r) => r.bestScore ?? '—' },
    {
      key: 'result',
      title: t.result,
      width: 110,
      render: (_, r) =>
        r.waitingForMarking ? (
          <Tag color="orange">{t.marking}</Tag>
        ) : r.passed ? (
          <Tag color="green">{t.pass}</Tag>
        ) : r.bestScore === null ? (
          '—'
        ) : (
          <Tag color="red">{t.fail}</Tag>
        ),
    },
    {
      key: 'last',
      title: t.lastSubmittedAt,
      width: 170,
      render: (_, r) => (r.lastSubmittedAt ? dateTime(r.lastSubmittedAt) : '—'),
    },
    {
      key: 'actions',
      title: t.actions,
      width: 190,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void openHistory(r)}>
            {t.history}
          </Button>
          <Button type="link" size="small" onClick={() => setReopening(r)}>
            {t.reopen}
          </Button>
        </Space>
      ),
    },
  ];
  const kindText = (kind: number) => (t as Record<string, string>)[`kind${kind}`] ?? String(kind);
  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{format(t.resultsTitle, { name: task.title })}</Typography.Title>
        <Space>
          <Link to={localePath(`/crm/exam-tasks/${task.id}`, lang)}>{t.edit}</Link>
          <Link to={localePath('/crm/exam-tasks', lang)}>{t.back}</Link>
        </Space>
      </Space>
      <Space align="start" style={{ display: 'flex', justifyContent: 'space-between' }}>
        <KeywordSearch label={t.keyword} query={RESULT_TABLE} />
        <ExportButton start={() => request(exportExamTaskResults, { id: task.id, ...(keyword ? { keyword } : {}) })} />
      </Space>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <ServerTable<ExamTaskResultRow>
        rowKey="accountId"
        columns={columns}
        page={page ?? { pageCurrent: 1, pageSize: RESULT_TABLE.defaultSize, totalCount: 0, list: [] }}
        query={RESULT_TABLE}
      />
      <Drawer
        title={history ? `${history.row.name} · ${t.history}` : ''}
        open={history !== null}
        onClose={() => setHistory(null)}
        size="large"
      >
        {history?.attempts.map((a) => (
          <section key={a.attemptId} style={{ marginBottom: 24 }} aria-label={format(t.attemptNo, { n: a.attemptNo })}>
            <Typography.Title level={5}>{format(t.attemptNo, { n: a.attemptNo })}</Typography.Title>
            <Typography.Paragraph>
              {t.score}: {a.score ?? '—'} · {t.startedAt}: {dateTime(a.startedAt)} · {t.submittedAt}:{' '}
              {a.submittedAt ? dateTime(a.submittedAt) : '—'} · {format(t.switches, { n: a.screenSwitches })}
            </Typography.Paragraph>
            <Typography.Text strong>{t.logTitle}</Typography.Text>
            <Table
              size="small"
              rowKey={(_, i) => String(i)}
              pagination={false}
              dataSource={a.log}
              columns={[
                { key: 'kind', title: t.event, render: (_, e) => kindText(e.kind) },
                { key: 'at', title: t.serverTime, render: (_, e) => dateTime(e.at) },
                { key: 'client', title: t.clientTime, render: (_, e) => (e.clientAt ? dateTime(e.clientAt) : '—') },
              ]}
            />
          </section>
        ))}
      </Drawer>
      <FormDialog<{ reason: string }>
        title={reopening ? format(t.reopenTitle, { name: reopening.name }) : ''}
        open={reopening !== null}
        form={form}
        name="reopen"
        okText={t.reopen}
        cancelText={t.cancel}
        onClose={() => setReopening(null)}
        onSubmit={async (v) => {
          if (!reopening) return;
          const done = await request(reopenExamAttempt, {
            id: task.id,
            accountId: reopening.accountId,
            reason: v.reason ?? '',
          });
          setReopening(null);
          void message.success(format(t.reopened, { n: done.attemptsAllowed }));
          void revalidator.revalidate();
        }}
      >
        <Form.Item name="reason" label={t.reason} rules={[{ required: true, whitespace: true, message: t.reason }]}>
          <Input.TextArea maxLength={EXAM_REOPEN_REASON_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </FormDialog>
    </>
  );
}
