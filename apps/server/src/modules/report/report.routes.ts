import * as calls from '@portal/contract';
import { startAuditedExport } from '../../platform/audited-export.ts';
import { defineModule } from '../../platform/module.ts';
import { LearningReport, checkPeriod } from './learning-report.ts';
import { learningReportExport } from './learning-report-export.ts';
import { ReportRepository } from './report.repository.ts';

/**
 * The back office's reports (issue 22 item 6): learning by department, person and course over a
 * period, as a page with the period's totals and as XLSX through the export job.
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
  },
});
