import { AntdRoot } from '../features/antd/antd-root.tsx';
import { TaskPlayer } from '../features/task/task-player.tsx';
import { loadStudyTask } from '../features/task/task.server.ts';
import type { Route } from './+types/watch-task';

/** /watch/task?id=&itemId= (blank layout): the task player (features/task/task-player.tsx). */
export const loader = (args: Route.LoaderArgs) => loadStudyTask(args);

export default function WatchTaskPage({ loaderData: loaded }: Route.ComponentProps) {
  if (!loaded) return null;
  return (
    <AntdRoot>
      <TaskPlayer key={loaded.task.id} task={loaded.task} itemId={loaded.itemId} />
    </AntdRoot>
  );
}
