import { ErrorCode, type AdminProjectDetail, type StudyProjectForm } from '@portal/contract';
import type { Tx } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/session.ts';
import { ProjectEditorRepository as Repo, type ProjectValues, type StageValues } from './project-editor.repository.ts';

// The sanitiser (sanitize-html, with its parser) is loaded when rich text is first stored.
const sanitize = async (html: string) => (await import('@portal/contract/sanitize')).sanitizeRichText(html);

/** An administrator's call (the gateway settled that the session administers its enterprise). */
export interface ProjectEditorCaller {
  session: Session;
  audit: AdminAudit;
}

const tenths = (n: number) => Math.round(n * 10);
const notFound = () => new AppError(ErrorCode.NOT_FOUND);

const valuesOf = (form: StudyProjectForm, intro: string): ProjectValues => ({
  title: form.title,
  summary: form.summary,
  intro,
  coverUrl: form.coverUrl,
  startsAt: new Date(form.startsAt),
  endsAt: new Date(form.endsAt),
  capacity: form.capacity,
  priceFen: form.priceFen,
  enrolRule: form.enrolRule,
  creditTenths: tenths(form.creditHours),
  points: form.points,
  certificateTemplateId: form.certificateTemplateId,
  visitorVisible: form.visitorVisible,
  recommended: form.recommended,
  published: form.published,
});

const audited = (v: ProjectValues, stages: StageValues[], lecturerIds: number[]) => ({
  title: v.title,
  summary: v.summary,
  intro: v.intro,
  coverUrl: v.coverUrl,
  startsAt: v.startsAt.toISOString(),
  endsAt: v.endsAt.toISOString(),
  capacity: v.capacity,
  priceFen: v.priceFen,
  enrolRule: v.enrolRule,
  creditTenths: v.creditTenths,
  points: v.points,
  certificateTemplateId: v.certificateTemplateId,
  visitorVisible: v.visitorVisible,
  recommended: v.recommended,
  published: v.published,
  stages: stages.map((s) => [s.title, s.taskIds]),
  lecturerIds,
});

/**
 * The back office's study project editor (issue 22 item 5, decision 056). A project is saved with
 * its stages of tasks and its lecturers in one audited transaction, under the project's row lock —
 * the lock an application's seat update waits on — so the seats never fall below those taken
 * (8211). A study task belongs to one project's stage at most (8212); the tasks named are read
 * under a share lock. A project anyone applied to is not deleted (8213). Stages may change while
 * the project runs: enrolled learners are given the stage tasks as they are now, and a completion
 * already recorded (and earned) stays.
 */
export class ProjectEditor {
  constructor(private readonly repo: Repo) {}

  async project(eid: number, id: number): Promise<AdminProjectDetail> {
    const row = await this.repo.project(eid, id);
    if (!row) throw notFound();
    const db = this.repo.db;
    const [stages, lecturers, applications] = await Promise.all([
      Repo.stagesOf(db, eid, id),
      Repo.lecturersOf(db, eid, id),
      Repo.applications(db, eid, id),
    ]);
    return {
      id: row.id,
      title: row.title,
      summary: row.summary,
      intro: row.intro,
      coverUrl: row.coverUrl,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      capacity: row.capacity,
      priceFen: row.priceFen,
      enrolRule: row.enrolRule,
      creditHours: row.creditTenths / 10,
      points: row.points,
      certificateTemplateId: row.certificateTemplateId,
      visitorVisible: row.visitorVisible,
      recommended: row.recommended,
      published: row.published,
      stages,
      lecturers,
      seatsTaken: row.seatsTaken,
      applications,
      version: row.version,
    };
  }

  async create({ session, audit }: ProjectEditorCaller, form: StudyProjectForm) {
    const values = valuesOf(form, await sanitize(form.intro));
    return this.taskTaken(session.eid, null, form, () =>
      this.repo.transaction(async (tx) => {
        await this.check(tx, session.eid, null, form);
        const id = await Repo.insertProject(tx, session.eid, values);
        await Repo.setStages(tx, session.eid, id, form.stages);
        await Repo.setLecturers(tx, session.eid, id, form.lecturerIds);
        await audit.record(tx, {
          entityType: 'study_project',
          entityId: id,
          before: null,
          after: audited(values, form.stages, form.lecturerIds),
        });
        return { id };
      }),
    );
  }

  async edit({ session, audit }: ProjectEditorCaller, id: number, form: StudyProjectForm, version?: string) {
    const values = valuesOf(form, await sanitize(form.intro));
    return this.taskTaken(session.eid, id, form, () =>
      this.repo.transaction(async (tx) => {
        const eid = session.eid;
        const before = await Repo.lockProject(tx, eid, id);
        if (!before) throw notFound();
        // Saved over a newer version than the form was read from: the other change would be lost.
        if (version !== undefined && version !== before.version) throw new AppError(ErrorCode.PROJECT_CHANGED);
        if (values.capacity > 0 && values.capacity < before.seatsTaken)
          throw new AppError(ErrorCode.PROJECT_CAPACITY_BELOW_SEATS, { params: { n: before.seatsTaken } });
        await this.check(tx, eid, id, form);
        const [stagesBefore, lecturersBefore] = await Promise.all([
          Repo.stagesOf(tx, eid, id),
          Repo.lecturersOf(tx, eid, id),
        ]);
        await Repo.updateProject(tx, eid, id, values);
        await Repo.setStages(tx, eid, id, form.stages);
        await Repo.setLecturers(tx, eid, id, form.lecturerIds);
        await audit.record(tx, {
          entityType: 'study_project',
          entityId: id,
          before: audited(
            before,
            stagesBefore.map((s) => ({ title: s.title, taskIds: s.tasks.map((x) => x.id) })),
            lecturersBefore.map((l) => l.id),
          ),
          after: audited(values, form.stages, form.lecturerIds),
        });
        return { id };
      }),
    );
  }

  async remove({ session, audit }: ProjectEditorCaller, id: number) {
    return this.repo.transaction(async (tx) => {
      const eid = session.eid;
      const before = await Repo.lockProject(tx, eid, id);
      if (!before) throw notFound();
      const applied = await Repo.applications(tx, eid, id);
      if (applied > 0) throw new AppError(ErrorCode.PROJECT_HAS_APPLICATIONS, { params: { n: applied } });
      const [stages, lecturers] = await Promise.all([Repo.stagesOf(tx, eid, id), Repo.lecturersOf(tx, eid, id)]);
      await Repo.removeProject(tx, eid, id);
      await audit.record(tx, {
        entityType: 'study_project',
        entityId: id,
        before: audited(
          before,
          stages.map((s) => ({ title: s.title, taskIds: s.tasks.map((x) => x.id) })),
          lecturers.map((l) => l.id),
        ),
        after: null,
      });
      return { id };
    });
  }

  /**
   * Runs a save; when another project's save took one of the form's tasks meanwhile (both passed the
   * check before either committed), the stage tasks' unique index refuses the second: that is
   * 8212 with the task's title, as the check would have said.
   */
  private async taskTaken<T>(
    eid: number,
    projectId: number | null,
    form: StudyProjectForm,
    save: () => Promise<T>,
  ): Promise<T> {
    try {
      return await save();
    } catch (err) {
      const pg =
        (err as { cause?: { code?: string; constraint?: string } }).cause ??
        (err as { code?: string; constraint?: string });
      if (pg.code !== '23505' || pg.constraint !== 'study_project_stage_tasks_task_idx') throw err;
      const titles = await this.repo.takenTitles(
        eid,
        form.stages.flatMap((s) => s.taskIds),
        projectId,
      );
      throw new AppError(ErrorCode.PROJECT_TASK_TAKEN, { params: { title: titles.join('、') } });
    }
  }

  /** Every task, lecturer and template named exists in the enterprise; no task is another project's. */
  private async check(tx: Tx, eid: number, projectId: number | null, form: StudyProjectForm) {
    const taskIds = form.stages.flatMap((s) => s.taskIds);
    const tasks = await Repo.tasks(tx, eid, taskIds);
    const templates = form.certificateTemplateId === null ? [] : [form.certificateTemplateId];
    if (
      tasks.length !== new Set(taskIds).size ||
      (await Repo.existing(tx, eid, 'lecturers', form.lecturerIds)) !== new Set(form.lecturerIds).size ||
      (await Repo.existing(tx, eid, 'templates', templates)) !== templates.length
    )
      throw new AppError(ErrorCode.PROJECT_REF_UNKNOWN);
    const taken = tasks.find((x) => x.projectId !== null && x.projectId !== projectId);
    if (taken) throw new AppError(ErrorCode.PROJECT_TASK_TAKEN, { params: { title: taken.title } });
  }
}
