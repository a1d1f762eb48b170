import { useRevalidator } from 'react-router';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { TaskDetail } from '../features/task/task-detail.tsx';
import { loadStudyTask } from '../features/task/task.server.ts';
import type { Route } from './+types/task-info';

/** /account/task/info?id=: one assigned study task (features/task/task-detail.tsx). */
export const loader = (args: Route.LoaderArgs) => loadStudyTask(args);

export default function TaskInfoPage({ loaderData: loaded }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  if (!loaded) return null;
  return (
    <AntdRoot>
      <TaskDetail key={loaded.task.id} task={loaded.task} onChanged={() => void revalidator.revalidate()} />
    </AntdRoot>
  );
}
