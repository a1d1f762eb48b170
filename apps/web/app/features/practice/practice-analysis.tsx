import { useSearchParams } from 'react-router';
import { Progress, Segmented, Table } from 'antd';
import { AnalysisSource, type viewPracticeAnalysis } from '@portal/contract/calls/practice';
import type { CallResponse } from '@portal/contract/call';
import { enumLabel } from '@portal/contract/enums';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { practiceMessages } from './practice-messages.ts';
import { errorBookPath, practiceSetsPath } from './practice-paths.ts';
import './practice.css';

type Analysis = CallResponse<typeof viewPracticeAnalysis>;
const SOURCES = [AnalysisSource.ALL, AnalysisSource.PRACTICE, AnalysisSource.EXAM] as const;

interface Row {
  key: number;
  label: string;
  answered: number;
  correct: number;
  accuracy: number;
}

/**
 * /account/practice/analysis: the learner's accuracy overall, by question type and by difficulty
 * (tables with a bar each), over practice, exams or both (the source in the address).
 */
export function PracticeAnalysisPage({ analysis }: { analysis: Analysis }) {
  const t = useMessages(practiceMessages);
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('source'));
  const source = SOURCES.find((s) => s === asked) ?? AnalysisSource.ALL;
  const choose = (s: number) => {
    const q = new URLSearchParams(params);
    if (s === AnalysisSource.ALL) q.delete('source');
    else q.set('source', String(s));
    setParams(q);
  };
  const columns = (first: string) => [
    { title: first, dataIndex: 'label', key: 'label' },
    { title: t.answeredColumn, dataIndex: 'answered', key: 'answered', align: 'right' as const },
    { title: t.correctColumn, dataIndex: 'correct', key: 'correct', align: 'right' as const },
    {
      title: t.accuracyColumn,
      key: 'accuracy',
      width: 280,
      render: (_: unknown, r: Row) =>
        r.answered === 0 ? (
          <span className="portal-practice-muted">{t.noAnswers}</span>
        ) : (
          <Progress
            percent={r.accuracy}
            // A bar with its number also at 100 % (no success icon): accuracy, not a task done.
            status="normal"
            format={(p) => `${p}%`}
            size="small"
            aria-label={`${r.label} ${t.accuracyColumn}`}
          />
        ),
    },
  ];
  const byType: Row[] = analysis.byType.map((r) => ({
    key: r.questionType,
    label: enumLabel('questionType', r.questionType, lang),
    ...r,
  }));
  const byDifficulty: Row[] = analysis.byDifficulty.map((r) => ({
    key: r.difficulty,
    label: enumLabel('difficulty', r.difficulty, lang),
    ...r,
  }));
  return (
    <section className="portal-page portal-practice-analysis">
      <h1 className="portal-page-title">{t.analysis}</h1>
      <div className="portal-practice-bar">
        <Segmented<number>
          aria-label={t.source}
          value={source}
          onChange={choose}
          options={SOURCES.map((s) => ({ value: s, label: t[`source${s}`] }))}
        />
        <span className="portal-practice-bar-gap" />
        <LinkButton to={errorBookPath(lang)}>{t.errorBook}</LinkButton>
        <LinkButton to={practiceSetsPath(lang)}>{t.backToSets}</LinkButton>
      </div>
      <dl className="portal-practice-figures portal-practice-overall" aria-label={t.overall}>
        <div>
          <dt>{t.answeredColumn}</dt>
          <dd>{analysis.total.answered}</dd>
        </div>
        <div>
          <dt>{t.correctColumn}</dt>
          <dd>{analysis.total.correct}</dd>
        </div>
        <div>
          <dt>{t.accuracyColumn}</dt>
          <dd>{analysis.total.answered ? `${analysis.total.accuracy}%` : '–'}</dd>
        </div>
      </dl>
      <h2 className="portal-practice-subtitle">{t.byTypeTitle}</h2>
      <Table<Row>
        className="portal-practice-table"
        size="small"
        pagination={false}
        columns={columns(t.questionType)}
        dataSource={byType}
      />
      <h2 className="portal-practice-subtitle">{t.byDifficultyTitle}</h2>
      <Table<Row>
        className="portal-practice-table"
        size="small"
        pagination={false}
        columns={columns(t.difficultyColumn)}
        dataSource={byDifficulty}
      />
      <p className="portal-practice-muted">{t.analysisNote}</p>
    </section>
  );
}
