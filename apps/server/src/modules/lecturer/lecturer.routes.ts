import type { FastifyInstance } from 'fastify';
import {
  viewLecturerBase,
  viewLecturerDetail,
  findLecturers,
  findLecturerRanks,
  findZoneLecturers,
  findZoneLecturersAuth,
} from '@portal/contract';
import { registerCall, type GatewayDeps } from '../../platform/gateway.ts';
import { requestLang } from '../../platform/request-context.ts';
import { visitorModeEid } from '../../platform/visitor-mode.ts';
import type { SiteService } from '../site/site.service.ts';
import type { LecturerService } from './lecturer.service.ts';

/** Zone type of the home page's lecturer zone (zoneSchema). */
const ZONE_LECTURERS = 4;

/** The lecturer calls of platform.md section 7 (signed-in learners, their enterprise's lecturers). */
export function registerLecturerRoutes(
  app: FastifyInstance,
  deps: GatewayDeps,
  lecturers: LecturerService,
  site: SiteService,
): void {
  registerCall(app, deps, findLecturerRanks, (_q, ctx) => lecturers.ranks(ctx.session!.eid, requestLang(ctx.req)));
  registerCall(app, deps, findLecturers, (q, ctx) => lecturers.page(ctx.session!.eid, q, requestLang(ctx.req)));
  registerCall(app, deps, viewLecturerDetail, (q, ctx) =>
    lecturers.detail(ctx.session!.eid, q.lecturerId, requestLang(ctx.req)),
  );
  registerCall(app, deps, viewLecturerBase, (q, ctx) =>
    lecturers.base(ctx.session!.eid, q.lecturerId, requestLang(ctx.req)),
  );

  // The home lecturer zone (system calls; api: visitors where visitor mode is on). A zoneId's
  // showNum applies.
  const zone = async (eid: number, q: { zoneId?: number | undefined; showNum: number }, lang: 'zh' | 'en') => {
    const showNum = q.zoneId ? (await site.zoneOf(eid, q.zoneId, ZONE_LECTURERS)).showNum : q.showNum;
    return lecturers.featured(eid, Math.min(Math.max(showNum, 1), 50), lang);
  };
  const visitorOpen = async (eid: number) => (await site.getWebsite(eid)).visitorOpenSet;
  registerCall(
    app,
    deps,
    findZoneLecturers,
    async (q, ctx) => zone(await visitorModeEid(ctx, deps, visitorOpen), q, requestLang(ctx.req)),
    { cacheForVisitors: true },
  );
  registerCall(app, deps, findZoneLecturersAuth, (q, ctx) => zone(ctx.session!.eid, q, requestLang(ctx.req)));
}
