import path from 'node:path';
import type { FastifyReply } from 'fastify';
import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { learnerOf } from '../../platform/learner.ts';
import type { Platform } from '../../platform/platform.ts';
import { DEFAULT_WEB_BUILD } from '../../platform/web.ts';
import { TaskRepository } from './task.repository.ts';
import { TaskAdmin } from './task-admin.ts';
import { TaskCoaching } from './task-coaching.ts';
import { TaskEditor } from './task-editor.ts';
import { TaskEditorRepository } from './task-editor.repository.ts';
import { TASK_ARCHIVE_PATH, TASK_FILE_PATH, TaskDownloads } from './task-downloads.ts';
import { taskEventListener } from './task-events.ts';
import { taskRelationExport } from './task-export.ts';
import { TaskLearning } from './task-learning.ts';
import { TaskProgress } from './task-progress.ts';
import { TaskProgressRepository } from './task-progress.repository.ts';

/** The task module's services, one per use case, over one repository. */
function buildTaskServices(p: Platform) {
  const repo = new TaskRepository(p.db);
  const learning = new TaskLearning(repo);
  return {
    repo,
    learning,
    coaching: new TaskCoaching(repo),
    downloads: new TaskDownloads({
      repo,
      signer: p.signer,
      storage: p.storage,
      publicDir: path.join(DEFAULT_WEB_BUILD, 'client'),
    }),
    admin: new TaskAdmin(repo),
    progress: new TaskProgress(new TaskProgressRepository(p.db)),
    editor: new TaskEditor(new TaskEditorRepository(p.db)),
  };
}

export const taskServicesOf = (platform: Platform) => platform.shared(buildTaskServices);

/** `content-disposition` for a download: an ASCII fallback and the UTF-8 name. */
const attachment = (fileName: string) => {
  const ascii = fileName.replace(/[^\x20-\x7e]+/g, '').replace(/["\\]/g, '') || 'download';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};

/**
 * Study tasks (issue 20 items 1–4, decision 033): the learner's assigned tasks, counts and totals,
 * a task's page with its items, progress and order locks, downloads (signed links, counted),
 * marks, comments, training records and their export, coaching progress and confirmation, and
 * assigning by administrators. Listens to learning events of the modules below it.
 */
export default defineModule({
  name: 'task',
  register(gateway, platform) {
    const { repo, learning, coaching, downloads, admin, progress, editor } = taskServicesOf(platform);
    const limited = { perMinute: platform.perMinute };
    const relationsExport = platform.exports.define('study-task-relations', taskRelationExport(learning));
    platform.learningEvents.listen(taskEventListener(repo));
    const me = (ctx: { session: { eid: number; accountId: number } }) => learnerOf(ctx.session);

    gateway.call(calls.findStudyTasks, (q, ctx) => learning.findTasks(me(ctx), q));
    gateway.call(calls.countStudyTasks, (q, ctx) => learning.countTasks(me(ctx), q));
    gateway.call(calls.summarizeStudyTasks, (_q, ctx) => learning.summarize(me(ctx)));
    gateway.call(calls.viewStudyTask, (q, ctx) => learning.viewTask(me(ctx), q.taskId));
    gateway.call(calls.saveTaskProgress, (q, ctx) => learning.saveProgress(me(ctx), q));
    gateway.call(calls.getTaskResourceProgress, (q, ctx) => learning.getProgress(me(ctx), q));
    gateway.call(calls.checkTaskResource, (q, ctx) => learning.checkResource(me(ctx), q));
    gateway.call(calls.downloadTaskArchive, (q, ctx) => downloads.archiveLink(me(ctx), q.taskId), limited);
    gateway.call(calls.downloadTaskResource, (q, ctx) => downloads.fileLink(me(ctx), q.id), limited);
    gateway.call(calls.viewTaskMark, (q, ctx) => learning.viewMark(me(ctx), q.taskId));
    gateway.call(calls.saveTaskMark, (q, ctx) => learning.saveMark(me(ctx), q.taskId, q.marked));
    gateway.call(calls.findTaskComments, (q, ctx) => learning.findComments(me(ctx), q));
    gateway.call(calls.saveTaskComment, (q, ctx) => learning.saveComment(me(ctx), q.taskId, q.content), limited);
    gateway.call(calls.deleteTaskComment, (q, ctx) => learning.deleteComment(me(ctx), q.id));
    gateway.call(calls.findTaskRelations, (q, ctx) => learning.findRelations(me(ctx), q));
    gateway.call(
      calls.exportTaskRelations,
      (q, ctx) =>
        relationsExport.start({
          eid: ctx.eid,
          accountId: ctx.session.accountId,
          lang: ctx.lang,
          params: {
            ...(q.statusLabel === undefined ? {} : { statusLabel: q.statusLabel }),
            ...(q.taskType === undefined ? {} : { taskType: q.taskType }),
            ...(q.keyword ? { keyword: q.keyword } : {}),
          },
        }),
      limited,
    );
    gateway.call(calls.findCoachingRelations, (_q, ctx) => coaching.findRelations(me(ctx)));
    gateway.call(calls.findCoachingSteps, (q, ctx) => coaching.findSteps(me(ctx), q));
    gateway.call(calls.confirmCoachingStep, (q, ctx) => coaching.confirmStep(me(ctx), q));
    gateway.call(calls.assignStudyTask, (q, ctx) => admin.assign(ctx, q));
    gateway.call(calls.unassignStudyTask, (q, ctx) => admin.unassign(ctx, q));
    gateway.call(calls.findAdminStudyTasks, (q, ctx) => progress.list(ctx.eid, q));
    gateway.call(calls.viewStudyTaskProgress, (q, ctx) => progress.progress(ctx.eid, q));
    gateway.call(calls.viewStudyTaskDepartmentProgress, (q, ctx) => progress.departments(ctx.eid, q, ctx.lang));
    gateway.call(calls.remindStudyTask, (q, ctx) => progress.remind(ctx, q));
    gateway.call(calls.findTaskItemOptions, (q, ctx) => editor.options(ctx.eid, q));
    gateway.call(calls.viewAdminStudyTask, (q, ctx) => editor.task(ctx.eid, q.id));
    gateway.call(calls.createStudyTask, (q, ctx) => editor.create(ctx, q));
    gateway.call(calls.editStudyTask, ({ id, version, ...form }, ctx) => editor.edit(ctx, id, form, version));
    gateway.call(calls.deleteStudyTask, (q, ctx) => editor.remove(ctx, q.id));

    // What the signed links open: saved, never kept by a cache; 404 for a forged or expired link.
    const notFound = (reply: FastifyReply) =>
      reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found');
    gateway.app.get(TASK_FILE_PATH, async (req, reply) => {
      const { ticket } = req.query as { ticket?: string };
      const file = typeof ticket === 'string' ? await downloads.fileOf(ticket) : null;
      if (!file) return notFound(reply);
      if (file.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(file.url, 302);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', file.size)
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.stream);
    });
    gateway.app.get(TASK_ARCHIVE_PATH, async (req, reply) => {
      const { ticket } = req.query as { ticket?: string };
      const archive = typeof ticket === 'string' ? await downloads.archiveOf(ticket) : null;
      if (!archive) return notFound(reply);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachment(archive.fileName))
        .header('cache-control', 'no-store')
        .send(archive.stream);
    });
  },
});
