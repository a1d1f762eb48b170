import * as calls from '@portal/contract';
import { COURSE_LIST_MAX } from '@portal/contract';
import { TtlCache } from '../../platform/cache.ts';
import { memoJson } from '../../platform/gateway.ts';
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
    // A zone's own settings (order, how many) choose its list: forgotten with the site's.
    platform.site.onChange((eid) => zones.forget(eid === undefined ? undefined : (k) => k.startsWith(`${eid}:`)));
    const load = async (eid: number, q: { zoneId?: number | undefined; relationType: number; showNum: number }) => {
      if (!q.zoneId) return courses.findZoneCourses(eid, q.relationType, q.showNum);
      const z = await platform.site.zoneOf(eid, q.zoneId, ZONE_COURSES);
      return courses.findZoneCourses(eid, z.relationType, Math.min(Math.max(z.showNum, 1), COURSE_LIST_MAX));
    };
    const zone = async (eid: number, q: { zoneId?: number | undefined; relationType: number; showNum: number }) =>
      memoJson(await zones.get(`${eid}:${q.zoneId ?? ''}:${q.relationType}:${q.showNum}`, () => load(eid, q)));
    // A visitor's zone answer depends on URL, domain and language only: kept like the zone list.
    gateway.call(calls.findZoneCourses, (q, ctx) => zone(ctx.eid, q), { cacheForVisitors: true });
    gateway.call(calls.findZoneCoursesAuth, (q, ctx) => zone(ctx.eid, q));
    // Course cards name their lecturer: a lecturer the back office changed (renamed, hidden) is in
    // the enterprise's next zone answer (decision 040).
    platform.contentChanges.subscribe((c) => {
      if (c.kind === 'lecturer' || c.kind === 'category') zones.forget((key) => key.startsWith(`${c.eid}:`));
    });
    gateway.call(calls.findCourses, (q, ctx) => courses.findCourses(ctx.eid, q));
    gateway.call(calls.findCoursesAuth, (q, ctx) => courses.findCourses(ctx.eid, q));
    gateway.call(calls.findLecturerCourses, (q, ctx) => courses.findCourses(ctx.eid, q));
    gateway.call(calls.countCourses, (q, ctx) => courses.countCourses(ctx.eid, ctx.session.accountId, q));
  },
});
