import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { ExamInfo } from '../features/exam/exam-info.tsx';
import { loadExamTask } from '../features/exam/exam-task.server.ts';

/** /account/exam/info?id=: the exam task, its start and admission ticket (features/exam/exam-info.tsx). */
export const loader = (args: LoaderFunctionArgs) => loadExamTask(args);

export default function ExamInfoPage() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded) return null;
  return (
    <AntdRoot>
      <ExamInfo key={loaded.task.taskId} task={loaded.task} />
    </AntdRoot>
  );
}
