import { TaskResourceType, TaskType, type StudyTaskItem, type StudyTaskRow, type TaskComment } from '@portal/contract';
import type { CommentRow, ListedTaskRow, MaterialRow, StandingRow, TaskRow } from './task.repository.ts';
import type { ItemState } from './task.rules.ts';
import { EXAM_ITEM_TYPES } from './task.rules.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A material the learner may download: a document with a file. */
export const isDownloadable = (m: MaterialRow | undefined): m is MaterialRow =>
  m !== undefined && m.kind === 2 && m.url !== '';

/** The standing fields every view of a task carries. */
export function presentStanding(
  s: Pick<StandingRow, 'status' | 'progressPercent' | 'requiredDone' | 'requiredCount' | 'completedAt'>,
) {
  return {
    statusLabel: s.status,
    progressPercent: s.progressPercent,
    requiredDone: s.requiredDone,
    requiredCount: s.requiredCount,
    completedAt: iso(s.completedAt),
  };
}

export function presentTaskRow(t: TaskRow, s: Parameters<typeof presentStanding>[0]): StudyTaskRow {
  return {
    id: t.id,
    title: t.title,
    cover: t.coverUrl,
    taskType: t.taskType,
    ordered: t.ordered,
    timed: t.timed,
    startsAt: t.startsAt.toISOString(),
    endsAt: t.endsAt.toISOString(),
    ...presentStanding(s),
    creditTenths: t.creditTenths,
    points: t.points,
    hasCertificate: t.certificateTemplateId !== null,
  };
}

/** A listed task: its stored standing, or none yet (not started, nothing done). */
export function presentListedTask(r: ListedTaskRow): StudyTaskRow {
  return presentTaskRow(r, {
    status: r.status ?? 1,
    progressPercent: r.progressPercent ?? 0,
    requiredDone: r.requiredDone ?? 0,
    requiredCount: r.requiredCount ?? r.itemCount,
    completedAt: r.completedAt,
  });
}

export function presentItem(task: TaskRow, s: ItemState, materials: Map<number, MaterialRow>): StudyTaskItem {
  const { item } = s;
  const material = item.resourceType === TaskResourceType.MATERIAL ? materials.get(item.resourceId) : undefined;
  const open = !s.locked;
  return {
    id: item.id,
    position: item.position,
    resourceType: item.resourceType,
    resourceId: item.resourceId,
    title: item.title,
    required: item.required,
    locked: s.locked,
    done: s.done,
    progressPercent: s.progressPercent,
    completedAt: iso(s.completedAt),
    scoreTenths: s.scoreTenths,
    minScoreTenths: s.barTenths,
    examTaskId: EXAM_ITEM_TYPES.includes(item.resourceType) ? item.resourceId : null,
    waitingForMarking: s.waitingForMarking,
    attemptsLeft: s.attemptsLeft,
    checkInsMade: s.checkIn?.made ?? null,
    checkInsRequired: s.checkIn?.required ?? null,
    confirmed: task.taskType === TaskType.COACHING ? s.confirmedAt !== null : null,
    downloadable: isDownloadable(material),
    downloadCount: item.downloadCount,
    // A locked item's file is not handed out (the page shows it locked).
    previewUrl: open && material ? material.url : '',
    fileName: open && material ? material.fileName || material.title : '',
  };
}

export function presentComment(c: CommentRow, viewerId: number): TaskComment {
  return {
    id: c.id,
    content: c.content,
    userName: c.name,
    headPortrait: c.headPortrait,
    gmtCreate: c.createdAt.toISOString(),
    mine: c.accountId === viewerId,
  };
}
