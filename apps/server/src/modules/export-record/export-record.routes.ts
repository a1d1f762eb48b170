import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { ownerOf } from './export-record.policy.ts';
import { ExportRecordRepository } from './export-record.repository.ts';
import { ExportRecordService } from './export-record.service.ts';

/** The export-record calls (platform.md section 7): the signed-in learner's own records. */
export default defineModule({
  name: 'export-record',
  register(gateway, platform) {
    const records = new ExportRecordService(new ExportRecordRepository(platform.db), platform.storage, platform.signer);
    gateway.call(calls.findExportRecords, (q, ctx) => records.findExportRecords(ownerOf(ctx.session), q));
    gateway.call(calls.deleteExportRecord, (q, ctx) => records.deleteExportRecord(ownerOf(ctx.session), q.id));
    gateway.call(calls.deleteAllExportRecords, (_q, ctx) => records.deleteAllExportRecords(ownerOf(ctx.session)));
    gateway.call(calls.getExportDownloadUrl, (q, ctx) => records.getExportDownloadUrl(ownerOf(ctx.session), q.id));
  },
});
