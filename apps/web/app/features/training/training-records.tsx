import { Link, useSearchParams } from 'react-router';
import { ExamTasks } from '../exam/exam-tasks.tsx';
import { PracticeSets } from '../practice/practice-sets.tsx';
import { practiceMessages } from '../practice/practice-messages.ts';
import { MyTasks, ProjectRecords, TaskRecords } from '../task/task-records.tsx';
import { taskMessages } from '../task/task-messages.ts';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';

const SECTIONS = ['exam', 'practice', 'task', 'project', 'record'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * The training records (/account?change=2): the learner's exam tasks (issue 13; decision 029) and,
 * under `section=`, the practice sets (`practice`, decision 031), the study tasks (`task`), the
 * study project records (`project`) and the task records (`record`; issue 20, decision 033), the
 * last two with their XLSX export. Each section keeps its own filters in the address; switching
 * section starts from its first page.
 */
export function TrainingRecords() {
  const t = useMessages(practiceMessages);
  const tt = useMessages(taskMessages);
  const lang = useLang();
  const [params] = useSearchParams();
  const asked = params.get('section');
  const current: Section = SECTIONS.find((s) => s === asked) ?? 'exam';
  const label: Record<Section, string> = {
    exam: t.examTab,
    practice: t.tab,
    task: tt.tasksTab,
    project: tt.projectsTab,
    record: tt.recordsTab,
  };
  return (
    <div className="portal-training">
      <nav className="portal-training-tabs" aria-label={t.tabs}>
        {SECTIONS.map((s) => (
          <Link
            key={s}
            to={`${localePath('/account', lang)}?change=2${s === 'exam' ? '' : `&section=${s}`}`}
            aria-current={s === current ? 'page' : undefined}
          >
            {label[s]}
          </Link>
        ))}
      </nav>
      {current === 'practice' ? (
        <PracticeSets />
      ) : current === 'task' ? (
        <MyTasks />
      ) : current === 'project' ? (
        <ProjectRecords />
      ) : current === 'record' ? (
        <TaskRecords />
      ) : (
        <ExamTasks />
      )}
    </div>
  );
}
