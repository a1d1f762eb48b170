import { useNavigate } from 'react-router';
import { Button, Tag } from 'antd';
import { PRACTICE_PAGE_SIZE, findPracticeSets, startPractice, type PracticeSet } from '@portal/contract/calls/practice';
import { enumLabel } from '@portal/contract/enums';
import { request } from '../../lib/api.ts';
import { useAction } from '../../lib/use-call.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import { dateTime } from '../../lib/date-time.ts';
import { LinkButton } from '../antd/link-button.tsx';
import { FilteredPagedList } from '../paging/filtered-paged-list.tsx';
import { practiceMessages } from './practice-messages.ts';
import { errorBookPath, practiceAnalysisPath, practiceDetailPath } from './practice-paths.ts';
import './practice.css';

/**
 * The practice sets of the training records (/account?change=2&section=practice; the spec names no
 * page for the practice sets' call, decision 031): the enterprise's practice sets by keyword, each
 * with its type, difficulty, questions a round and the learner's last round (继续练习 while it is
 * open), the error book and the analysis beside them. Keyword and page are in the address.
 */
export function PracticeSets() {
  const t = useMessages(practiceMessages);
  const lang = useLang();
  return (
    <section id="practice-sets" className="portal-practice-sets" aria-labelledby="practice-sets-title">
      <h2 id="practice-sets-title" className="portal-visually-hidden">
        {t.sets}
      </h2>
      <FilteredPagedList<PracticeSet>
        load={({ keyword, pageCurrent, pageSize }, signal) =>
          request(findPracticeSets, { pageCurrent, pageSize, ...(keyword ? { keyword } : {}) }, { signal })
        }
        pageSize={PRACTICE_PAGE_SIZE}
        rowKey={(s) => s.id}
        renderRow={(s) => <SetRow set={s} />}
        texts={{ keyword: t.keyword, keywordPlaceholder: t.keywordPlaceholder, list: t.sets, empty: t.empty }}
        actions={
          <>
            <LinkButton to={errorBookPath(lang)}>{t.errorBook}</LinkButton>
            <LinkButton to={practiceAnalysisPath(lang)}>{t.analysis}</LinkButton>
          </>
        }
      />
    </section>
  );
}

function SetRow({ set: s }: { set: PracticeSet }) {
  const t = useMessages(practiceMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const start = useAction(async () => {
    const started = await request(startPractice, { setId: s.id });
    void navigate(practiceDetailPath(started.recordId, lang));
  });
  const last = s.lastRound;
  const open = last !== null && last.finishedAt === null;
  return (
    <li className="portal-practice-set" data-set-id={s.id}>
      <div className="portal-practice-set-text">
        <h3 className="portal-practice-set-title">{s.title}</h3>
        {s.intro && <p className="portal-practice-set-intro">{s.intro}</p>}
        <p className="portal-practice-set-meta">
          <Tag className="portal-practice-tag">
            {s.questionType === null ? t.allTypes : enumLabel('questionType', s.questionType, lang)}
          </Tag>
          <Tag className="portal-practice-tag">
            {s.difficulty === null ? t.allDifficulties : enumLabel('difficulty', s.difficulty, lang)}
          </Tag>
          <span>{s.questionCount > 0 ? format(t.perRound, { n: s.questionCount }) : t.noQuestions}</span>
        </p>
        <p className="portal-practice-set-meta">
          {last
            ? format(t.lastRound, {
                time: dateTime(last.finishedAt ?? last.startedAt),
                answered: last.answered,
                total: last.total,
                correct: last.correct,
              })
            : t.neverPractised}
        </p>
      </div>
      <div className="portal-practice-set-actions">
        {open && <LinkButton to={practiceDetailPath(last.recordId, lang)}>{t.continue}</LinkButton>}
        <Button
          type="primary"
          disabled={s.questionCount === 0}
          loading={start.running}
          onClick={() => void start.run()}
        >
          {last ? t.again : t.start}
        </Button>
      </div>
    </li>
  );
}
