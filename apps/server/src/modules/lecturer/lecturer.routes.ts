import * as calls from '@portal/contract';
import type { Lang } from '@portal/contract';
import { TtlCache } from '../../platform/cache.ts';
import { memoJson } from '../../platform/gateway.ts';
import { defineModule } from '../../platform/module.ts';
import { uploadServiceOf } from '../upload/index.ts';
import { LecturerAdmin } from './lecturer-admin.ts';
import { LecturerAdminRepository } from './lecturer-admin.repository.ts';
import { LecturerRepository } from './lecturer.repository.ts';
import { LecturerService } from './lecturer.service.ts';

/** Zone type of the home page's lecturer zone (zoneSchema). */
const ZONE_LECTURERS = 4;

/**
 * The lecturer calls of platform.md section 7 (signed-in learners, their enterprise's lecturers)
 * and the home lecturer zone (api: a visitor-mode call; a zoneId's showNum applies).
 */
export default defineModule({
  name: 'lecturer',
  register(gateway, platform) {
    const lecturers = new LecturerService(new LecturerRepository(platform.db));
    gateway.call(calls.findLecturerRanks, (_q, ctx) => lecturers.findLecturerRanks(ctx.eid, ctx.lang));
    gateway.call(calls.findLecturers, (q, ctx) => lecturers.findLecturers(ctx.eid, q, ctx.lang));
    gateway.call(calls.viewLecturerDetail, (q, ctx) => lecturers.viewLecturerDetail(ctx.eid, q.lecturerId, ctx.lang));
    gateway.call(calls.viewLecturerBase, (q, ctx) => lecturers.viewLecturerBase(ctx.eid, q.lecturerId, ctx.lang));

    // A zone's lecturers are the enterprise's, the same for everyone: kept like the site's lists.
    const zones = new TtlCache<object>({ max: 4000, ttlMs: platform.config.SITE_CACHE_TTL_MS });
    // A zone's own settings (order, how many) choose its list: forgotten with the site's.
    platform.site.onChange((eid) => zones.forget(eid === undefined ? undefined : (k) => k.startsWith(`${eid}:`)));
    const zone = async (eid: number, q: { zoneId?: number | undefined; showNum: number }, lang: Lang) => {
      const load = async () => {
        const showNum = q.zoneId ? (await platform.site.zoneOf(eid, q.zoneId, ZONE_LECTURERS)).showNum : q.showNum;
        return lecturers.findZoneLecturers(eid, Math.min(Math.max(showNum, 1), 50), lang);
      };
      return memoJson(await zones.get(`${eid}:${q.zoneId ?? ''}:${q.showNum}:${lang}`, load));
    };
    gateway.call(calls.findZoneLecturers, (q, ctx) => zone(ctx.eid, q, ctx.lang), { cacheForVisitors: true });
    gateway.call(calls.findZoneLecturersAuth, (q, ctx) => zone(ctx.eid, q, ctx.lang));
    // A lecturer the back office changed is in the enterprise's next zone answer (decision 040).
    platform.contentChanges.subscribe((c) => {
      if (c.kind === 'lecturer') zones.forget((key) => key.startsWith(`${c.eid}:`));
    });

    // The back office's lecturers (decision 040).
    const admin = new LecturerAdmin(new LecturerAdminRepository(platform.db), uploadServiceOf(platform));
    gateway.call(calls.findAdminLecturers, (q, ctx) => admin.page(ctx.eid, q, ctx.lang));
    gateway.call(calls.viewAdminLecturer, (q, ctx) => admin.view(ctx.eid, q.id, ctx.lang));
    gateway.call(calls.createLecturer, (q, ctx) => admin.create(ctx, q));
    gateway.call(calls.editLecturer, ({ id, ...form }, ctx) => admin.edit(ctx, id, form));
    gateway.call(calls.deleteLecturer, (q, ctx) => admin.delete(ctx, q.id));
    gateway.call(calls.findAdminLecturerCourses, (q, ctx) => admin.courses(ctx.eid, q));
  },
});
