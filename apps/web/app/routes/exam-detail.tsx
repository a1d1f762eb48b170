import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { ExamAttempts } from '../features/exam/exam-attempts.tsx';
import { loadExamTask } from '../features/exam/exam-task.server.ts';

/** /account/exam/detail?id=: the learner's attempts of an exam task (features/exam/exam-attempts.tsx). */
export const loader = (args: LoaderFunctionArgs) => loadExamTask(args);

export default function ExamDetailPage() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded) return null;
  return (
    <AntdRoot>
      <ExamAttempts task={loaded.task} />
    </AntdRoot>
  );
}
