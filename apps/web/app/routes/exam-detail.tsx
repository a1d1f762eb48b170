import { AntdRoot } from '../features/antd/antd-root.tsx';
import { ExamAttempts } from '../features/exam/exam-attempts.tsx';
import { loadExamTask } from '../features/exam/exam-task.server.ts';
import type { Route } from './+types/exam-detail';

/** /account/exam/detail?id=: the learner's attempts of an exam task (features/exam/exam-attempts.tsx). */
export const loader = (args: Route.LoaderArgs) => loadExamTask(args);

export default function ExamDetailPage({ loaderData: loaded }: Route.ComponentProps) {
  if (!loaded) return null;
  return (
    <AntdRoot>
      <ExamAttempts task={loaded.task} />
    </AntdRoot>
  );
}
