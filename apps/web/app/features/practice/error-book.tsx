import { useNavigate, useSearchParams } from 'react-router';
import { Button, Empty, Pagination, Segmented, Tag } from 'antd';
import {
  PRACTICE_PAGE_SIZE,
  ErrorBookSource,
  startErrorBookPractice,
  type ErrorBookEntry,
} from '@portal/contract/calls/practice';
import type { Page } from '@portal/contract/envelope';
import { enumLabel } from '@portal/contract/enums';
import { request } from '../../lib/api.ts';
import { useAction } from '../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { dateTime } from '../../lib/date-time.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { StemContent } from '../rich-content/stem-content.tsx';
import { answerText, optionLabel, optionsOf } from './answer-text.ts';
import { practiceMessages } from './practice-messages.ts';
import { practiceAnalysisPath, practiceDetailPath, practiceSetsPath } from './practice-paths.ts';
import './practice.css';

const TYPES = [0, 1, 2, 3, 4, 6, 7] as const;

/**
 * /account/practice/error: the learner's error book, last wrong first, by question type (in the
 * address with the page): each question with its options, the last wrong answer, times wrong, when
 * last wrong and the streak of right answers toward the site's clear streak; 练习错题 starts a
 * round over the book (of the type shown).
 */
export function ErrorBookPage({ book }: { book: Page<ErrorBookEntry> & { clearStreak: number } }) {
  const t = useMessages(practiceMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('type'));
  const type = TYPES.find((x) => x === asked) ?? 0;
  const page = book.pageCurrent;

  const go = (next: { type?: number; page?: number }) => {
    const q = new URLSearchParams(params);
    const ty = next.type ?? type;
    if (ty) q.set('type', String(ty));
    else q.delete('type');
    if ((next.page ?? 1) === 1) q.delete('page');
    else q.set('page', String(next.page));
    setParams(q);
  };
  const practise = useAction(async () => {
    const started = await request(startErrorBookPractice, type ? { questionType: type } : {});
    void navigate(practiceDetailPath(started.recordId, lang));
  });

  return (
    <section className="portal-page portal-practice-book">
      <h1 className="portal-page-title">{t.errorBook}</h1>
      <div className="portal-practice-bar">
        <Segmented<number>
          aria-label={t.byType}
          value={type}
          onChange={(x) => go({ type: x })}
          options={TYPES.map((x) => ({ value: x, label: x === 0 ? t.allTypes : enumLabel('questionType', x, lang) }))}
        />
        <span className="portal-practice-bar-gap" />
        <LinkButton to={practiceAnalysisPath(lang)}>{t.analysis}</LinkButton>
        <Button
          type="primary"
          disabled={book.totalCount === 0}
          loading={practise.running}
          onClick={() => void practise.run()}
        >
          {t.practiseErrors}
        </Button>
      </div>
      <p className="portal-practice-book-count">
        {format(t.bookCount, { n: book.totalCount })}
        <span>{format(t.clearRule, { n: book.clearStreak })}</span>
      </p>
      {book.list.length === 0 ? (
        <Empty description={t.bookEmpty}>
          <LinkButton to={practiceSetsPath(lang)}>{t.backToSets}</LinkButton>
        </Empty>
      ) : (
        <ol className="portal-practice-book-list" aria-label={t.errorBook}>
          {book.list.map((e) => (
            <Entry key={e.questionId} entry={e} clearStreak={book.clearStreak} />
          ))}
        </ol>
      )}
      {book.totalCount > PRACTICE_PAGE_SIZE && (
        <Pagination
          className="portal-practice-pager"
          current={page}
          pageSize={PRACTICE_PAGE_SIZE}
          total={book.totalCount}
          showSizeChanger={false}
          onChange={(p) => go({ page: p })}
        />
      )}
    </section>
  );
}

function Entry({ entry: e, clearStreak }: { entry: ErrorBookEntry; clearStreak: number }) {
  const t = useMessages(practiceMessages);
  const lang = useLang();
  const options = optionsOf(e);
  return (
    <li className="portal-practice-entry" data-question-id={e.questionId}>
      <p className="portal-practice-entry-head">
        <Tag className="portal-practice-tag">{enumLabel('questionType', e.questionType, lang)}</Tag>
        <span>{format(t.difficulty, { label: enumLabel('difficulty', e.difficulty, lang) })}</span>
        <span>{e.sourceType === ErrorBookSource.EXAM ? t.fromExam : t.fromPractice}</span>
      </p>
      <StemContent stem={e.stem} className="portal-practice-stem" />
      {e.questionType === 6 ? (
        <p className="portal-practice-entry-options">
          {e.items.map((i) => i.text).join(' / ')} ⇄ {options.map((o) => optionLabel(o, e.questionType, t)).join(' / ')}
        </p>
      ) : (
        options.length > 0 && (
          <ul className="portal-practice-entry-options">
            {options.map((o) => (
              <li key={o.key}>{optionLabel(o, e.questionType, t)}</li>
            ))}
          </ul>
        )
      )}
      <p className="portal-practice-entry-answer">
        {t.lastAnswer}
        {answerText(e, e.lastAnswer, t)}
      </p>
      <p className="portal-practice-entry-meta">
        <span className="portal-practice-wrong-times">{format(t.wrongTimes, { n: e.wrongCount })}</span>
        <span>{format(t.lastWrong, { time: dateTime(e.lastWrongAt) })}</span>
        <span className="portal-practice-streak">{format(t.streakOf, { streak: e.rightStreak, n: clearStreak })}</span>
      </p>
    </li>
  );
}
