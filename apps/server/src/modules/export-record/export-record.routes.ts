import type { FastifyInstance } from 'fastify';
import { deleteExportRecord, deleteAllExportRecords, getExportDownloadUrl, findExportRecords } from '@portal/contract';
import { registerCall, type GatewayDeps } from '../../platform/gateway.ts';
import type { ExportRecordService } from './export-record.service.ts';

/** The export-record calls (platform.md section 7): the signed-in learner's own records. */
export function registerExportRecordRoutes(
  app: FastifyInstance,
  deps: GatewayDeps,
  records: ExportRecordService,
): void {
  registerCall(app, deps, findExportRecords, (q, ctx) => records.page(ctx.session!, q));
  registerCall(app, deps, deleteExportRecord, (q, ctx) => records.delete(ctx.session!, q.id));
  registerCall(app, deps, deleteAllExportRecords, (_q, ctx) => records.deleteAll(ctx.session!));
  registerCall(app, deps, getExportDownloadUrl, (q, ctx) => records.downloadUrl(ctx.session!, q.id));
}
