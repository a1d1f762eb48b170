import type { FastifyInstance } from 'fastify';
import { lecturerBaseView, lecturerDetail, lecturerPage, lecturerRankList } from '@portal/contract';
import { registerCall, type GatewayDeps } from '../../platform/gateway.ts';
import { requestLang } from '../../platform/request-context.ts';
import type { LecturerService } from './lecturer.service.ts';

/** The lecturer calls of platform.md section 7 (signed-in learners, their enterprise's lecturers). */
export function registerLecturerRoutes(app: FastifyInstance, deps: GatewayDeps, lecturers: LecturerService): void {
  registerCall(app, deps, lecturerRankList, (_q, ctx) => lecturers.ranks(ctx.session!.eid, requestLang(ctx.req)));
  registerCall(app, deps, lecturerPage, (q, ctx) => lecturers.page(ctx.session!.eid, q, requestLang(ctx.req)));
  registerCall(app, deps, lecturerDetail, (q, ctx) =>
    lecturers.detail(ctx.session!.eid, q.lecturerId, requestLang(ctx.req)),
  );
  registerCall(app, deps, lecturerBaseView, (q, ctx) =>
    lecturers.base(ctx.session!.eid, q.lecturerId, requestLang(ctx.req)),
  );
}
