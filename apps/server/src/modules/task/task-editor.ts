import { ErrorCode, TaskType, type AdminStudyTaskDetail, type StudyTaskForm } from '@portal/contract';
import type { Tx } from '@portal/db';
import { AppError } from '../../platform/errors.ts';
import { AssignmentTarget } from '../assignment/index.ts';
import type { TaskAdminCaller } from './task-admin.ts';
import {
  TaskEditorRepository as Repo,
  type ItemValues,
  type MentorPair,
  type Target,
  type TaskRecord,
  type TaskValues,
} from './task-editor.repository.ts';

// The sanitiser (sanitize-html, with its parser) is loaded when rich text is first stored.
const sanitize = async (html: string) => (await import('@portal/contract/sanitize')).sanitizeRichText(html);

const tenths = (n: number) => Math.round(n * 10);
const fromTenths = (n: number) => n / 10;
const notFound = () => new AppError(ErrorCode.STUDY_TASK_NOT_FOUND);

function valuesOf(form: StudyTaskForm, intro: string): TaskValues {
  const passRule: TaskValues['passRule'] = {};
  if (form.taskType === TaskType.ASSESSMENT) {
    if (form.minExamScore !== null) passRule.minExamScoreTenths = tenths(form.minExamScore);
    if (form.minRequiredDone !== null) passRule.minRequiredDone = form.minRequiredDone;
  }
  return {
    title: form.title,
    intro,
    coverUrl: form.coverUrl,
    taskType: form.taskType,
    ordered: form.ordered,
    timed: form.timed,
    startsAt: new Date(form.startsAt),
    endsAt: new Date(form.endsAt),
    passRule,
    creditTenths: tenths(form.creditHours),
    points: form.points,
    certificateTemplateId: form.certificateTemplateId,
    commentsOpen: form.commentsOpen,
    published: form.published,
  };
}

const targetsOf = (form: StudyTaskForm): Target[] => [
  ...[...new Set(form.people)].map((targetId) => ({ targetType: AssignmentTarget.PERSON, targetId })),
  ...[...new Set(form.departments)].map((targetId) => ({ targetType: AssignmentTarget.DEPARTMENT, targetId })),
  ...[...new Set(form.tags)].map((targetId) => ({ targetType: AssignmentTarget.TAG, targetId })),
];

/** What decides learners' standing: once anyone has started, it stays (decision 056). */
const contentOf = (taskType: number, passRule: TaskValues['passRule'], items: ItemValues[]) => {
  // Only an assessment reads its pass rule (task.rules.ts): another kind's stored rule is no content.
  const rule = taskType === TaskType.ASSESSMENT ? passRule : {};
  return JSON.stringify({
    taskType,
    minExamScoreTenths: rule.minExamScoreTenths ?? null,
    minRequiredDone: rule.minRequiredDone ?? null,
    items: items.map((i) => [i.resourceType, i.resourceId, i.required, i.minScoreTenths]),
  });
};

const audited = (row: TaskValues, items: ItemValues[], targets: Target[], mentors: MentorPair[]) => ({
  title: row.title,
  intro: row.intro,
  coverUrl: row.coverUrl,
  taskType: row.taskType,
  ordered: row.ordered,
  timed: row.timed,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  passRule: row.passRule,
  creditTenths: row.creditTenths,
  points: row.points,
  certificateTemplateId: row.certificateTemplateId,
  commentsOpen: row.commentsOpen,
  published: row.published,
  items: items.map((i) => [i.resourceType, i.resourceId, i.required, i.minScoreTenths]),
  targets: targets.map((x) => [x.targetType, x.targetId]),
  mentors: mentors.map((m) => [m.learnerId, m.mentorId]),
});

/**
 * The back office's study task editor (issue 22 item 5, decision 056). A task is saved with its
 * items in order, its rule, its mentors and its person, department and tag rules in one
 * transaction, under the task's row lock. Items name resources of the enterprise, read under a
 * share lock so none is deleted between the check and the save. Once a learner has a standing in
 * the task, its type, items and pass rule stay as they are (8113) — what learners completed and
 * earned was judged by them — and it is no longer deleted (8114); its window, texts, what it
 * earns from now on, its mentors and its assignment still change.
 */
export class TaskEditor {
  constructor(private readonly repo: Repo) {}

  options(eid: number, q: { resourceType: number; keyword?: string | undefined }) {
    return this.repo.options(eid, q.resourceType, q.keyword);
  }

  async task(eid: number, id: number): Promise<AdminStudyTaskDetail> {
    const row = await this.repo.task(eid, id);
    if (!row) throw notFound();
    const db = this.repo.db;
    const [items, targets, mentors, startedCount, projectTitle] = await Promise.all([
      Repo.items(db, eid, id),
      Repo.targetsOf(db, eid, id),
      Repo.mentorsOf(db, eid, id),
      Repo.startedCount(db, eid, id),
      Repo.projectOf(db, eid, id),
    ]);
    const of = (type: number) =>
      targets.filter((x) => x.targetType === type).map((x) => ({ id: x.targetId, name: x.name }));
    return {
      id: row.id,
      title: row.title,
      intro: row.intro,
      coverUrl: row.coverUrl,
      taskType: row.taskType,
      ordered: row.ordered,
      timed: row.timed,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      minExamScore: row.passRule.minExamScoreTenths === undefined ? null : fromTenths(row.passRule.minExamScoreTenths),
      minRequiredDone: row.passRule.minRequiredDone ?? null,
      creditHours: fromTenths(row.creditTenths),
      points: row.points,
      certificateTemplateId: row.certificateTemplateId,
      commentsOpen: row.commentsOpen,
      published: row.published,
      items: items.map((i) => ({
        resourceType: i.resourceType,
        resourceId: i.resourceId,
        title: i.title,
        required: i.required,
        minScore: i.minScoreTenths === null ? null : fromTenths(i.minScoreTenths),
      })),
      mentors: mentors.map((m) => ({
        learner: { id: m.learnerId, name: m.learnerName },
        mentor: { id: m.mentorId, name: m.mentorName },
      })),
      people: of(AssignmentTarget.PERSON),
      departments: of(AssignmentTarget.DEPARTMENT),
      tags: of(AssignmentTarget.TAG),
      startedCount,
      projectTitle,
      version: row.version,
    };
  }

  async create({ session, audit }: TaskAdminCaller, form: StudyTaskForm) {
    const values = valuesOf(form, await sanitize(form.intro));
    return this.repo.transaction(async (tx) => {
      const items = await this.check(tx, session.eid, form, []);
      const id = await Repo.insertTask(tx, session.eid, values);
      const targets = targetsOf(form);
      await Repo.setItems(tx, session.eid, id, items);
      await Repo.setTargets(tx, session.eid, id, targets);
      await Repo.setMentors(tx, session.eid, id, form.mentors);
      await audit.record(tx, {
        entityType: 'study_task',
        entityId: id,
        before: null,
        after: audited(values, items, targets, form.mentors),
      });
      return { id };
    });
  }

  async edit({ session, audit }: TaskAdminCaller, id: number, form: StudyTaskForm, version?: string) {
    const values = valuesOf(form, await sanitize(form.intro));
    return this.repo.transaction(async (tx) => {
      const eid = session.eid;
      const before = await Repo.lockTask(tx, eid, id);
      if (!before) throw notFound();
      // Saved over a newer version than the form was read from: the other change would be lost.
      if (version !== undefined && version !== before.version) throw new AppError(ErrorCode.STUDY_TASK_CHANGED);
      const items = await this.check(tx, eid, form, await Repo.mentorsOf(tx, eid, id));
      const project = await Repo.projectOf(tx, eid, id);
      // Unpublished, a stage task no longer counts, and its project's learners would complete without it.
      if (project !== null && !values.published && before.published)
        throw new AppError(ErrorCode.STUDY_TASK_IN_PROJECT, { params: { title: project } });
      const [beforeItems, beforeTargets, beforeMentors] = await Promise.all([
        Repo.items(tx, eid, id),
        Repo.targetsOf(tx, eid, id),
        Repo.mentorsOf(tx, eid, id),
      ]);
      const contentChanged =
        contentOf(before.taskType, before.passRule, beforeItems) !== contentOf(values.taskType, values.passRule, items);
      const started = (await Repo.startedCount(tx, eid, id)) > 0;
      if (contentChanged && started) throw new AppError(ErrorCode.STUDY_TASK_CONTENT_LOCKED);
      // A missed mark never clears (task.rules.ts): once learners have started, a timed task is not
      // made of one, nor its end moved before now.
      const endMovedPast = values.endsAt.getTime() !== before.endsAt.getTime() && values.endsAt.getTime() <= Date.now();
      if (started && ((values.timed && !before.timed) || endMovedPast))
        throw new AppError(ErrorCode.STUDY_TASK_WINDOW_LOCKED);
      await Repo.updateTask(tx, eid, id, values);
      const targets = targetsOf(form);
      await Repo.setItems(tx, eid, id, items);
      await Repo.setTargets(tx, eid, id, targets);
      await Repo.setMentors(tx, eid, id, form.mentors);
      await audit.record(tx, {
        entityType: 'study_task',
        entityId: id,
        before: audited(before, beforeItems, beforeTargets, beforeMentors),
        after: audited(values, items, targets, form.mentors),
      });
      return { id };
    });
  }

  async remove({ session, audit }: TaskAdminCaller, id: number) {
    return this.repo.transaction(async (tx) => {
      const eid = session.eid;
      const before: TaskRecord | null = await Repo.lockTask(tx, eid, id);
      if (!before) throw notFound();
      const started = await Repo.startedCount(tx, eid, id);
      if (started > 0) throw new AppError(ErrorCode.STUDY_TASK_STARTED, { params: { n: started } });
      const project = await Repo.projectOf(tx, eid, id);
      if (project !== null) throw new AppError(ErrorCode.STUDY_TASK_IN_PROJECT, { params: { title: project } });
      const [items, targets, mentors] = await Promise.all([
        Repo.items(tx, eid, id),
        Repo.targetsOf(tx, eid, id),
        Repo.mentorsOf(tx, eid, id),
      ]);
      await Repo.removeTask(tx, eid, id);
      await audit.record(tx, {
        entityType: 'study_task',
        entityId: id,
        before: audited(before, items, targets, mentors),
        after: null,
      });
      return { id };
    });
  }

  /**
   * Every item, person, department, tag, template and mentor named exists in the enterprise, and
   * a mentor added (not among `kept`, the stored pairs) has an account in use; the items with
   * their titles. A pair kept whose mentor was disabled since stays: the edit is of something else.
   */
  private async check(tx: Tx, eid: number, form: StudyTaskForm, kept: MentorPair[]): Promise<ItemValues[]> {
    const titles = await Repo.itemTitles(tx, eid, form.items);
    const items = form.items.map((i) => ({
      resourceType: i.resourceType,
      resourceId: i.resourceId,
      title: titles.get(`${i.resourceType}:${i.resourceId}`) ?? '',
      required: i.required,
      minScoreTenths: i.minScore === null ? null : tenths(i.minScore),
    }));
    if (form.items.some((i) => !titles.has(`${i.resourceType}:${i.resourceId}`)))
      throw new AppError(ErrorCode.STUDY_TASK_ITEM_UNKNOWN);
    const targets: Array<['people' | 'departments' | 'tags', number[]]> = [
      ['people', [...new Set(form.people)]],
      ['departments', [...new Set(form.departments)]],
      ['tags', [...new Set(form.tags)]],
    ];
    for (const [kind, ids] of targets) {
      if ((await Repo.existing(tx, eid, kind, ids)) !== ids.length)
        throw new AppError(ErrorCode.STUDY_TASK_TARGET_UNKNOWN);
    }
    const mentorIds = [...new Set(form.mentors.flatMap((m) => [m.learnerId, m.mentorId]))];
    const templates = form.certificateTemplateId === null ? [] : [form.certificateTemplateId];
    if (
      (await Repo.existing(tx, eid, 'people', mentorIds)) !== mentorIds.length ||
      (await Repo.existing(tx, eid, 'templates', templates)) !== templates.length
    )
      throw new AppError(ErrorCode.STUDY_TASK_REF_UNKNOWN);
    const added = form.mentors
      .filter((m) => !kept.some((k) => k.learnerId === m.learnerId && k.mentorId === m.mentorId))
      .map((m) => m.mentorId);
    const disabled = await Repo.disabledMember(tx, eid, [...new Set(added)]);
    if (disabled !== null) throw new AppError(ErrorCode.STUDY_TASK_MENTOR_DISABLED, { params: { name: disabled } });
    return items;
  }
}
