import { Alert, Button, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { ExamPaperQuestion } from '@portal/contract/calls/exam';
import { PaperMode } from '@portal/contract/calls/exam-paper';
import { format, useLang, useMessages } from '../../../lib/i18n.ts';
import { localePath } from '../../../lib/navigation.ts';
import { QuestionCard, type QuestionActions } from '../../exam/question-card.tsx';
import type { AnswerState } from '../../exam/paper-answers.ts';
import { paperMessages } from './paper-messages.ts';
import '../../exam/exam.css';

const EMPTY: AnswerState = { answer: [], flagged: false };

/**
 * /crm/papers/:id/preview: the paper as a taker is given it (decision 047), with the exam page's
 * own question cards and no keys; the administrator may try the inputs, nothing is saved. A random
 * paper is drawn again on every preview.
 */
export function PaperPreview({
  preview,
}: {
  preview: { id: number; title: string; mode: number; totalScore: number; questions: ExamPaperQuestion[] };
}) {
  const t = useMessages(paperMessages);
  const lang = useLang();
  const revalidator = useRevalidator();
  const [answers, setAnswers] = useState<Map<number, AnswerState>>(new Map());
  const actions = useMemo<QuestionActions>(
    () => ({
      change: (id, answer) => setAnswers((m) => new Map(m).set(id, { ...(m.get(id) ?? EMPTY), answer })),
      toggleFlag: (id) =>
        setAnswers((m) => {
          const was = m.get(id) ?? EMPTY;
          return new Map(m).set(id, { ...was, flagged: !was.flagged });
        }),
      focus: () => {},
    }),
    [],
  );
  return (
    <>
      <Space style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography.Title level={4}>{format(t.previewTitle, { name: preview.title })}</Typography.Title>
        <Space>
          <Link to={localePath(`/crm/papers/${preview.id}`, lang)}>{t.edit}</Link>
          {preview.mode === PaperMode.RANDOM && (
            <Button onClick={() => void revalidator.revalidate()} loading={revalidator.state === 'loading'}>
              {t.drawAgain}
            </Button>
          )}
        </Space>
      </Space>
      <Alert
        type="info"
        showIcon
        message={t.previewHint}
        description={format(t.summary, { count: preview.questions.length, total: preview.totalScore })}
        style={{ marginBottom: 16 }}
      />
      <div className="portal-exam">
        <ol className="portal-exam-questions">
          {preview.questions.map((q, i) => (
            <QuestionCard
              key={q.questionId}
              q={q}
              n={i + 1}
              state={answers.get(q.questionId) ?? EMPTY}
              disabled={false}
              actions={actions}
            />
          ))}
        </ol>
      </div>
    </>
  );
}
