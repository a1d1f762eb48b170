import * as calls from '@portal/contract';
import { COURSE_LIST_MAX } from '@portal/contract';
import { TtlCache } from '../../platform/cache.ts';
import { memoJson } from '../../platform/gateway.ts';
import { forgetOnCourseChange } from '../../platform/course-changes.ts';
import { defineModule } from '../../platform/module.ts';
import { CourseRepository } from './course.repository.ts';
import { CourseService, ZONE_COURSES } from './course.service.ts';

/**
 * The course list calls: home course zones (api: visitor-mode calls), the course page with keyword
 * and lecturer, and a lecturer's courses.
 */
export default defineModule({
  name: 'course',
  register(gateway, platform) {
    const courses = new CourseService(new CourseRepository(platform.db));
    // A zone's courses are the enterprise's, the same for every learner and visitor: kept like
    // the site's other lists (SITE_CACHE_TTL_MS), not read again for every page of every person.
    const zones = new TtlCache<object>({ max: 4000, ttlMs: platform.config.SITE_CACHE_TTL_MS });
    // A course changed in the back office (or anywhere): its enterprise's zones are read again at
    // once, in every process (decision 039).
    void forgetOnCourseChange(platform.database.changes, (c) =>
      zones.forget(c ? (key) => key.startsWith(`${c.eid}:`) : undefined),
    );
    type ZoneQuery = { zoneId?: number | undefined; relationType: number; showNum: number };
    const load = async (eid: number, q: ZoneQuery, visitor: boolean) => {
      if (!q.zoneId) return courses.findZoneCourses(eid, q.relationType, q.showNum, visitor);
      const z = await platform.site.zoneOf(eid, q.zoneId, ZONE_COURSES);
      return courses.findZoneCourses(eid, z.relationType, Math.min(Math.max(z.showNum, 1), COURSE_LIST_MAX), visitor);
    };
    // Visitors see only the courses the back office left visible to them (visitorVisible).
    const zone = async (eid: number, q: ZoneQuery, visitor: boolean) =>
      memoJson(
        await zones.get(`${eid}:${q.zoneId ?? ''}:${q.relationType}:${q.showNum}:${visitor ? 'v' : 'a'}`, () =>
          load(eid, q, visitor),
        ),
      );
    // A visitor's zone answer depends on URL, domain and language only: kept like the zone list.
    gateway.call(calls.findZoneCourses, (q, ctx) => zone(ctx.eid, q, ctx.session === null), {
      cacheForVisitors: true,
    });
    gateway.call(calls.findZoneCoursesAuth, (q, ctx) => zone(ctx.eid, q, false));
    gateway.call(calls.findCourses, (q, ctx) => courses.findCourses(ctx.eid, q, ctx.session === null));
    gateway.call(calls.findCoursesAuth, (q, ctx) => courses.findCourses(ctx.eid, q));
    gateway.call(calls.findLecturerCourses, (q, ctx) => courses.findCourses(ctx.eid, q));
    gateway.call(calls.countCourses, (q, ctx) => courses.countCourses(ctx.eid, ctx.session.accountId, q));
  },
});
