import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  TaskResourceType,
  TaskType,
  downloadTaskArchive,
  downloadTaskResource,
  type StudyTaskDetail,
  type StudyTaskItem,
} from '@portal/contract/calls/task';
import { enumLabel } from '@portal/contract/enums';
import { request } from '../../lib/api.ts';
import { format, useLang, useMessages } from '../../lib/i18n.ts';
import type { Lang } from '../../lib/navigation.ts';
import { taskMessages, type TaskTexts } from './task-messages.ts';
import './task.css';

/** A task's (or project record's) status label as a coloured tag (colours readable, WCAG AA). */
export function TaskStatusTag({ statusLabel }: { statusLabel: number }) {
  const lang = useLang();
  return (
    <span className={`portal-task-status is-status-${statusLabel}`} data-status-label={statusLabel}>
      {enumLabel('statusLabel', statusLabel, lang)}
    </span>
  );
}

/** Credit hours from tenths, as the server keeps them: 1.5, 2. */
export const hoursOf = (tenths: number) => String(tenths / 10);

/** What completing a task earns: hours (or credits), points, a certificate; empty when nothing. */
export function rewardText(
  task: Pick<StudyTaskDetail, 'creditTenths' | 'points' | 'hasCertificate'>,
  t: TaskTexts,
  hours: boolean,
  lang: Lang,
): string {
  return [
    task.creditTenths > 0 ? format(hours ? t.rewardHours : t.rewardCredits, { hours: hoursOf(task.creditTenths) }) : '',
    task.points > 0 ? format(t.rewardPoints, { points: task.points }) : '',
    task.hasCertificate ? t.rewardCertificate : '',
  ]
    .filter(Boolean)
    .join(lang === 'en' ? ', ' : '、');
}

/** An item's score (tenths of a point) as a learner reads it. */
const points = (tenths: number) => String(tenths / 10);

/** The state of one item as a short text: locked, done, the score or check-ins, the share. */
export function itemState(item: StudyTaskItem, coaching: boolean, t: TaskTexts): string {
  if (item.locked) return t.locked;
  const parts: string[] = [];
  if (item.done) parts.push(t.done);
  else if (item.waitingForMarking) parts.push(t.waitingForMarking);
  else if (item.checkInsRequired !== null && item.checkInsMade !== null)
    parts.push(format(t.checkIns, { made: item.checkInsMade, required: item.checkInsRequired }));
  else parts.push(item.progressPercent > 0 ? format(t.percent, { percent: item.progressPercent }) : t.notDone);
  if (item.scoreTenths !== null) parts.push(format(t.score, { score: points(item.scoreTenths) }));
  if (coaching && item.confirmed !== null) parts.push(item.confirmed ? t.confirmed : t.notConfirmed);
  return parts.join(' · ');
}

/**
 * The items of a task in order: position, resource type, title, required or optional, the
 * learner's state in it; a locked item is shown locked and not openable (the server answers 8004,
 * silently). `href` makes an open item a link (to the player at it); `current` marks the one shown;
 * `extra` adds controls to an item (its download).
 */
export function TaskItemList({
  task,
  current,
  href,
  extra,
}: {
  task: Pick<StudyTaskDetail, 'items' | 'taskType'>;
  current?: number;
  href?: (item: StudyTaskItem) => string;
  extra?: (item: StudyTaskItem) => ReactNode;
}) {
  const t = useMessages(taskMessages);
  const lang = useLang();
  const coaching = task.taskType === TaskType.COACHING;
  return (
    <ol className="portal-task-items">
      {task.items.map((item) => {
        const className = [
          'portal-task-item',
          item.id === current ? 'is-current' : '',
          item.locked ? 'is-locked' : '',
          item.done ? 'is-done' : '',
        ]
          .filter(Boolean)
          .join(' ');
        const title = (
          <>
            <span className="portal-task-item-no" aria-hidden="true">
              {item.position}
            </span>
            <span className="portal-task-item-title">{item.title}</span>
          </>
        );
        return (
          <li key={item.id} className={className} data-item-id={item.id} data-locked={item.locked || undefined}>
            <div className="portal-task-item-head">
              {href && !item.locked ? (
                <Link to={href(item)} aria-current={item.id === current ? 'step' : undefined}>
                  {title}
                </Link>
              ) : (
                <span aria-disabled={item.locked || undefined}>{title}</span>
              )}
            </div>
            <p className="portal-task-item-meta">
              <span className="portal-task-item-type">{enumLabel('resourceType', item.resourceType, lang)}</span>
              <span className={item.required ? 'portal-task-item-required' : 'portal-task-item-optional'}>
                {item.required ? t.required : t.optional}
              </span>
              <span className="portal-task-item-state">{itemState(item, coaching, t)}</span>
              {item.locked && <span className="portal-visually-hidden">{t.lockedHint}</span>}
            </p>
            {extra?.(item)}
          </li>
        );
      })}
    </ol>
  );
}

/** The item the learner goes on with: the first open one not done, else the first. */
export function nextItemOf(task: Pick<StudyTaskDetail, 'items'>): StudyTaskItem | undefined {
  return task.items.find((i) => !i.locked && !i.done) ?? task.items[0];
}

/** Whether an item is a material with a file (downloaded by its own signed link). */
export const isDownloadable = (item: StudyTaskItem) =>
  item.resourceType === TaskResourceType.MATERIAL && item.downloadable && !item.locked;

/**
 * Saves a signed link's file in the browser (the link is short-lived: asked for at the click). A
 * locked item's 8004 is rejected silently by the request layer; other refusals show their message.
 */
export async function downloadTaskFile(target: { taskId: number } | { itemId: number }): Promise<void> {
  const link =
    'taskId' in target
      ? await request(downloadTaskArchive, { taskId: target.taskId })
      : await request(downloadTaskResource, { id: target.itemId });
  const a = document.createElement('a');
  a.href = link.url;
  a.download = link.fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}
