import * as calls from '@portal/contract';
import { learnerOf } from '../../platform/learner.ts';
import { defineModule } from '../../platform/module.ts';
import type { Platform } from '../../platform/platform.ts';
import { ProjectCatalogue } from './project-catalogue.ts';
import { ProjectCompletion } from './project-completion.ts';
import { ProjectEditor } from './project-editor.ts';
import { ProjectEditorRepository } from './project-editor.repository.ts';
import { ProjectEnrolment } from './project-enrolment.ts';
import { projectRecordExport } from './project-export.ts';
import { ProjectRecords } from './project-records.ts';
import { ProjectRepository } from './project.repository.ts';
import { ProjectProgress } from './project-progress.ts';

/** The project module's services, one per use case, over one repository. */
function buildProjectServices(p: Platform) {
  const repo = new ProjectRepository(p.db);
  const completion = new ProjectCompletion(repo);
  return {
    completion,
    catalogue: new ProjectCatalogue(repo, completion),
    enrolment: new ProjectEnrolment(repo),
    records: new ProjectRecords(repo),
    editor: new ProjectEditor(new ProjectEditorRepository(p.db)),
  };
}

/** The platform's one set of project services (the module's calls, its listener and tests). */
export const projectServicesOf = (platform: Platform) => platform.shared(buildProjectServices);

/**
 * Study projects (issue 20 item 5, decision 035): the public list (visitor mode), the signed-in
 * list, count, page, lecturers and admire; applying and withdrawing; administrators' decisions;
 * the learner's project records and their export. Listens for completed study tasks (resource
 * type 5) to complete the projects holding them.
 */
export default defineModule({
  name: 'project',
  register(gateway, platform) {
    const { completion, catalogue, enrolment, records, editor } = projectServicesOf(platform);
    const limited = { perMinute: platform.perMinute };
    const recordsExport = platform.exports.define('project-records', projectRecordExport(records));
    platform.learningEvents.listen((event) => completion.onLearned(event));

    gateway.call(calls.findPublicProjects, (q, ctx) => catalogue.findPublicProjects(ctx.eid, q));
    gateway.call(calls.findProjects, (q, ctx) => catalogue.findProjects(learnerOf(ctx.session), q));
    gateway.call(calls.countProjects, (q, ctx) => catalogue.countProjects(learnerOf(ctx.session), q));
    gateway.call(calls.viewProject, (q, ctx) => catalogue.viewProject(learnerOf(ctx.session), q.projectId, ctx.lang));
    gateway.call(calls.findProjectLecturers, (q, ctx) =>
      catalogue.findProjectLecturers(learnerOf(ctx.session), q, ctx.lang),
    );
    gateway.call(calls.admireProject, (q, ctx) => catalogue.admireProject(learnerOf(ctx.session), q.projectId));

    gateway.call(calls.applyProject, (q, ctx) => enrolment.apply(learnerOf(ctx.session), q.projectId), limited);
    gateway.call(calls.cancelProjectApplication, (q, ctx) => enrolment.cancel(learnerOf(ctx.session), q.projectId));
    gateway.call(calls.findAppliedProjects, (q, ctx) => enrolment.findAppliedProjects(learnerOf(ctx.session), q));
    gateway.call(calls.findProjectApplications, (q, ctx) => enrolment.findApplicants(ctx.session, q));
    gateway.call(calls.decideProjectApplication, (q, ctx) => enrolment.decide(ctx, q));
    gateway.call(calls.findAdminProjects, (q, ctx) => enrolment.findAdminProjects(ctx.session, q));
    gateway.call(calls.viewAdminProject, (q, ctx) => enrolment.viewAdminProject(ctx.session, q.id));
    gateway.call(calls.viewAdminProjectDetail, (q, ctx) => editor.project(ctx.eid, q.id));
    gateway.call(calls.createStudyProject, (q, ctx) => editor.create(ctx, q));
    gateway.call(calls.editStudyProject, ({ id, version, ...form }, ctx) => editor.edit(ctx, id, form, version));
    gateway.call(calls.deleteStudyProject, (q, ctx) => editor.remove(ctx, q.id));
    const progress = new ProjectProgress(platform.db);
    gateway.call(calls.viewStudyProjectProgress, (q, ctx) => progress.view(ctx.eid, q));
    gateway.call(calls.remindStudyProject, (q, ctx) => progress.remind(ctx, q));
    gateway.call(calls.decideProjectApplications, (q, ctx) => enrolment.decideMany(ctx, q));

    gateway.call(calls.findProjectRecords, (q, ctx) => records.findRecords(learnerOf(ctx.session), q));
    gateway.call(
      calls.exportProjectRecords,
      (q, ctx) =>
        recordsExport.start({
          eid: ctx.eid,
          accountId: ctx.session.accountId,
          lang: ctx.lang,
          params: {
            ...(q.statusLabel === undefined ? {} : { statusLabel: q.statusLabel }),
            ...(q.keyword ? { keyword: q.keyword } : {}),
          },
        }),
      limited,
    );
  },
});
