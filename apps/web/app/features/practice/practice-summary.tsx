import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { startErrorBookPractice, startPractice, type PracticeRound } from '@portal/contract/calls/practice';
import { request } from '../../lib/api.ts';
import { useAction } from '../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { duration, practiceMessages } from './practice-messages.ts';
import { errorBookPath, practiceDetailPath, practiceSetsPath } from './practice-paths.ts';
import './practice.css';

/**
 * /account/practice/success: a round's sums (questions, answered, right, wrong, accuracy, time) and
 * the ways on: practise again (the same set, or the error book again), review the answers, the
 * error book and the practice list.
 */
export function PracticeSummaryPage({ round }: { round: PracticeRound }) {
  const t = useMessages(practiceMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const s = round.summary;
  const again = useAction(async () => {
    const started =
      round.setId === null
        ? await request(startErrorBookPractice, {})
        : await request(startPractice, { setId: round.setId });
    void navigate(practiceDetailPath(started.recordId, lang));
  });
  const figures: Array<[string, string | number]> = [
    [t.total, s.total],
    [t.answeredCount, s.answered],
    [t.correctCount, s.correct],
    [t.wrongCount, s.wrong],
    [t.accuracy, `${s.accuracy}%`],
    [t.time, duration(s.seconds, t)],
  ];
  return (
    <section className="portal-page portal-practice-summary">
      <h1 className="portal-page-title">{round.setId === null ? t.errorRound : round.title}</h1>
      <Result
        status={s.finished ? 'success' : 'info'}
        title={<h2 className="portal-practice-summary-title">{s.finished ? t.done : t.notDone}</h2>}
        subTitle={format(t.sheetSummary, { answered: s.answered, total: s.total, correct: s.correct })}
        extra={[
          <Button key="again" type="primary" loading={again.running} onClick={() => void again.run()}>
            {round.setId === null ? t.practiseErrors : t.again}
          </Button>,
          <LinkButton key="review" to={practiceDetailPath(round.recordId, lang)}>
            {t.review}
          </LinkButton>,
          <LinkButton key="book" to={errorBookPath(lang)}>
            {t.toErrorBook}
          </LinkButton>,
          <LinkButton key="sets" to={practiceSetsPath(lang)}>
            {t.backToSets}
          </LinkButton>,
        ]}
      >
        <dl className="portal-practice-figures">
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Result>
    </section>
  );
}
