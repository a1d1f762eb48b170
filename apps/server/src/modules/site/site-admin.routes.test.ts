import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  deleteBanner,
  deleteZone,
  findAuditLog,
  findBanners,
  findBannersAdmin,
  findNavItems,
  findSiteTexts,
  findSysLinks,
  findZones,
  findZonesAdmin,
  saveBanner,
  saveNavItem,
  saveSiteSettings,
  saveSiteText,
  saveSysLink,
  saveZone,
  sortZones,
  viewAgreement,
  viewSiteSettings,
  viewWebsite,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { createTestApp, visitorOf, type Caller, type TestApp } from '../../test/harness.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let adminOfB: Learner;
const db = () => t.database.db;

beforeAll(async () => {
  // The site caches as in production (10 s): a change must reach the next call all the same.
  t = await createTestApp({ TENANT_CODES: '', SITE_CACHE_TTL_MS: '10000' });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true } });
  adminOfB = await t.learner(b, { member: { isAdmin: true } });
});
afterAll(async () => t?.close());

const zone = { zoneName: '精品课程', zoneType: 2, relationType: 2, showNum: 6 };

describe('home zones', () => {
  it('adds zones last, edits, hides and deletes them, each change audited with before and after', async () => {
    const first = await t.call(saveZone, zone, { as: admin });
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ ...zone, zoneNameEn: '', sort: 1, enabled: true });
    const second = await t.call(saveZone, { zoneName: '新闻资讯', zoneType: 3, relationType: 2 }, { as: admin });
    // Only a course zone has an order of courses.
    expect(second.data).toMatchObject({ sort: 2, relationType: null, showNum: 8 });

    const edited = await t.call(
      saveZone,
      { ...zone, id: first.data.id, zoneName: '热门课程', enabled: false },
      { as: admin },
    );
    expect(edited.data).toMatchObject({ id: first.data.id, zoneName: '热门课程', enabled: false, sort: 1 });
    // Hidden zones stay in the back office's list, not on the home page.
    expect((await t.call(findZonesAdmin, {}, { as: admin })).data.map((z) => z.zoneName)).toEqual([
      '热门课程',
      '新闻资讯',
    ]);
    expect((await t.call(findZones, {}, { as: visitorOf(a) })).data.map((z) => z.zoneName)).toEqual(['新闻资讯']);

    expect((await t.call(deleteZone, { id: second.data.id }, { as: admin })).data).toEqual({ id: second.data.id });
    const log = await t.call(findAuditLog, { entityType: 'zone', order: 'asc' }, { as: admin });
    expect(log.data.list.map((e) => [e.action, e.entityId])).toEqual([
      ['saveZone', String(first.data.id)],
      ['saveZone', String(second.data.id)],
      ['saveZone', String(first.data.id)],
      ['deleteZone', String(second.data.id)],
    ]);
    expect(log.data.list[2]).toMatchObject({
      accountId: admin.accountId,
      before: { zoneName: '精品课程', enabled: true },
      after: { zoneName: '热门课程', enabled: false },
    });
    expect(log.data.list[3]).toMatchObject({ before: { zoneName: '新闻资讯' }, after: null });
  });

  it('reorders the whole list, refusing a list that is not exactly the current one (9355)', async () => {
    const ids: number[] = [];
    for (const name of ['甲', '乙', '丙'])
      ids.push((await t.call(saveZone, { ...zone, zoneName: name }, { as: admin })).data.id);
    const all = (await t.call(findZonesAdmin, {}, { as: admin })).data.map((z) => z.id);
    const reversed = [...all].reverse();
    const sorted = await t.call(sortZones, { ids: reversed }, { as: admin });
    expect(sorted.code).toBe(200);
    expect(sorted.data.map((z) => z.id)).toEqual(reversed);
    expect(sorted.data.map((z) => z.sort)).toEqual(reversed.map((_, i) => i + 1));

    const missing = await t.call(sortZones, { ids: reversed.slice(1) }, { as: admin, lang: 'en' });
    expect(missing.code).toBe(ErrorCode.SITE_ORDER_MISMATCH);
    expect(missing.message).toBe('The new order does not list exactly the current items; reload and try again');
    const twice = await t.call(sortZones, { ids: [...reversed.slice(1), reversed[1]!] }, { as: admin });
    expect(twice.code).toBe(ErrorCode.SITE_ORDER_MISMATCH);
    expect(twice.message).toBe('排序列表与现有条目不一致，请刷新后重试');

    const log = await t.call(findAuditLog, { entityType: 'zone', entityId: 'order' }, { as: admin });
    expect(log.data.list[0]).toMatchObject({ before: { ids: all }, after: { ids: reversed } });
  });

  it('answers bad input with its field or code in both languages', async () => {
    const noName = await t.call(saveZone, { ...zone, zoneName: ' ' }, { as: admin });
    expect(noName.code).toBe(ErrorCode.BAD_INPUT);
    expect(noName.message).toContain('zoneName');
    expect((await t.call(saveZone, { ...zone, zoneType: 9 }, { as: admin })).code).toBe(ErrorCode.BAD_INPUT);
    expect((await t.call(saveZone, { ...zone, showNum: 500 }, { as: admin })).code).toBe(ErrorCode.BAD_INPUT);
    const missing = await t.call(saveZone, { ...zone, id: 999_999 }, { as: admin, lang: 'en' });
    expect(missing.code).toBe(ErrorCode.SITE_ZONE_NOT_FOUND);
    expect(missing.message).toBe('The zone does not exist');
  });

  it('finds no zone of another enterprise: its ids are not found, and its rows stay as they were', async () => {
    const theirs = (await t.call(saveZone, { ...zone, zoneName: '乙的专区' }, { as: adminOfB })).data;
    expect((await t.call(saveZone, { ...zone, id: theirs.id }, { as: admin })).code).toBe(
      ErrorCode.SITE_ZONE_NOT_FOUND,
    );
    expect((await t.call(deleteZone, { id: theirs.id }, { as: admin })).code).toBe(ErrorCode.SITE_ZONE_NOT_FOUND);
    expect((await t.call(findZonesAdmin, {}, { as: admin })).data.map((z) => z.id)).not.toContain(theirs.id);
    const mine = (await t.call(findZonesAdmin, {}, { as: admin })).data.map((z) => z.id);
    expect((await t.call(sortZones, { ids: [...mine, theirs.id] }, { as: admin })).code).toBe(
      ErrorCode.SITE_ORDER_MISMATCH,
    );
    const [row] = await db()
      .select()
      .from(schema.zones)
      .where(and(eq(schema.zones.eid, b.eid), eq(schema.zones.id, theirs.id)));
    expect(row).toMatchObject({ zoneName: '乙的专区', sort: theirs.sort });
  });
});

describe('changes reach learners and visitors at once', () => {
  it("shows a zone's new title on the visitor's next (cached) home call and the learner's", async () => {
    const learner = await t.learner(a);
    const saved = (await t.call(saveZone, { ...zone, zoneName: '本周推荐' }, { as: admin })).data;
    const names = async (as: Caller) => (await t.call(findZones, {}, { as })).data.map((z) => z.zoneName);
    // Read once: the visitor's whole answer and the site's zone list are now cached.
    expect(await names(visitorOf(a))).toContain('本周推荐');
    expect(await names(learner)).toContain('本周推荐');

    await t.call(saveZone, { ...zone, id: saved.id, zoneName: '本月推荐' }, { as: admin });
    expect(await names(visitorOf(a))).toContain('本月推荐');
    expect(await names(learner)).toContain('本月推荐');
    expect(await names(visitorOf(a))).not.toContain('本周推荐');
  });

  it('forgets the cached site when the database announces a change made elsewhere (another process, SQL)', async () => {
    await t.platform.database.changes.whenListening();
    const saved = (await t.call(saveZone, { ...zone, zoneName: '线下专区' }, { as: admin })).data;
    expect((await t.call(findZones, {}, { as: visitorOf(a) })).data.map((z) => z.zoneName)).toContain('线下专区');
    const announced = new Promise<void>((resolve) => {
      const seen = (c: { table: string; eid: number }) => {
        if (c.table !== 'zones' || c.eid !== a.eid) return;
        t.platform.database.changes.off('change', seen);
        resolve();
      };
      t.platform.database.changes.on('change', seen);
    });
    // As another process would: straight in the database, not through this process's service.
    await db()
      .update(schema.zones)
      .set({ zoneName: '线上专区' })
      .where(and(eq(schema.zones.eid, a.eid), eq(schema.zones.id, saved.id)));
    await announced;
    expect((await t.call(findZones, {}, { as: visitorOf(a) })).data.map((z) => z.zoneName)).toContain('线上专区');
  });
});

describe('banners, friendly links and navigation', () => {
  it('adds a banner with its picture and link, refuses a javascript: link (9356), and deletes it', async () => {
    const banner = { title: '春季学习月', imageUrl: '/upload/pic/spring.png', linkUrl: 'https://example.com/spring' };
    const saved = await t.call(saveBanner, banner, { as: admin });
    expect(saved.data).toMatchObject({ ...banner, enabled: true, audience: 'all', openNewWindow: false });
    expect((await t.call(findBanners, {}, { as: visitorOf(a) })).data.map((x) => x.title)).toEqual(['春季学习月']);

    const bad = await t.call(saveBanner, { ...banner, linkUrl: 'javascript:alert(1)' }, { as: admin, lang: 'en' });
    expect(bad.code).toBe(ErrorCode.SITE_LINK_INVALID);
    expect(bad.message).toBe('A link must start with http://, https:// or /');

    await t.call(saveBanner, { ...banner, id: saved.data.id, audience: 'signedIn' }, { as: admin });
    expect((await t.call(findBanners, {}, { as: visitorOf(a) })).data).toEqual([]);
    await t.call(deleteBanner, { id: saved.data.id }, { as: admin });
    expect((await t.call(findBannersAdmin, {}, { as: admin })).data).toEqual([]);
    expect((await t.call(deleteBanner, { id: saved.data.id }, { as: admin })).code).toBe(
      ErrorCode.SITE_BANNER_NOT_FOUND,
    );
  });

  it('adds friendly links and menus; a topic menu needs a topic of the enterprise (9357)', async () => {
    expect((await t.call(saveSysLink, { name: '人社部', url: 'https://www.mohrss.gov.cn' }, { as: admin })).code).toBe(
      200,
    );
    expect((await t.call(findSysLinks, {}, { as: visitorOf(a) })).data.map((l) => l.name)).toEqual(['人社部']);
    expect((await t.call(saveSysLink, { name: 'x', url: 'ftp://x' }, { as: admin })).code).toBe(
      ErrorCode.SITE_LINK_INVALID,
    );

    const menu = await t.call(saveNavItem, { name: '资讯', nameEn: 'News', menuType: 2, url: '/news' }, { as: admin });
    expect(menu.data).toMatchObject({ name: '资讯', nameEn: 'News', sort: 1, enabled: true, topicId: null });
    expect((await t.call(findNavItems, {}, { as: visitorOf(a) })).data.map((n) => n.name)).toEqual(['资讯']);
    await t.call(
      saveNavItem,
      { name: '资讯', menuType: 2, url: '/news', id: menu.data.id, enabled: false },
      { as: admin },
    );
    expect((await t.call(findNavItems, {}, { as: visitorOf(a) })).data).toEqual([]);

    const topic = await t.call(saveNavItem, { name: '专题', menuType: 3 }, { as: admin, lang: 'en' });
    expect(topic.code).toBe(ErrorCode.SITE_NAV_TOPIC_REQUIRED);
    expect(topic.message).toBe('A topic menu needs a topic');
  });
});

describe('site texts and settings', () => {
  it('writes the service agreement: the portal serves it sanitised at once, audited', async () => {
    await t.call(
      saveSiteText,
      { type: 'serviceAgreement', title: '服务协议', content: '<p>第一版</p>' },
      { as: admin },
    );
    expect((await t.call(viewAgreement, { type: 'serviceAgreement' }, { as: visitorOf(a) })).data.content).toBe(
      '<p>第一版</p>',
    );
    const content = '<p>第二版</p><script>alert(1)</script>';
    const saved = await t.call(saveSiteText, { type: 'serviceAgreement', title: '服务协议', content }, { as: admin });
    expect(saved.data).toMatchObject({ type: 'serviceAgreement', content, updatedAt: expect.any(String) });
    expect((await t.call(viewAgreement, { type: 'serviceAgreement' }, { as: visitorOf(a) })).data.content).toBe(
      '<p>第二版</p>',
    );
    const texts = (await t.call(findSiteTexts, {}, { as: admin })).data;
    expect(texts.map((x) => [x.type, x.title])).toEqual([
      ['serviceAgreement', '服务协议'],
      ['privacyAgreement', ''],
      ['businessIntro', ''],
    ]);
    const log = await t.call(findAuditLog, { entityType: 'site_text' }, { as: admin });
    expect(log.data.list[0]).toMatchObject({ before: { content: '<p>第一版</p>' }, after: { content } });
  });

  it('changes visitor mode, registration, its fields and the theme; the site answers them at once', async () => {
    const before = (await t.call(viewSiteSettings, {}, { as: admin })).data;
    expect(before.registrationFields.find((f) => f.field === 'realName')).toMatchObject({
      grp: 'default',
      required: true,
    });
    expect((await t.call(viewWebsite, {}, { as: visitorOf(a) })).data.registerOpenSet).toBe(true);

    const next = {
      ...before,
      registerOpenSet: false,
      personalInfoConfirmOpenSet: true,
      theme: { ...before.theme, themeColor: '#c41d7f' },
      individuationOptions: { accountHidePage: '3,4' },
      registrationFields: before.registrationFields.map((f) =>
        f.field === 'companyName' ? { ...f, required: true } : f,
      ),
    };
    const saved = await t.call(saveSiteSettings, next, { as: admin });
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject({ registerOpenSet: false, theme: { themeColor: '#c41d7f' } });
    const site = (await t.call(viewWebsite, {}, { as: visitorOf(a) })).data;
    expect(site).toMatchObject({
      registerOpenSet: false,
      websiteThemeColor: { themeColor: '#c41d7f' },
      individuationOptions: { accountHidePage: '3,4' },
    });
    const reread = (await t.call(viewSiteSettings, {}, { as: admin })).data;
    expect(reread.registrationFields.find((f) => f.field === 'companyName')).toMatchObject({ required: true });

    const log = await t.call(findAuditLog, { entityType: 'site_setting' }, { as: admin });
    expect(log.data.list[0]).toMatchObject({
      entityId: String(a.eid),
      before: { registerOpenSet: true },
      after: { registerOpenSet: false },
    });
  });

  it('refuses a theme colour that is not a colour, and an unknown registration field (9358)', async () => {
    const settings = (await t.call(viewSiteSettings, {}, { as: admin })).data;
    const colour = await t.call(
      saveSiteSettings,
      { ...settings, theme: { ...settings.theme, themeColor: 'red;}' } },
      { as: admin },
    );
    expect(colour.code).toBe(ErrorCode.BAD_INPUT);
    const field = { grp: 'userTitle' as const, field: 'shoeSize', name: '', required: false, show: true, sort: 1 };
    const unknown = await t.call(
      saveSiteSettings,
      { ...settings, registrationFields: [field] },
      { as: admin, lang: 'en' },
    );
    expect(unknown.code).toBe(ErrorCode.SITE_REGISTRATION_FIELD_UNKNOWN);
    expect(unknown.message).toBe('Unknown registration field: shoeSize');
  });
});
