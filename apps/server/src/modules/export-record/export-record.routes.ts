import type { FastifyInstance } from 'fastify';
import { exportRecordDelete, exportRecordDeleteAll, exportRecordDownloadUrl, exportRecordPage } from '@portal/contract';
import { registerCall, type GatewayDeps } from '../../platform/gateway.ts';
import type { ExportRecordService } from './export-record.service.ts';

/** The export-record calls (platform.md section 7): the signed-in learner's own records. */
export function registerExportRecordRoutes(
  app: FastifyInstance,
  deps: GatewayDeps,
  records: ExportRecordService,
): void {
  registerCall(app, deps, exportRecordPage, (q, ctx) => records.page(ctx.session!, q));
  registerCall(app, deps, exportRecordDelete, (q, ctx) => records.delete(ctx.session!, q.id));
  registerCall(app, deps, exportRecordDeleteAll, (_q, ctx) => records.deleteAll(ctx.session!));
  registerCall(app, deps, exportRecordDownloadUrl, (q, ctx) => records.downloadUrl(ctx.session!, q.id));
}
