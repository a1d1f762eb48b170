import type { FastifyInstance } from 'fastify';
import {
  COURSE_LIST_MAX,
  findCourses,
  findCoursesAuth,
  findZoneCourses,
  findZoneCoursesAuth,
  findLecturerCourses,
} from '@portal/contract';
import { registerCall, type CallContext, type GatewayDeps } from '../../platform/gateway.ts';
import { visitorModeEid } from '../../platform/visitor-mode.ts';
import type { SiteService } from '../site/site.service.ts';
import { ZONE_COURSES, type CourseService } from './course.service.ts';

/**
 * The course list calls: home course zones (api: visitors where visitor mode is on), the course
 * page with keyword and lecturer, and a lecturer's courses.
 */
export function registerCourseRoutes(
  app: FastifyInstance,
  deps: GatewayDeps,
  courses: CourseService,
  site: SiteService,
): void {
  const visitorOpen = async (eid: number) => (await site.getWebsite(eid)).visitorOpenSet;
  const zone = async (eid: number, q: { zoneId?: number | undefined; relationType: number; showNum: number }) => {
    if (!q.zoneId) return courses.zone(eid, q.relationType, q.showNum);
    const z = await site.zoneOf(eid, q.zoneId, ZONE_COURSES);
    return courses.zone(eid, z.relationType, Math.min(Math.max(z.showNum, 1), COURSE_LIST_MAX));
  };
  const publicEid = (ctx: CallContext) => visitorModeEid(ctx, deps, visitorOpen);

  // A visitor's zone answer depends on URL, domain and language only: kept like the zone list.
  registerCall(app, deps, findZoneCourses, async (q, ctx) => zone(await publicEid(ctx), q), { cacheForVisitors: true });
  registerCall(app, deps, findZoneCoursesAuth, (q, ctx) => zone(ctx.session!.eid, q));
  registerCall(app, deps, findCourses, async (q, ctx) => courses.page(await publicEid(ctx), q));
  registerCall(app, deps, findCoursesAuth, (q, ctx) => courses.page(ctx.session!.eid, q));
  registerCall(app, deps, findLecturerCourses, (q, ctx) => courses.page(ctx.session!.eid, q));
}
