import * as calls from '@portal/contract';
import { ErrorCode } from '@portal/contract';
import { startAuditedExport } from '../../platform/audited-export.ts';
import { AppError } from '../../platform/errors.ts';
import { defineModule } from '../../platform/module.ts';
import { ExamReport } from './exam-report.ts';
import { certificateReportExport, examReportExport } from './exam-report-export.ts';
import { ExamReportRepository } from './exam-report.repository.ts';
import { LearningReport, checkPeriod } from './learning-report.ts';
import { learningReportExport } from './learning-report-export.ts';
import { ReportRepository } from './report.repository.ts';

/**
 * The back office's reports (issue 22 item 6): learning by department, person and course; exam
 * tasks' results, score distributions and questions most often wrong; certificates issued. Each a
 * page with the period's totals and an XLSX export through the export job (audited).
 */
export default defineModule({
  name: 'report',
  register(gateway, platform) {
    const learning = new LearningReport(new ReportRepository(platform.db));
    const learningKind = platform.exports.define('crm-learning-report', learningReportExport(learning));
    gateway.call(calls.viewLearningReport, (q, ctx) => learning.view(ctx.eid, q, ctx.lang));
    gateway.call(calls.exportLearningReport, async (q, ctx) => {
      checkPeriod(q); // refused now (9526), not in the job
      // Who took which report is in the audit log.
      return startAuditedExport(platform.db, learningKind, ctx, q, 'learning_report_export');
    });

    const exams = new ExamReport(new ExamReportRepository(platform.db));
    const examKind = platform.exports.define('crm-exam-report', examReportExport(exams));
    const certificateKind = platform.exports.define('crm-certificate-report', certificateReportExport(exams));
    gateway.call(calls.viewExamReport, (q, ctx) => exams.view(ctx.eid, q));
    gateway.call(calls.viewExamTaskReport, (q, ctx) => exams.task(ctx.eid, q));
    gateway.call(calls.exportExamReport, async (q, ctx) => {
      checkPeriod(q);
      if (q.taskId !== undefined && !(await exams.hasTask(ctx.eid, q.taskId, q))) {
        throw new AppError(ErrorCode.EXAM_TASK_NOT_FOUND);
      }
      return startAuditedExport(platform.db, examKind, ctx, q, 'exam_report_export');
    });
    gateway.call(calls.viewCertificateReport, (q, ctx) => exams.certificates(ctx.eid, q));
    gateway.call(calls.exportCertificateReport, async (q, ctx) => {
      checkPeriod(q);
      return startAuditedExport(platform.db, certificateKind, ctx, q, 'certificate_report_export');
    });
  },
});
