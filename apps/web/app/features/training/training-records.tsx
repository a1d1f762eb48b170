import { Link, useSearchParams } from 'react-router';
import { ExamTasks } from '../exam/exam-tasks.tsx';
import { PracticeSets } from '../practice/practice-sets.tsx';
import { practiceMessages } from '../practice/practice-messages.ts';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';

/**
 * The training records (/account?change=2): the learner's exam tasks (issue 13; decision 029) and,
 * under `section=practice`, the practice sets (decision 031). Each section keeps its own filters
 * in the address; switching section starts from its first page.
 */
export function TrainingRecords() {
  const t = useMessages(practiceMessages);
  const lang = useLang();
  const [params] = useSearchParams();
  const practice = params.get('section') === 'practice';
  const sections = [
    { key: 'exam', label: t.examTab, to: '?change=2', current: !practice },
    { key: 'practice', label: t.tab, to: '?change=2&section=practice', current: practice },
  ];
  return (
    <div className="portal-training">
      <nav className="portal-training-tabs" aria-label={t.tabs}>
        {sections.map((s) => (
          <Link key={s.key} to={`${localePath('/account', lang)}${s.to}`} aria-current={s.current ? 'page' : undefined}>
            {s.label}
          </Link>
        ))}
      </nav>
      {practice ? <PracticeSets /> : <ExamTasks />}
    </div>
  );
}
