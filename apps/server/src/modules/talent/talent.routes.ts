import * as calls from '@portal/contract';
import { startAuditedExport } from '../../platform/audited-export.ts';
import { defineModule } from '../../platform/module.ts';
import { learnerOf } from '../../platform/learner.ts';
import { talentExport } from './talent-export.ts';
import { TalentRepository } from './talent.repository.ts';
import { TalentService } from './talent.service.ts';

/**
 * The talent-pool record (issue 24, decision 059; /account/fileRegister): the signed-in person's
 * own record in the session's enterprise, read whole and saved one section at a time; the back
 * office's list of the enterprise's records, one record, and their XLSX export.
 */
export default defineModule({
  name: 'talent',
  register(gateway, platform) {
    const repo = new TalentRepository(platform.db);
    const talent = new TalentService(repo);
    gateway.call(calls.viewTalentInfo, (_q, ctx) => talent.view(learnerOf(ctx.session), ctx.lang));
    gateway.call(calls.editTalentInfo, (q, ctx) => talent.edit(learnerOf(ctx.session), q, ctx.lang), {
      perMinute: platform.perMinute,
    });

    gateway.call(calls.findAdminTalentRecords, (q, ctx) => talent.adminPage(ctx.eid, q));
    gateway.call(calls.viewAdminTalentRecord, (q, ctx) => talent.adminView(ctx.eid, q.accountId, ctx.lang));
    const exportKind = platform.exports.define('crm-talent', talentExport(talent, repo));
    gateway.call(calls.exportAdminTalentRecords, (q, ctx) =>
      startAuditedExport(platform.db, exportKind, ctx, q, 'talent_export'),
    );
  },
});
