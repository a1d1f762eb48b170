import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GATEWAY_PREFIX,
  findBanners,
  findBannersAuth,
  findNavItems,
  findSysLinks,
  findZones,
  viewAgreement,
  viewCorrectDomain,
  viewLatestAndroid,
  viewWebsite,
  viewWebsiteAuth,
  viewZoneLogo,
} from '@portal/contract';
import { createTestApp, invalidFields, unchecked, visitorOf, type TestApp } from '../../test/harness.ts';
import {
  createAgreement,
  createAppVersion,
  createBanner,
  createEnterprise,
  createNavItem,
  createSysLink,
  createZone,
} from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  // No tenant codes: the default (demo) mapping would name eids 1002-1004, which the factories
  // hand out to ordinary test enterprises here.
  t = await createTestApp({ TENANT_CODES: '' });
});
afterAll(async () => t?.close());

describe('GET /gateway/system/api/website/view', () => {
  it('answers the website info of the domain default enterprise in the envelope', async () => {
    const ent = await createEnterprise(t.database.db, { settings: { websiteDesc: '描述A' } });
    const { status, body } = await t.call(viewWebsite, {}, { as: visitorOf(ent), raw: true });
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.data.eid).toBe(ent.eid);
    expect(body.data.websiteDesc).toBe('描述A');
    expect(body.data.websiteThemeColor.pcWrapperWidth).toBe(1200);
  });

  it('presents the stored settings: entName, correctDomain, theme merged over the defaults, no tenant code', async () => {
    const ent = await createEnterprise(t.database.db, {
      settings: {
        entName: '主题企业',
        theme: { themeColor: '#ff0000', pcWrapperWidth: 'wide', bogus: 1 },
        isEnableStatistics: false,
        statisticsCode: '<script>stats()</script>',
      },
    });
    const { body } = await t.call(viewWebsite, {}, { as: visitorOf(ent.domain), raw: true });
    expect(body.code).toBe(200);
    expect(body.data.entName).toBe('主题企业');
    expect(body.data.correctDomain).toBe(ent.correctDomain);
    expect(body.data.tenantCode).toBeNull();
    expect(body.data.websiteThemeColor.themeColor).toBe('#ff0000');
    // A malformed stored value falls back to the default; unknown keys are dropped.
    expect(body.data.websiteThemeColor.pcWrapperWidth).toBe(1200);
    expect(body.data.websiteThemeColor).not.toHaveProperty('bogus');
    // Statistics code is withheld while statistics are off.
    expect(body.data.statisticsCode).toBe('');
  });

  it('finds the enterprise named by the eid query, whatever the domain', async () => {
    const a = await createEnterprise(t.database.db);
    const b = await createEnterprise(t.database.db);
    const onA = await t.call(viewWebsite, { eid: String(b.eid) }, { as: visitorOf(a.domain), raw: true });
    expect(onA.body.code).toBe(200);
    expect(onA.body.data.eid).toBe(b.eid);
    expect(onA.body.data.entName).toBe(b.name);
    const onUnknown = await t.call(
      viewWebsite,
      { eid: String(b.eid) },
      { as: visitorOf('nowhere.example.net'), raw: true },
    );
    expect(onUnknown.body.data.eid).toBe(b.eid);
  });

  it('reduces the Host to its registrable domain when no domain header is sent', async () => {
    const ent = await createEnterprise(t.database.db, { domain: 'school-site.com.cn' });
    // No domain header at all (the HTTP layer: the Host decides): raw inject.
    const res = await t.app.inject({
      method: 'GET',
      url: GATEWAY_PREFIX + viewWebsite.path,
      headers: { host: 'learn.school-site.com.cn:8443', platform: 'WEB-CLIENT' },
    });
    expect(res.json().code).toBe(200);
    expect(res.json().data.eid).toBe(ent.eid);
  });

  it('the domain header is matched case-insensitively', async () => {
    const ent = await createEnterprise(t.database.db);
    const { body } = await t.call(viewWebsite, {}, { as: visitorOf(ent.domain.toUpperCase()), raw: true });
    expect(body.code).toBe(200);
    expect(body.data.eid).toBe(ent.eid);
  });

  it('unknown domain: code 3101 with the Chinese text, HTTP 200, data null', async () => {
    const { status, body } = await t.call(viewWebsite, {}, { as: visitorOf('unknown-domain.example.org'), raw: true });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 3101, message: '平台不存在', data: null });
  });

  it('unknown domain in English with the en cookie', async () => {
    const { body } = await t.call(
      viewWebsite,
      {},
      { as: visitorOf('unknown-domain.example.org'), headers: { cookie: 'i18n_redirected=en' }, raw: true },
    );
    expect(body.code).toBe(3101);
    expect(body.message).toBe('This organisation does not exist');
  });

  it('unknown eid → 3101', async () => {
    const { body } = await t.call(viewWebsite, { eid: '987654' }, { raw: true });
    expect(body.code).toBe(3101);
  });

  it('eid of a disabled enterprise (status 0) → 3101, and so is its domain', async () => {
    const off = await createEnterprise(t.database.db, { status: 0 });
    const byEid = await t.call(viewWebsite, { eid: String(off.eid) }, { raw: true });
    expect(byEid.status).toBe(200);
    expect(byEid.body.code).toBe(3101);
    expect(byEid.body.message).toBe('平台不存在');
    const byDomain = await t.call(viewWebsite, {}, { as: visitorOf(off.domain), raw: true });
    expect(byDomain.body.code).toBe(3101);
  });

  it('a malformed eid query is bad input naming eid', async () => {
    const { body } = await t.call(viewWebsite, { eid: 'abc' }, { raw: true });
    expect(body.code).toBe(400);
    expect(body.message).toContain('eid');
    expect(invalidFields(body)[0]!.field).toBe('eid');
  });
});

describe('GET /gateway/system/auth/website/view', () => {
  it('needs a session: 301 without a token', async () => {
    const ent = await createEnterprise(t.database.db);
    const { status, body } = await t.call(viewWebsiteAuth, {}, { as: visitorOf(ent.domain), raw: true });
    expect(status).toBe(200);
    expect(body.code).toBe(301);
    expect(body.message).toBe('请先登录');
    expect(body.data).toBeNull();
  });

  it("answers the session's enterprise", async () => {
    const a = await createEnterprise(t.database.db, { settings: { websiteDesc: '会话企业' } });
    const user = await t.learner(a);
    const { body } = await t.call(viewWebsiteAuth, {}, { as: user, raw: true });
    expect(body.code).toBe(200);
    expect(body.data.eid).toBe(a.eid);
    expect(body.data.websiteDesc).toBe('会话企业');
  });

  it("answers the session's enterprise even when domain header and eid query name another", async () => {
    const a = await createEnterprise(t.database.db);
    const b = await createEnterprise(t.database.db);
    const user = await t.learner(a);
    const { body } = await t.call(viewWebsiteAuth, unchecked({ eid: String(b.eid) }), {
      as: { ...user, domain: b.domain },
      raw: true,
    });
    expect(body.code).toBe(200);
    expect(body.data.eid).toBe(a.eid);
    expect(body.data.entName).toBe(a.name);
  });
});

describe('GET /gateway/system/api/website/domain', () => {
  it('answers the correct domain of the eid', async () => {
    const ent = await createEnterprise(t.database.db, { correctDomain: 'portal.right-place.example.com' });
    const other = await createEnterprise(t.database.db);
    // The domain header names another enterprise: the eid decides.
    const { body } = await t.call(
      viewCorrectDomain,
      { eid: String(ent.eid) },
      { as: visitorOf(other.domain), raw: true },
    );
    expect(body).toEqual({
      code: 200,
      message: '成功',
      data: { eid: ent.eid, domain: 'portal.right-place.example.com' },
    });
  });

  it('unknown eid → 3101', async () => {
    const { status, body } = await t.call(viewCorrectDomain, { eid: '999999' }, { raw: true });
    expect(status).toBe(200);
    expect(body.code).toBe(3101);
    expect(body.data).toBeNull();
  });

  it('eid of a disabled enterprise → 3101', async () => {
    const off = await createEnterprise(t.database.db, { status: 0 });
    const { body } = await t.call(viewCorrectDomain, { eid: String(off.eid) }, { raw: true });
    expect(body.code).toBe(3101);
  });

  it('missing eid → 400 naming eid', async () => {
    const { status, body } = await t.call(viewCorrectDomain, unchecked({}), { raw: true });
    expect(status).toBe(200);
    expect(body.code).toBe(400);
    expect(body.message).toMatch(/^参数错误：eid /);
    expect(invalidFields(body).map((f) => f.field)).toEqual(['eid']);
  });

  it('non-positive eid → 400', async () => {
    const { body } = await t.call(viewCorrectDomain, { eid: '0' }, { raw: true });
    expect(body.code).toBe(400);
    expect(invalidFields(body)[0]!.field).toBe('eid');
  });
});

describe('GET /gateway/system/api/website/agreement', () => {
  it('answers the service and the privacy agreement of the site', async () => {
    const ent = await createEnterprise(t.database.db);
    await createAgreement(t.database.db, ent.eid, {
      type: 'serviceAgreement',
      title: '用户服务协议',
      content: '<p>服务条款</p>',
    });
    await createAgreement(t.database.db, ent.eid, {
      type: 'privacyAgreement',
      title: '隐私政策',
      content: '<p>隐私条款</p>',
    });
    const service = await t.call(viewAgreement, { type: 'serviceAgreement' }, { as: visitorOf(ent.domain), raw: true });
    expect(service.body).toEqual({
      code: 200,
      message: '成功',
      data: { type: 'serviceAgreement', title: '用户服务协议', content: '<p>服务条款</p>' },
    });
    const privacy = await t.call(viewAgreement, { type: 'privacyAgreement' }, { as: visitorOf(ent.domain), raw: true });
    expect(privacy.body.data).toEqual({ type: 'privacyAgreement', title: '隐私政策', content: '<p>隐私条款</p>' });
  });

  it('sanitises the stored content: no script, no event handlers, no script URLs', async () => {
    const ent = await createEnterprise(t.database.db);
    await createAgreement(t.database.db, ent.eid, {
      type: 'serviceAgreement',
      content:
        '<p class="lead" onclick="steal()">条款一<img src="x" onerror="alert(1)"></p>' +
        '<script>alert(2)</script><a href="javascript:alert(3)">链接</a><iframe src="https://evil.example"></iframe>',
    });
    const { body } = await t.call(
      viewAgreement,
      { type: 'serviceAgreement' },
      { as: visitorOf(ent.domain), raw: true },
    );
    expect(body.code).toBe(200);
    const html: string = body.data.content;
    expect(html).toContain('条款一');
    expect(html).toContain('class="lead"');
    expect(html).toContain('链接');
    expect(html.toLowerCase()).not.toContain('<script');
    expect(html.toLowerCase()).not.toContain('onerror');
    expect(html.toLowerCase()).not.toContain('onclick');
    expect(html.toLowerCase()).not.toContain('javascript:');
    expect(html.toLowerCase()).not.toContain('<iframe');
    expect(html).not.toContain('alert(');
  });

  it('unknown type → 400 naming type', async () => {
    const ent = await createEnterprise(t.database.db);
    const { status, body } = await t.call(viewAgreement, unchecked({ type: 'cookieAgreement' }), {
      as: visitorOf(ent.domain),
      raw: true,
    });
    expect(status).toBe(200);
    expect(body.code).toBe(400);
    expect(body.message).toMatch(/^参数错误：type /);
    expect(invalidFields(body)[0]!.field).toBe('type');
  });

  it('missing type → 400 naming type', async () => {
    const ent = await createEnterprise(t.database.db);
    const { body } = await t.call(viewAgreement, unchecked({}), { as: visitorOf(ent.domain), raw: true });
    expect(body.code).toBe(400);
    expect(invalidFields(body)[0]!.field).toBe('type');
  });

  it('no stored agreement → 404 envelope', async () => {
    const ent = await createEnterprise(t.database.db);
    const { status, body } = await t.call(
      viewAgreement,
      { type: 'privacyAgreement' },
      { as: visitorOf(ent.domain), raw: true },
    );
    expect(status).toBe(200);
    expect(body).toEqual({ code: 404, message: '协议不存在', data: null });
  });

  it("another enterprise's agreement is never served", async () => {
    const a = await createEnterprise(t.database.db);
    const b = await createEnterprise(t.database.db);
    await createAgreement(t.database.db, a.eid, { type: 'serviceAgreement', content: '<p>A 的协议</p>' });
    const { body } = await t.call(viewAgreement, { type: 'serviceAgreement' }, { as: visitorOf(b.domain), raw: true });
    expect(body.code).toBe(404);
  });
});

describe('GET /gateway/system/api/pc/zone/info/nav/bar/list', () => {
  it('lists enabled items in sort order, topic items pointing at their topic', async () => {
    const ent = await createEnterprise(t.database.db);
    const db = t.database.db;
    const news = await createNavItem(db, ent.eid, { name: '新闻', nameEn: 'News', menuType: 2, url: '/news', sort: 3 });
    const home = await createNavItem(db, ent.eid, { name: '首页', nameEn: 'Home', menuType: 1, url: '/home', sort: 1 });
    await createNavItem(db, ent.eid, { name: '隐藏', menuType: 7, url: '/about', sort: 0, enabled: false });
    const topic = await createNavItem(db, ent.eid, {
      name: '专题',
      nameEn: '',
      menuType: 3,
      url: '/ignored',
      topicId: 42,
      sort: 2,
      openNewWindow: true,
    });
    const { body } = await t.call(findNavItems, {}, { as: visitorOf(ent.domain), raw: true });
    expect(body.code).toBe(200);
    expect(body.data.map((n) => n.id)).toEqual([home.id, topic.id, news.id]);
    expect(body.data.map((n) => n.name)).not.toContain('隐藏');
    expect(body.data[1]).toEqual({
      id: topic.id,
      name: '专题',
      nameEn: '专题', // no English name: the Chinese one
      menuType: 3,
      url: '/topic/cate/42',
      topicId: 42,
      sort: 2,
      openNewWindow: true,
    });
    expect(body.data[0]!.url).toBe('/home');
    expect(body.data[0]!.nameEn).toBe('Home');
  });

  it('a site with no items answers an empty list', async () => {
    const ent = await createEnterprise(t.database.db);
    const { body } = await t.call(findNavItems, {}, { as: visitorOf(ent.domain), raw: true });
    expect(body).toEqual({ code: 200, message: '成功', data: [] });
  });

  it('unknown domain → 3101', async () => {
    const { body } = await t.call(findNavItems, {}, { as: visitorOf('no-such-site.example.org'), raw: true });
    expect(body.code).toBe(3101);
  });
});

describe('GET /gateway/system/api/pc/zone/info/list', () => {
  it('lists enabled zones in sort order', async () => {
    const ent = await createEnterprise(t.database.db);
    const db = t.database.db;
    const courses = await createZone(db, ent.eid, {
      zoneName: '精品课程',
      zoneNameEn: 'Courses',
      zoneType: 2,
      relationType: 1,
      showNum: 8,
      sort: 2,
    });
    const banner = await createZone(db, ent.eid, { zoneName: '轮播', zoneType: 1, showNum: 5, sort: 1 });
    await createZone(db, ent.eid, { zoneName: '停用专区', zoneType: 3, sort: 0, enabled: false });
    const { body } = await t.call(findZones, {}, { as: visitorOf(ent.domain), raw: true });
    expect(body.code).toBe(200);
    expect(body.data).toEqual([
      { id: banner.id, zoneName: '轮播', zoneNameEn: '轮播', zoneType: 1, relationType: null, showNum: 5, sort: 1 },
      {
        id: courses.id,
        zoneName: '精品课程',
        zoneNameEn: 'Courses',
        zoneType: 2,
        relationType: 1,
        showNum: 8,
        sort: 2,
      },
    ]);
  });
});

describe('GET /gateway/system/auth/pc/zone/info/logo', () => {
  it('needs a session', async () => {
    const { body } = await t.call(viewZoneLogo, {}, { raw: true });
    expect(body.code).toBe(301);
  });

  it("answers the logo and name of the session's enterprise", async () => {
    const ent = await createEnterprise(t.database.db, {
      settings: { entName: '标志企业', userEntLogo: '/logo/a.png' },
    });
    const user = await t.learner(ent);
    const { body } = await t.call(viewZoneLogo, {}, { as: user, raw: true });
    expect(body).toEqual({ code: 200, message: '成功', data: { logoUrl: '/logo/a.png', entName: '标志企业' } });
  });
});

describe('banner lists', () => {
  async function siteWithBanners() {
    const ent = await createEnterprise(t.database.db);
    const db = t.database.db;
    const forAll = await createBanner(db, ent.eid, { title: '大家', audience: 'all', sort: 2 });
    const forVisitors = await createBanner(db, ent.eid, { title: '游客', audience: 'visitor', sort: 1 });
    const forLearners = await createBanner(db, ent.eid, { title: '学员', audience: 'signedIn', sort: 3 });
    await createBanner(db, ent.eid, { title: '停用', audience: 'all', sort: 0, enabled: false });
    return { ent, forAll, forVisitors, forLearners };
  }

  it("api: 'all' and 'visitor' banners in sort order, never 'signedIn' or disabled ones", async () => {
    const { ent, forAll, forVisitors } = await siteWithBanners();
    const { body } = await t.call(findBanners, {}, { as: visitorOf(ent.domain), raw: true });
    expect(body.code).toBe(200);
    expect(body.data.map((b) => b.title)).toEqual(['游客', '大家']);
    expect(body.data[1]).toEqual({
      id: forAll.id,
      title: '大家',
      imageUrl: forAll.imageUrl,
      linkUrl: forAll.linkUrl,
      openNewWindow: false,
      sort: 2,
    });
    expect(body.data[0]!.id).toBe(forVisitors.id);
  });

  it("auth: 'all' and 'signedIn' banners, never 'visitor' or disabled ones", async () => {
    const { ent, forLearners } = await siteWithBanners();
    const user = await t.learner(ent);
    const { body } = await t.call(findBannersAuth, {}, { as: user, raw: true });
    expect(body.code).toBe(200);
    expect(body.data.map((b) => b.title)).toEqual(['大家', '学员']);
    expect(body.data[1]!.id).toBe(forLearners.id);
  });

  it('auth needs a session', async () => {
    const { ent } = await siteWithBanners();
    const { body } = await t.call(findBannersAuth, {}, { as: visitorOf(ent.domain), raw: true });
    expect(body.code).toBe(301);
    expect(body.data).toBeNull();
  });
});

describe('GET /gateway/system/api/sys/link/list', () => {
  it("lists the site's links in sort order", async () => {
    const ent = await createEnterprise(t.database.db);
    const second = await createSysLink(t.database.db, ent.eid, {
      name: '教育部',
      url: 'https://www.moe.gov.cn',
      sort: 2,
    });
    const first = await createSysLink(t.database.db, ent.eid, {
      name: '人社部',
      url: 'https://www.mohrss.gov.cn',
      sort: 1,
    });
    const { body } = await t.call(findSysLinks, {}, { as: visitorOf(ent.domain), raw: true });
    expect(body).toEqual({
      code: 200,
      message: '成功',
      data: [
        { id: first.id, name: '人社部', url: 'https://www.mohrss.gov.cn', sort: 1 },
        { id: second.id, name: '教育部', url: 'https://www.moe.gov.cn', sort: 2 },
      ],
    });
  });
});

describe('GET /gateway/system/api/app/version/manager/android/official/latest', () => {
  it("answers the highest versionCode of the enterprise's official Android channel", async () => {
    const ent = await createEnterprise(t.database.db);
    const other = await createEnterprise(t.database.db);
    const db = t.database.db;
    await createAppVersion(db, ent.eid, { versionCode: 5 });
    const latest = await createAppVersion(db, ent.eid, {
      versionCode: 12,
      versionName: '2.1.0',
      updateContent: '修复问题',
      forceUpdate: true,
      releasedAt: new Date('2026-01-02T03:04:05.000Z'),
    });
    await createAppVersion(db, ent.eid, { versionCode: 7 });
    await createAppVersion(db, ent.eid, { versionCode: 90, channel: 'beta' });
    await createAppVersion(db, ent.eid, { versionCode: 95, platform: 'ios' });
    await createAppVersion(db, other.eid, { versionCode: 500 });
    const { body } = await t.call(viewLatestAndroid, {}, { as: visitorOf(ent.domain), raw: true });
    expect(body).toEqual({
      code: 200,
      message: '成功',
      data: {
        versionName: '2.1.0',
        versionCode: 12,
        downloadUrl: latest.downloadUrl,
        updateContent: '修复问题',
        forceUpdate: true,
        releasedAt: '2026-01-02T03:04:05.000Z',
      },
    });
  });

  it("null when the enterprise has no official Android version (another enterprise's never show)", async () => {
    const ent = await createEnterprise(t.database.db);
    const other = await createEnterprise(t.database.db);
    await createAppVersion(t.database.db, other.eid, { versionCode: 3 });
    await createAppVersion(t.database.db, ent.eid, { versionCode: 4, channel: 'beta' });
    const { body } = await t.call(viewLatestAndroid, {}, { as: visitorOf(ent.domain), raw: true });
    expect(body).toEqual({ code: 200, message: '成功', data: null });
  });

  it('by eid query', async () => {
    const ent = await createEnterprise(t.database.db);
    await createAppVersion(t.database.db, ent.eid, { versionCode: 21 });
    const { body } = await t.call(viewLatestAndroid, { eid: String(ent.eid) }, { raw: true });
    expect(body.data!.versionCode).toBe(21);
  });
});

describe('tenant isolation', () => {
  /** Enterprises A and B with content of their own, and a learner signed in to A only. */
  async function twoTenants() {
    const db = t.database.db;
    const a = await createEnterprise(db, { settings: { entName: '企业A', userEntLogo: '/a.png' } });
    const b = await createEnterprise(db, { settings: { entName: '企业B', userEntLogo: '/b.png' } });
    await createNavItem(db, a.eid, { name: 'A导航' });
    await createNavItem(db, b.eid, { name: 'B导航' });
    await createBanner(db, a.eid, { title: 'A横幅', audience: 'all' });
    await createBanner(db, b.eid, { title: 'B横幅', audience: 'all' });
    await createBanner(db, b.eid, { title: 'B学员横幅', audience: 'signedIn' });
    await createBanner(db, b.eid, { title: 'B游客横幅', audience: 'visitor' });
    await createSysLink(db, a.eid, { name: 'A链接' });
    await createSysLink(db, b.eid, { name: 'B链接' });
    await createZone(db, a.eid, { zoneName: 'A专区' });
    await createZone(db, b.eid, { zoneName: 'B专区' });
    const learner = await t.learner(a);
    return { a, b, learner };
  }

  it("auth calls with A's session answer A's data even when asked for B by eid query and domain header", async () => {
    const { a, b, learner } = await twoTenants();
    const asB = { as: { ...learner, domain: b.domain }, query: { eid: String(b.eid) } };

    const view = await t.call(viewWebsiteAuth, {}, { ...asB, raw: true });
    expect(view.body.code).toBe(200);
    expect(view.body.data.eid).toBe(a.eid);
    expect(view.body.data.entName).toBe('企业A');

    const logo = await t.call(viewZoneLogo, {}, { ...asB, raw: true });
    expect(logo.body.data).toEqual({ logoUrl: '/a.png', entName: '企业A' });

    const banners = await t.call(findBannersAuth, {}, { ...asB, raw: true });
    expect(banners.body.code).toBe(200);
    expect(banners.body.data.map((x) => x.title)).toEqual(['A横幅']);
  });

  it("a session cookie of A with B's eid and domain also answers A only", async () => {
    const { a, b, learner } = await twoTenants();
    const view = await t.call(viewWebsiteAuth, unchecked({ eid: String(b.eid) }), {
      as: visitorOf(b.domain),
      headers: { cookie: `token=${learner.token}` },
      raw: true,
    });
    expect(view.body.data.eid).toBe(a.eid);
  });

  it("content created for B never appears in A's public answers", async () => {
    const { a } = await twoTenants();
    const onA = { as: visitorOf(a) };
    const nav = await t.call(findNavItems, {}, { ...onA, raw: true });
    expect(nav.body.data.map((x) => x.name)).toEqual(['A导航']);
    const banners = await t.call(findBanners, {}, { ...onA, raw: true });
    expect(banners.body.data.map((x) => x.title)).toEqual(['A横幅']);
    const links = await t.call(findSysLinks, {}, { ...onA, raw: true });
    expect(links.body.data.map((x) => x.name)).toEqual(['A链接']);
    const zones = await t.call(findZones, {}, { ...onA, raw: true });
    expect(zones.body.data.map((x) => x.zoneName)).toEqual(['A专区']);
  });

  it("B's content is served to B, not mixed with A's", async () => {
    const { b } = await twoTenants();
    const onB = { as: visitorOf(b) };
    const nav = await t.call(findNavItems, {}, { ...onB, raw: true });
    expect(nav.body.data.map((x) => x.name)).toEqual(['B导航']);
    const banners = await t.call(findBanners, {}, { ...onB, raw: true });
    expect(banners.body.data.map((x) => x.title).sort()).toEqual(['B横幅', 'B游客横幅'].sort());
  });
});
