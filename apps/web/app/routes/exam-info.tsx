import { AntdRoot } from '../features/antd/antd-root.tsx';
import { ExamInfo } from '../features/exam/exam-info.tsx';
import { loadExamTask } from '../features/exam/exam-task.server.ts';
import type { Route } from './+types/exam-info';

/** /account/exam/info?id=: the exam task, its start and admission ticket (features/exam/exam-info.tsx). */
export const loader = (args: Route.LoaderArgs) => loadExamTask(args);

export default function ExamInfoPage({ loaderData: loaded }: Route.ComponentProps) {
  if (!loaded) return null;
  return (
    <AntdRoot>
      <ExamInfo key={loaded.task.taskId} task={loaded.task} />
    </AntdRoot>
  );
}
