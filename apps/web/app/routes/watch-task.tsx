import { redirect } from 'react-router';
import { AntdRoot } from '../features/antd/antd-root.tsx';
import { nextItemOf } from '../features/task/task-parts.tsx';
import { taskPlayerPath } from '../features/task/task-paths.ts';
import { TaskPlayer } from '../features/task/task-player.tsx';
import { loadStudyTask } from '../features/task/task.server.ts';
import { pathLang } from '../lib/navigation.ts';
import type { Route } from './+types/watch-task';

/**
 * /watch/task?id=&itemId= (blank layout): the task player (features/task/task-player.tsx). Without
 * an item (or with one not of the task) it goes to the item the learner goes on with, so the item
 * shown stays the same when completing it changes which one that is.
 */
export async function loader(args: Route.LoaderArgs) {
  const loaded = await loadStudyTask(args);
  if (!loaded) return null;
  const { task, itemId } = loaded;
  if (!task.items.some((i) => i.id === itemId)) {
    const next = nextItemOf(task);
    if (next) throw redirect(taskPlayerPath(pathLang(new URL(args.request.url).pathname), task.id, next.id));
  }
  return loaded;
}

export default function WatchTaskPage({ loaderData: loaded }: Route.ComponentProps) {
  if (!loaded) return null;
  return (
    <AntdRoot>
      <TaskPlayer key={loaded.task.id} task={loaded.task} itemId={loaded.itemId} />
    </AntdRoot>
  );
}
