import { Alert, App, Button, Card, Form, Input, InputNumber, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  AttemptStatus,
  claimNextMarking,
  markExamAttempt,
  type findMarkingAttempts,
  type viewMarkingAttempt,
} from '@portal/contract/calls/exam';
import type { CallResponse } from '@portal/contract/call';
import { request } from '../../../lib/api.ts';
import { dateTime } from '../../../lib/date-time.ts';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { StemContent } from '../../rich-content/stem-content.tsx';
import { crmMessages } from '../messages.ts';
import { ServerTable } from '../server-table.tsx';
import type { TableQueryOptions } from '../table-query.ts';
import { markingMessages } from './marking-messages.ts';

type Row = CallResponse<typeof findMarkingAttempts>['list'][number];
type Attempt = CallResponse<typeof viewMarkingAttempt>;

export const MARKING_TABLE: TableQueryOptions = {
  defaultSize: 20,
  sizes: [10, 20, 50, 100],
  sortable: [],
  filters: [],
};

/** Takes the next paper of the queue after `after` and opens it; false when none is left. */
function useClaimNext() {
  const lang = useLang();
  const navigate = useNavigate();
  return async (after?: number, direction: 'next' | 'previous' = 'next') => {
    const { attemptId } = await request(claimNextMarking, { ...(after ? { after } : {}), direction });
    if (attemptId === null) return false;
    void navigate(localePath(`/crm/marking/${attemptId}`, lang));
    return true;
  };
}

/** /crm/marking: the attempts waiting for marking, longest waiting first, and who has each open (decision 048). */
export function MarkingQueue({
  page,
  error,
}: {
  page: CallResponse<typeof findMarkingAttempts> | null;
  error: string | null;
}) {
  const t = useMessages(markingMessages);
  const crm = useMessages(crmMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const claimNext = useClaimNext();
  const [busy, setBusy] = useState(false);
  const columns: ColumnsType<Row> = [
    { key: 'task', title: t.task, dataIndex: 'taskTitle', ellipsis: true },
    { key: 'learner', title: t.learner, dataIndex: 'learnerName', width: 140 },
    { key: 'attemptNo', title: t.attemptNo, dataIndex: 'attemptNo', width: 80 },
    { key: 'submittedAt', title: t.submittedAt, width: 170, render: (_, r) => dateTime(r.submittedAt) },
    { key: 'objective', title: t.objective, dataIndex: 'objectiveScore', width: 110 },
    { key: 'toMark', title: t.toMark, dataIndex: 'toMark', width: 110 },
    {
      key: 'state',
      title: t.state,
      width: 140,
      render: (_, r) =>
        r.claimedByMe ? (
          <Tag color="blue">{t.mine}</Tag>
        ) : r.claimedBy ? (
          <Tag color="orange">{format(t.byOther, { name: r.claimedBy })}</Tag>
        ) : (
          <Tag>{t.free}</Tag>
        ),
    },
    {
      key: 'actions',
      title: t.actions,
      width: 90,
      render: (_, r) =>
        r.claimedBy ? null : <Link to={localePath(`/crm/marking/${r.attemptId}`, lang)}>{t.mark}</Link>,
    },
  ];
  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{crm.marking}</Typography.Title>
        <Button
          type="primary"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            try {
              if (!(await claimNext())) void message.info(t.nothing);
            } catch {
              // The request layer showed why.
            } finally {
              setBusy(false);
            }
          }}
        >
          {t.start}
        </Button>
      </Space>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <ServerTable<Row>
        rowKey="attemptId"
        columns={columns}
        page={page ?? { pageCurrent: 1, pageSize: MARKING_TABLE.defaultSize, totalCount: 0, totalPage: 0, list: [] }}
        query={MARKING_TABLE}
      />
    </>
  );
}

type Marks = Record<string, { score?: number | null; comment?: string }>;

/**
 * /crm/marking/:id: one attempt's short answers, each beside its reference answer, with a score
 * within the question's points and a comment; previous and next move along the queue, keeping
 * nobody else's paper (decision 048).
 */
export function MarkingAttempt({
  attempt,
  error,
  attemptId,
}: {
  attempt: Attempt | null;
  error: string | null;
  attemptId: number;
}) {
  const t = useMessages(markingMessages);
  const lang = useLang();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const claimNext = useClaimNext();
  const [form] = Form.useForm<Marks>();
  const [busy, setBusy] = useState<'submit' | 'next' | 'previous' | null>(null);
  const move = async (direction: 'next' | 'previous') => {
    setBusy(direction);
    try {
      if (!(await claimNext(attemptId, direction))) {
        void message.info(t.nothing);
        void navigate(localePath('/crm/marking', lang));
      }
    } catch {
      // The request layer showed why.
    } finally {
      setBusy(null);
    }
  };
  const submit = async (v: Marks) => {
    if (!attempt) return;
    setBusy('submit');
    try {
      const done = await request(markExamAttempt, {
        attemptId,
        marks: attempt.questions.map((q) => ({
          questionId: q.questionId,
          score: v[q.questionId]?.score ?? 0,
          ...(v[q.questionId]?.comment?.trim() ? { comment: v[q.questionId]!.comment!.trim() } : {}),
        })),
      });
      void message.success(format(t.marked, { score: done.score, result: done.passed ? t.passed : t.failed }));
      if (!(await claimNext(attemptId))) void navigate(localePath('/crm/marking', lang));
    } catch {
      // The request layer showed why (7608 a bad mark, 7613 another marker has it).
    } finally {
      setBusy(null);
    }
  };
  const nav = (
    <Space>
      <Link to={localePath('/crm/marking', lang)}>{t.back}</Link>
      <Button loading={busy === 'previous'} onClick={() => void move('previous')}>
        {t.previous}
      </Button>
      <Button loading={busy === 'next'} onClick={() => void move('next')}>
        {t.next}
      </Button>
    </Space>
  );
  if (!attempt) {
    return (
      <>
        <Space style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 16 }}>{nav}</Space>
        <Alert type="warning" showIcon message={error} />
      </>
    );
  }
  const waiting = attempt.status === AttemptStatus.WAITING_FOR_MARKING;
  const pre = { whiteSpace: 'pre-wrap' as const, margin: 0 };
  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{format(t.heading, { task: attempt.taskTitle })}</Typography.Title>
        {nav}
      </Space>
      <Typography.Paragraph>
        {format(t.who, { name: attempt.learnerName, n: attempt.attemptNo, at: dateTime(attempt.submittedAt) })}
        <br />
        {format(t.scores, { objective: attempt.objectiveScore, total: attempt.totalScore, pass: attempt.passScore })}
      </Typography.Paragraph>
      {waiting && attempt.claimedUntil ? (
        <Alert
          type="info"
          showIcon
          message={format(t.kept, { until: dateTime(attempt.claimedUntil) })}
          style={{ marginBottom: 16 }}
        />
      ) : (
        <Alert type="success" showIcon message={t.alreadyMarked} style={{ marginBottom: 16 }} />
      )}
      <Form<Marks> form={form} layout="vertical" name="marking" onFinish={(v) => void submit(v)} disabled={!waiting}>
        {attempt.questions.map((q, i) => {
          const n = i + 1;
          return (
            <Card key={q.questionId} title={format(t.question, { n, score: q.score })} style={{ marginBottom: 16 }}>
              <StemContent stem={q.stem} className="crm-marking-stem" />
              <Space
                align="start"
                wrap
                style={{ width: '100%', marginTop: 12 }}
                styles={{ item: { flex: '1 1 320px' } }}
              >
                <section aria-label={`${t.answer} ${n}`}>
                  <Typography.Text strong>{t.answer}</Typography.Text>
                  <p style={pre}>{q.answer || t.noAnswer}</p>
                </section>
                <section aria-label={`${t.reference} ${n}`}>
                  <Typography.Text strong>{t.reference}</Typography.Text>
                  <p style={pre}>{q.referenceAnswer}</p>
                  {q.analysis && (
                    <>
                      <Typography.Text strong>{t.analysis}</Typography.Text>
                      <p style={pre}>{q.analysis}</p>
                    </>
                  )}
                </section>
              </Space>
              <Space align="start" wrap>
                <Form.Item
                  name={[String(q.questionId), 'score']}
                  label={t.score}
                  rules={[{ required: true, message: format(t.scoreOf, { n }) }]}
                >
                  <InputNumber aria-label={format(t.scoreOf, { n })} min={0} max={q.score} step={0.5} precision={1} />
                </Form.Item>
                <Button
                  style={{ marginTop: 30 }}
                  onClick={() => form.setFieldValue([String(q.questionId), 'score'], q.score)}
                >
                  {t.full}
                </Button>
                <Button
                  style={{ marginTop: 30 }}
                  onClick={() => form.setFieldValue([String(q.questionId), 'score'], 0)}
                >
                  {t.zero}
                </Button>
              </Space>
              <Form.Item name={[String(q.questionId), 'comment']} label={t.comment}>
                <Input.TextArea
                  aria-label={format(t.commentOf, { n })}
                  maxLength={500}
                  autoSize={{ minRows: 2, maxRows: 6 }}
                />
              </Form.Item>
            </Card>
          );
        })}
        {waiting && (
          <Button type="primary" htmlType="submit" loading={busy === 'submit'}>
            {t.submit}
          </Button>
        )}
      </Form>
    </>
  );
}
