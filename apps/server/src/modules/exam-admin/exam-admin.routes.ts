import * as calls from '@portal/contract';
import { startAuditedExport } from '../../platform/audited-export.ts';
import { defineModule } from '../../platform/module.ts';
import { examResultsExport } from './exam-results-export.ts';
import { ExamTaskAdmin } from './exam-task-admin.ts';
import { ExamTaskAdminRepository } from './exam-task-admin.repository.ts';

/** The back office's exam tasks (issue 22 item 3, decision 049). */
export default defineModule({
  name: 'exam-admin',
  register(gateway, platform) {
    const repo = new ExamTaskAdminRepository(platform.db);
    const tasks = new ExamTaskAdmin(repo);
    const resultsKind = platform.exports.define('crm-exam-results', examResultsExport(repo));
    gateway.call(calls.findAdminExamTasks, (q, ctx) => tasks.tasks(ctx.eid, q));
    gateway.call(calls.viewAdminExamTask, (q, ctx) => tasks.task(ctx.eid, q.id));
    gateway.call(calls.createExamTask, (q, ctx) => tasks.create(ctx, q));
    gateway.call(calls.editExamTask, ({ id, ...form }, ctx) => tasks.edit(ctx, id, form));
    gateway.call(calls.deleteExamTask, (q, ctx) => tasks.remove(ctx, q.id));
    gateway.call(calls.findExamTaskResults, (q, ctx) => tasks.results(ctx.eid, q));
    gateway.call(calls.findExamTaskAttempts, (q, ctx) => tasks.attempts(ctx.eid, q.id, q.accountId));
    gateway.call(calls.exportExamTaskResults, async (q, ctx) => {
      await tasks.task(ctx.eid, q.id); // an unknown exam is refused now (9521), not in the job
      // Who took the list of results, and which, is in the audit log.
      return startAuditedExport(platform.db, resultsKind, ctx, q, 'exam_results_export');
    });
    gateway.call(calls.reopenExamAttempt, (q, ctx) => tasks.reopen(ctx, q.id, q.accountId, q.reason));
    gateway.call(calls.findCertificateTemplates, (_q, ctx) => tasks.certificateTemplates(ctx.eid));
  },
});
