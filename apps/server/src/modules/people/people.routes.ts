import * as calls from '@portal/contract';
import { startAuditedExport } from '../../platform/audited-export.ts';
import { defineModule } from '../../platform/module.ts';
import type { AdminContext } from '../../platform/gateway.ts';
import { registrationFormsOf } from '../registration-form/index.ts';
import { registrationServiceOf } from '../registration/index.ts';
import { DepartmentRepository } from './department.repository.ts';
import { DepartmentService, type AdminCaller } from './department.service.ts';
import { learnerExport } from './learner-export.ts';
import { LearnerRepository } from './learner.repository.ts';
import { LearnerService } from './learner.service.ts';

const callerOf = (ctx: AdminContext): AdminCaller => ({
  eid: ctx.eid,
  accountId: ctx.session.accountId,
  ip: ctx.req.ip,
  audit: ctx.audit,
});

/**
 * People in the back office (issue 21 item 2, decision 037): the department tree and the
 * enterprise's learners — list, view, edit, disable, password, administrator role, tags,
 * departments and the list's export. Every call is `admin`; every write is audited.
 */
export default defineModule({
  name: 'people',
  register(gateway, platform) {
    const departments = new DepartmentService(new DepartmentRepository(platform.db));
    const repo = new LearnerRepository(platform.db, platform.systemDb);
    const registrations = registrationServiceOf(platform);
    const learners = new LearnerService({
      repo,
      sessions: platform.sessions,
      forms: registrationFormsOf(platform),
      checkDetail: (eid, raw) => registrations.checkEditedDetail(eid, raw),
      sms: platform.sms,
      securityLog: platform.audit,
      siteName: async (eid) => (await platform.site.viewWebsite(eid)).entName,
    });
    const exportKind = platform.exports.define('crm-learners', learnerExport(learners, repo));

    gateway.call(calls.findDepartmentTree, (_q, ctx) => departments.findDepartmentTree(ctx.eid));
    gateway.call(calls.saveDepartment, (q, ctx) => departments.saveDepartment(callerOf(ctx), q));
    gateway.call(calls.editDepartment, (q, ctx) => departments.editDepartment(callerOf(ctx), q));
    gateway.call(calls.moveDepartment, (q, ctx) => departments.moveDepartment(callerOf(ctx), q));
    gateway.call(calls.deleteDepartment, (q, ctx) => departments.deleteDepartment(callerOf(ctx), q));

    gateway.call(calls.findLearners, (q, ctx) => learners.findLearners(ctx.eid, ctx.lang, q));
    gateway.call(calls.viewLearner, (q, ctx) => learners.viewLearner(ctx.eid, ctx.lang, q.accountId));
    gateway.call(calls.editLearner, (q, ctx) => learners.editLearner(callerOf(ctx), q));
    gateway.call(calls.setLearnerStatus, (q, ctx) => learners.setLearnerStatus(callerOf(ctx), q));
    gateway.call(calls.setLearnerAdmin, (q, ctx) => learners.setLearnerAdmin(callerOf(ctx), q));
    gateway.call(calls.resetLearnerPassword, (q, ctx) => learners.resetLearnerPassword(callerOf(ctx), q));
    gateway.call(calls.setLearnerTags, (q, ctx) => learners.setLearnerTags(callerOf(ctx), q));
    gateway.call(calls.setLearnerDepartments, (q, ctx) => learners.setLearnerDepartments(callerOf(ctx), q));
    gateway.call(calls.exportLearners, async (q, ctx) => {
      // Checked now (an unknown department or tag is refused here, not in the job).
      await learners.queryOf(ctx.eid, q);
      // Personal data leaving the system: who exported which filter is in the audit log.
      return startAuditedExport(platform.db, exportKind, ctx, q, 'learner_export');
    });
  },
});
