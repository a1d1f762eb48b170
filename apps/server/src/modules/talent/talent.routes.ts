import * as calls from '@portal/contract';
import { startAuditedExport } from '../../platform/audited-export.ts';
import { defineModule } from '../../platform/module.ts';
import { learnerOf } from '../../platform/learner.ts';
import { talentExport } from './talent-export.ts';
import { TalentImports } from './talent-import.ts';
import { TalentRepository } from './talent.repository.ts';
import { TalentService } from './talent.service.ts';

/**
 * The talent-pool record (issue 24, decision 059; /account/fileRegister): the signed-in person's
 * own record in the session's enterprise, read whole and saved one section at a time; the back
 * office's list of the enterprise's records, one record, their XLSX export and the import of
 * history records (decision 062).
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

    const imports = new TalentImports({ db: platform.db, storage: platform.storage, signer: platform.signer, repo });
    gateway.call(calls.viewTalentImportTemplate, (_q, ctx) => imports.viewTemplate(ctx.eid, ctx.lang));
    gateway.call(calls.previewTalentImport, (_q, ctx) => imports.preview(ctx, (o) => ctx.req.file(o)));
    gateway.call(calls.importTalentRecords, (q, ctx) => imports.importFile(ctx, q.digest, (o) => ctx.req.file(o)));
  },
});
