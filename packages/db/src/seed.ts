import { and, eq, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as s from './schema.ts';
import { seedSiteExams } from './seed-exams.ts';
import { seedOrders } from './seed-orders.ts';
import { seedTalentRecords } from './seed-talent.ts';
import { seedLiveRooms } from './seed-live.ts';
import { seedSiteTasks } from './seed-tasks.ts';

type Db = NodePgDatabase<typeof s>;

interface DemoTenant {
  eid: number;
  name: string;
  nameEn: string;
  host: string;
  lang: 'zh' | 'en';
  /** Tenant code this demo enterprise stands for; mapped to the eid by configuration. */
  tenantCode: string | null;
}

/**
 * The demo tenants. Their eids are fixed so that the default TENANT_CODES setting can name them;
 * a real installation maps its own ids in configuration.
 */
/** The source key of the demo lecture: made by FFmpeg in the transcoding job, not uploaded (decision 041). */
export const DEMO_LECTURE_SOURCE = 'demo:lecture';

export const DEMO_TENANTS: DemoTenant[] = [
  {
    eid: 1001,
    name: '智学企业培训平台',
    nameEn: 'Zhixue Corporate Academy',
    host: 'localhost',
    lang: 'zh',
    tenantCode: null,
  },
  {
    eid: 1002,
    name: '司法行政干部教育培训平台',
    nameEn: 'Justice Staff Training Portal',
    host: 'sfj.localhost',
    lang: 'zh',
    tenantCode: 'SFJ',
  },
  {
    eid: 1003,
    name: '医保业务学习平台',
    nameEn: 'Medical Insurance Learning Portal',
    host: 'yb.localhost',
    lang: 'zh',
    tenantCode: 'medicalInsurance',
  },
  {
    eid: 1004,
    name: 'Medical Insurance Academy',
    nameEn: 'Medical Insurance Academy',
    host: 'global.localhost',
    lang: 'en',
    tenantCode: 'medicalInsurance',
  },
  {
    eid: 1005,
    name: '专业技术人员继续教育平台',
    nameEn: 'Continuing Education for Professionals',
    host: 'px.localhost',
    lang: 'zh',
    tenantCode: 'publicTraining',
  },
];

const agreementHtmlEn = (entName: string, kind: 'service' | 'privacy') =>
  kind === 'service'
    ? `<p>Welcome to ${entName} (the "Platform"). Please read these terms in full before you register or use the Platform.</p><h3>1. The service</h3><p>The Platform offers enterprise learners online courses, study tasks, exams and practice, and the management of certificates and credit hours.</p><h3>2. Your account</h3><p>Keep your account and password safe and do not lend or transfer your account to anyone else.</p><h3>3. Learning records</h3><p>Your learning and exam records are shared with your organisation's training administrators for assessment.</p><h3>4. Changes</h3><p>The Platform may change these terms when necessary; changes take effect when published.</p>`
    : `<p>We care about your personal information. This policy explains how we collect, use, store and protect it.</p><h3>1. What we collect</h3><p>Your mobile number, your name, your ID number (only for real-name verification), and your learning and exam records.</p><h3>2. How we use it</h3><p>To verify your identity, manage your learning, issue certificates and give your organisation its training statistics.</p><h3>3. How we protect it</h3><p>ID numbers are stored encrypted and shown masked; we never sell your personal information.</p><h3>4. Your rights</h3><p>You can view and correct your information on your profile page and ask for your account to be closed.</p>`;

const agreementHtml = (entName: string, kind: 'service' | 'privacy') =>
  kind === 'service'
    ? `<p>欢迎您使用${entName}（以下简称“本平台”）。在注册和使用本平台前，请您仔细阅读本协议的全部内容。</p><h3>一、服务内容</h3><p>本平台为企业学员提供在线课程、学习任务、考试练习、证书与学时管理等服务。</p><h3>二、账号使用</h3><p>您应妥善保管账号和密码，不得将账号转让、出借给他人使用。因您保管不善造成的损失由您自行承担。</p><h3>三、学习记录</h3><p>您在本平台产生的学习、考试记录将同步给您所在的企业培训管理员，用于培训考核。</p><h3>四、协议变更</h3><p>本平台有权在必要时修改本协议，修改后的协议一经公布即生效。</p>`
    : `<p>我们重视您的个人信息保护。本政策说明我们如何收集、使用、存储和保护您的个人信息。</p><h3>一、我们收集的信息</h3><p>手机号码、姓名、身份证号码（仅在实名认证时）、学习与考试记录。</p><h3>二、信息的使用</h3><p>用于身份核验、学习管理、证书发放以及向您所在企业提供培训统计。</p><h3>三、信息的保护</h3><p>身份证号码加密存储，页面仅展示脱敏后的号码；我们不会向第三方出售您的个人信息。</p><h3>四、您的权利</h3><p>您可以在个人信息页面查询、更正您的信息，也可以申请注销账号。</p>`;

export interface DemoAccount {
  phone: string;
  name: string;
  /** Enterprises the person belongs to; the first is where they land. */
  eids: number[];
  isAdmin: boolean;
  /**
   * Employee number in each of the person's enterprises (signs in with the same password); none
   * for a member of the public on the public-training site.
   */
  employeeNo: string | null;
  departmentName: string;
}

/** The demo password of every demo account (meets the password rule of platform.md section 5). */
export const DEMO_PASSWORD = 'Demo@2026';

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    phone: '13800000001',
    name: '张晓明',
    eids: [1001, 1002],
    isAdmin: false,
    employeeNo: 'E0001',
    departmentName: '销售部',
  },
  { phone: '13800000002', name: '李静', eids: [1001], isAdmin: true, employeeNo: 'E0002', departmentName: '培训部' },
  {
    phone: '13800000003',
    name: '王磊',
    eids: [1003, 1004],
    isAdmin: false,
    employeeNo: 'E0003',
    departmentName: '医保结算科',
  },
  {
    phone: '13800000004',
    name: '陈晨',
    eids: [1005],
    isAdmin: false,
    employeeNo: null,
    departmentName: '',
  },
];

/**
 * The administrators of the demo sites that have none among DEMO_ACCOUNTS (the back office,
 * decision 036): one per site, named in the site's language. They only administer: no study,
 * exams or exports are made up for them, so the learners' demo data stays as it is.
 */
export const DEMO_ADMINS: DemoAccount[] = [
  { phone: '13800000005', name: '周敏', eids: [1002], isAdmin: true, employeeNo: 'A0005', departmentName: '' },
  { phone: '13800000006', name: '吴刚', eids: [1003], isAdmin: true, employeeNo: 'A0006', departmentName: '' },
  { phone: '13800000007', name: 'Emma Clark', eids: [1004], isAdmin: true, employeeNo: 'A0007', departmentName: '' },
  { phone: '13800000008', name: '郑丽', eids: [1005], isAdmin: true, employeeNo: 'A0008', departmentName: '' },
];

/**
 * Seeds the demo tenants once. Idempotent: an enterprise that already exists is left as it is,
 * so nothing a person changed is overwritten on the next start.
 */
/** Where the seed puts demo files (export records): the server's private storage. */
export interface SeedFiles {
  put(key: string, data: Buffer): Promise<void>;
}

export async function seedDemoData(db: Db, options: { files?: SeedFiles } = {}): Promise<{ created: number[] }> {
  const created: number[] = [];
  for (const t of DEMO_TENANTS) {
    const done = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(s.enterprises)
        .overridingSystemValue()
        .values({ eid: t.eid, name: t.name, nameEn: t.nameEn, correctDomain: t.host, lang: t.lang })
        .onConflictDoNothing()
        .returning({ eid: s.enterprises.eid });
      if (inserted.length === 0) return false;
      await seedTenant(tx as unknown as Db, t);
      return true;
    });
    if (done) created.push(t.eid);
  }
  if (created.length > 0) {
    await seedDemoAccounts(db, created);
    await seedLeaderboards(db, created);
    await seedNews(db, created);
    await seedLecturers(db, created);
    await seedAppVersions(db, created);
    await seedCourses(db, created);
    await seedTopics(db, created);
    await seedAnnouncements(db, created);
    await seedMessages(db, created);
    await seedExportRecords(db, created, options.files);
    await seedTagsAndCategories(db, created);
    // After the courses, the categories and the leaderboards' totals it builds on.
    await seedLearning(db, created);
    await seedExams(db, created);
    // After the courses, the learning, the exams and the tags the tasks are made of.
    await seedTasks(db, created);
    // After the accounts and the courses the demo orders buy.
    await seedOrders(db, created);
    // After the accounts and the talent business categories.
    await seedTalentRecords(db, created);
    // After the learning: the rooms play the demo lecture of the resource library.
    await seedLiveRooms(db, created);
  }
  // Keep the identity ahead of the fixed demo ids.
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('enterprises', 'eid'), GREATEST((SELECT max(eid) FROM enterprises), 1001))`,
  );
  return { created };
}

/** The demo people and administrators, in the enterprises just created; existing accounts and memberships are kept. */
async function seedDemoAccounts(db: Db, createdEids: number[]): Promise<void> {
  const { hash } = await import('@node-rs/argon2');
  // argon2id (the library's default algorithm) with OWASP's minimum cost.
  const passwordHash = await hash(DEMO_PASSWORD, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  for (const person of [...DEMO_ACCOUNTS, ...DEMO_ADMINS]) {
    const eids = person.eids.filter((eid) => createdEids.includes(eid));
    if (eids.length === 0) continue;
    await db.insert(s.accounts).values({ phone: person.phone, passwordHash }).onConflictDoNothing();
    const [account] = await db.select({ id: s.accounts.id }).from(s.accounts).where(eq(s.accounts.phone, person.phone));
    await db
      .insert(s.enterpriseUsers)
      .values(
        eids.map((eid) => ({
          eid,
          accountId: account!.id,
          userName: person.name,
          realName: person.name,
          isAdmin: person.isAdmin,
          employeeNo: person.employeeNo,
          departmentName: person.departmentName,
          userDetail: demoDetail(person, eid),
        })),
      )
      .onConflictDoNothing();
  }
}

/** The demo people's employers, by site. */
const DEMO_EMPLOYERS: Record<number, string> = {
  1001: '智学科技有限公司',
  1002: '市司法局',
  1003: '市医疗保障局',
  1004: 'Global Health Partners',
  1005: '职业技能培训中心',
};
const DEMO_WOMEN = new Set(['13800000002', '13800000004', '13800000005', '13800000007', '13800000008']);

/**
 * A demo person's answers to the fields their site's registration form requires (gender,
 * education, employer): signed in, a newcomer stays on the page they opened instead of being
 * counted down to personal information (account-area.md's incomplete-profile tip; a learner made
 * in /crm or by registering still meets it). Real-name verification (SFJ, px) and SFJ's required
 * one-inch photo and category are left for the person to do.
 */
function demoDetail(person: DemoAccount, eid: number): Record<string, string> {
  const answers: Record<string, string> = {
    gender: DEMO_WOMEN.has(person.phone) ? '2' : '1',
    education: '5',
    companyName: DEMO_EMPLOYERS[eid] ?? '',
  };
  const required = (DEMO_REGISTRATION[eid] ?? []).filter(([group, , , req]) => group === 'userTitle' && req);
  return Object.fromEntries(required.flatMap(([, field]) => (answers[field] ? [[field, answers[field]]] : [])));
}

async function seedTenant(db: Db, t: DemoTenant): Promise<void> {
  const eid = t.eid;
  const domains = t.host === 'localhost' ? ['localhost', '127.0.0.1'] : [t.host];
  await db.insert(s.enterpriseDomains).values(domains.map((domain) => ({ eid, domain, isDefault: true })));

  const common = {
    eid,
    entName: t.name,
    websiteIco: `/demo/${slug(t)}-icon.svg`,
    userEntLogo: `/demo/${slug(t)}-logo.svg`,
    appDownloadQrCode: '',
    defaultUserHeadPortrait: '/demo/avatar.svg',
    // Learners' comments and ratings on courses are shown on every demo site (issue 12).
    showUserCommentOpenSet: true,
  };
  const settings: Record<number, Partial<typeof s.websiteSettings.$inferInsert>> = {
    1001: {
      websiteDesc: '智学企业培训平台：面向企业员工的在线学习、考试与证书管理平台。',
      websiteKeyword: '企业培训,在线学习,在线考试,学时,证书',
      websiteIcpNo: '桂ICP备2024000001号-1',
      websitePrnNo: '桂公网安备45010302000001号',
      websiteCopyright: 'Copyright © 2026 智学企业培训平台 版权所有',
      contactPhone: '',
      isEnableStatistics: true,
      statisticsCode:
        '<script>window.portalStats=window.portalStats||[];window.portalStats.push(["pageview",location.pathname]);</script>',
      theme: { themeColor: '#2468f2', navBgColor: '#2468f2', highlightColor: '#2468f2', pcNavThemeStyle: 1 },
      registerOpenSet: true,
      visitorOpenSet: true,
      usernameOpenSet: true,
      isEnableAppDownload: true,
      h5Url: '',
      individuationOptions: { accountHidePage: '4' },
    },
    1002: {
      websiteDesc: '司法行政干部教育培训平台：政策法规学习、业务培训与考试。',
      websiteKeyword: '司法行政,干部培训,法治教育,在线考试',
      websiteIcpNo: '桂ICP备2024000002号-1',
      websitePrnNo: '',
      websiteCopyright: 'Copyright © 2026 司法行政干部教育培训平台',
      contactPhone: '0771-5888888',
      theme: {
        themeColor: '#b4232a',
        headerBgColor: '#b4232a',
        headerFontColor: '#ffffff',
        navBgColor: '#8f1c22',
        navHighlightColor: '#ffd591',
        highlightColor: '#b4232a',
        footerBgColor: '#3a1f1f',
        pcNavThemeStyle: 2,
      },
      registerOpenSet: true,
      visitorOpenSet: false,
      verifyOpenSet: true,
      individuationOptions: {
        admissionTicketPrintTime: '准考证将于考试开始前3天开放打印，请届时登录平台下载打印。',
        indexCustomerServiceEntranceOpenSet: true,
        indexCustomerServiceLink: '/account?change=10',
        pcSfjIndexCustomerServiceText: '在线咨询',
        pcSfjIndexCustomerServiceEntranceImg: '/demo/sfj-customer-service.svg',
      },
    },
    1003: {
      websiteDesc: '医保业务学习平台：医保政策、经办实务与稽核业务培训。',
      websiteKeyword: '医保,医疗保障,业务培训,经办',
      websiteIcpNo: '桂ICP备2024000003号-2',
      websiteCopyright: 'Copyright © 2026 医保业务学习平台',
      contactPhone: '0771-12393',
      theme: {
        themeColor: '#0b7d60',
        navBgColor: '#ffffff',
        navFontColor: '#1f2d3d',
        navHighlightColor: '#0b7d60',
        highlightColor: '#0b7d60',
        footerBgColor: '#0b3d33',
        pcNavThemeStyle: 3,
      },
      registerOpenSet: false,
      visitorOpenSet: true,
      studyScoreType: 2,
      entTypeNameStyle: 2,
    },
    1004: {
      // Learners confirm their personal and talent information once (the confirmation popup).
      personalInfoConfirmOpenSet: true,
      talentInfoConfirmOpenSet: true,
      websiteDesc: 'Medical Insurance Academy: policy, claims and audit training for partner staff.',
      websiteKeyword: 'medical insurance,training,e-learning',
      websiteCopyright: 'Copyright © 2026 Medical Insurance Academy',
      contactPhone: '',
      theme: {
        themeColor: '#6b3fc9',
        navBgColor: '#ffffff',
        navFontColor: '#2a2340',
        navHighlightColor: '#6b3fc9',
        highlightColor: '#6b3fc9',
        footerBgColor: '#231a3a',
        pcNavThemeStyle: 3,
      },
      registerOpenSet: false,
      visitorOpenSet: true,
      greyThemeOpenSet: false,
    },
    1005: {
      // Public training: members of the public sign up and study (decision 011).
      websiteDesc: '专业技术人员继续教育平台：公需科目与专业科目在线学习、考试与学时证明。',
      websiteKeyword: '继续教育,公需科目,专业技术人员,在线学习',
      websiteIcpNo: '桂ICP备2024000005号-1',
      websiteCopyright: 'Copyright © 2026 专业技术人员继续教育平台',
      contactPhone: '0771-5666666',
      theme: { themeColor: '#d4600b', navBgColor: '#d4600b', highlightColor: '#d4600b', pcNavThemeStyle: 1 },
      registerOpenSet: true,
      registerAutoAudit: true,
      visitorOpenSet: true,
      verifyOpenSet: true,
      // Public-training courses are sold (prices on the course cards).
      showCoursePriceOpenSet: true,
    },
  };
  await db.insert(s.websiteSettings).values({ ...common, ...settings[eid] });

  const zh = t.lang === 'zh';
  const nav: Array<[string, string, number, string]> =
    eid === 1001
      ? [
          ['首页', 'Home', 1, '/home'],
          ['新闻资讯', 'News', 2, '/news'],
          ['知识库', 'Knowledge', 4, '/knowledge'],
          ['讲师风采', 'Lecturers', 5, '/lecturer'],
          ['专题学习', 'Topics', 3, '/topic'],
          ['个人中心', 'My account', 6, '/account'],
          ['关于我们', 'About', 7, '/about'],
          ['证书查询', 'Certificates', 7, '/certificate/query'],
        ]
      : eid === 1002
        ? [
            ['首页', 'Home', 1, '/home'],
            ['通知公告', 'News', 2, '/news'],
            ['在线学习', 'Knowledge', 4, '/knowledge'],
            ['师资库', 'Lecturers', 5, '/lecturer'],
            ['学习中心', 'My account', 6, '/account'],
            ['平台介绍', 'About', 7, '/about'],
          ]
        : [
            ['首页', 'Home', 1, '/home'],
            ['政策资讯', 'Policy news', 2, '/news'],
            ['课程中心', 'Courses', 4, '/knowledge'],
            ['专题学习', 'Topics', 3, '/topic'],
            ['个人中心', 'My account', 6, '/account'],
            ['关于我们', 'About', 7, '/about'],
          ];
  await db.insert(s.navItems).values(
    nav.map(([name, nameEn, menuType, url], i) => ({
      eid,
      name: zh ? name : nameEn,
      nameEn,
      menuType,
      url,
      sort: i + 1,
    })),
  );

  await db.insert(s.zones).values(
    [
      ['轮播图', 'Banners', 1, null],
      ['推荐课程', 'Recommended courses', 2, 3],
      ['最新课程', 'New courses', 2, 1],
      // Zone type 7: the site's study projects (issue 20).
      ['培训项目', 'Training projects', 7, null],
      ['新闻资讯', 'News', 3, null],
      ['优秀讲师', 'Lecturers', 4, null],
      ['学习排行', 'Leaderboard', 5, null],
      ['常用链接', 'Useful links', 8, null],
    ].map(([zoneName, zoneNameEn, zoneType, relationType], i) => ({
      eid,
      zoneName: zh ? (zoneName as string) : (zoneNameEn as string),
      zoneNameEn: zoneNameEn as string,
      zoneType: zoneType as number,
      relationType: relationType as number | null,
      sort: i + 1,
    })),
  );

  const bannerTitles = zh
    ? [`欢迎来到${t.name}`, '年度重点培训计划', '线上考试全面开放']
    : [`Welcome to ${t.name}`, 'This year’s training plan', 'Online exams are open'];
  await db.insert(s.banners).values(
    bannerTitles.map((title, i) => ({
      eid,
      title,
      imageUrl: `/demo/${slug(t)}-banner-${i + 1}.svg`,
      linkUrl: i === 0 ? '/about' : i === 1 ? '/news' : '/knowledge',
      sort: i + 1,
      audience: i === 2 ? 'signedIn' : 'all',
    })),
  );

  const links: Array<[string, string]> =
    eid === 1002
      ? [
          ['中国政府网', 'https://www.gov.cn'],
          ['中华人民共和国司法部', 'https://www.moj.gov.cn'],
          ['中国普法网', 'https://www.legalinfo.gov.cn'],
        ]
      : eid === 1003
        ? [
            ['中国政府网', 'https://www.gov.cn'],
            ['国家医疗保障局', 'https://www.nhsa.gov.cn'],
            ['学习强国', 'https://www.xuexi.cn'],
          ]
        : [
            ['中国政府网', 'https://www.gov.cn'],
            ['学习强国', 'https://www.xuexi.cn'],
            ['人力资源和社会保障部', 'https://www.mohrss.gov.cn'],
          ];
  const linksEn: Array<[string, string]> = [
    ['World Health Organization', 'https://www.who.int'],
    ['National Healthcare Security Administration', 'https://www.nhsa.gov.cn'],
  ];
  const siteLinks = zh ? links : linksEn;
  await db.insert(s.sysLinks).values(siteLinks.map(([name, url], i) => ({ eid, name, url, sort: i + 1 })));

  await db.insert(s.agreements).values([
    {
      eid,
      type: 'serviceAgreement',
      title: zh ? '用户服务协议' : 'Terms of service',
      content: (zh ? agreementHtml : agreementHtmlEn)(t.name, 'service'),
    },
    {
      eid,
      type: 'privacyAgreement',
      title: zh ? '隐私政策' : 'Privacy policy',
      content: (zh ? agreementHtml : agreementHtmlEn)(t.name, 'privacy'),
    },
  ]);

  await db.insert(s.positions).values(
    DEMO_POSITIONS.map(([pathNo, name, nameEn, categoryType], i) => ({
      eid,
      pathNo,
      level: pathNo.length / 2,
      name,
      nameEn,
      categoryType,
      sort: i,
    })),
  );
  const registration = DEMO_REGISTRATION[eid];
  if (registration) {
    await db.insert(s.registrationFields).values(
      registration.map(([grp, field, name, required, show], sort) => ({
        eid,
        grp,
        field,
        name,
        required,
        show,
        sort,
      })),
    );
  }

  // No app versions are seeded: the demo has no real app package to offer, and a download link
  // that answers 404 would be fake. /app/download then says that no version is available yet.
  await db.update(s.enterprises).set({ updatedAt: new Date() }).where(eq(s.enterprises.eid, eid));
}

/** The position hierarchy of every demo site: [pathNo, name, English name, category type]. */
const DEMO_POSITIONS: Array<[string, string, string, number]> = [
  ['01', '公务员', 'Civil servant', 1],
  ['0101', '综合管理类', 'General management', 0],
  ['010101', '领导职务', 'Leading post', 0],
  ['01010101', '一级主任科员', 'First-class principal staff member', 0],
  ['01010102', '二级主任科员', 'Second-class principal staff member', 0],
  ['010102', '非领导职务', 'Non-leading post', 0],
  ['01010201', '一级科员', 'First-class staff member', 0],
  ['0102', '专业技术类', 'Professional and technical', 0],
  ['010201', '专业技术职务', 'Technical post', 0],
  ['01020101', '一级主管', 'First-class supervisor', 0],
  ['02', '参照公务员法管理人员', 'Managed like civil servants', 2],
  ['0201', '综合管理类', 'General management', 0],
  ['020101', '领导职务', 'Leading post', 0],
  ['02010101', '一级主任科员', 'First-class principal staff member', 0],
  ['03', '事业单位人员', 'Public institution staff', 3],
  ['0301', '专业技术岗位', 'Professional post', 0],
  ['030101', '高级职称', 'Senior title', 0],
  ['030102', '中级职称', 'Intermediate title', 0],
  ['0302', '管理岗位', 'Management post', 0],
  ['030201', '科级', 'Section level', 0],
  ['04', '工勤技能人员', 'Manual and skilled workers', 4],
  ['0401', '技术工种', 'Skilled trade', 0],
  ['040101', '高级工', 'Senior worker', 0],
  ['05', '国有企业人员', 'State-owned enterprise staff', 5],
  ['0501', '中层管理', 'Middle management', 0],
  ['050101', '部门负责人', 'Head of department', 0],
  ['06', '其他人员', 'Other', 0],
];

/** Registration forms of the demo sites: [group, field, label ('' default), required, show]. */
const DEMO_REGISTRATION: Record<number, Array<[string, string, string, boolean, boolean]>> = {
  1001: [
    ['userTitle', 'gender', '', true, true],
    ['userTitle', 'birthday', '', false, true],
    ['userTitle', 'education', '', true, true],
    ['userTitle', 'companyName', '所在单位', true, true],
    ['userTitle', 'personalCategory', '', false, true],
    ['userTitle', 'email', '', false, true],
    ['userTitle', 'headshot', '', false, true],
    ['userTitle', 'remark', '', false, true],
  ],
  1002: [
    ['default', 'userName', '昵称', false, true],
    ['userTitle', 'gender', '', true, true],
    ['userTitle', 'nation', '', false, true],
    ['userTitle', 'personalCategory', '', true, true],
    ['userTitle', 'companyName', '工作单位', true, true],
    ['userTitle', 'headshot', '', true, true],
  ],
  1005: [
    ['userTitle', 'gender', '', true, true],
    ['userTitle', 'education', '', true, true],
    ['userTitle', 'companyName', '工作单位', true, true],
    ['userTitle', 'major', '', false, true],
    ['userTitle', 'personalCategory', '', false, true],
  ],
};

function slug(t: DemoTenant): string {
  return { 1001: 'zhixue', 1002: 'sfj', 1003: 'yb', 1004: 'global', 1005: 'px' }[t.eid] ?? 'zhixue';
}

const LEARNER_NAMES_ZH = [
  '陈思远',
  '林雨桐',
  '黄志强',
  '周佳怡',
  '吴俊杰',
  '郑晓燕',
  '刘建国',
  '何美玲',
  '梁文博',
  '谢婷婷',
  '罗浩然',
  '韦丽华',
  '蒙德军',
  '覃小芳',
];
const LEARNER_NAMES_EN = [
  'Olivia Chen',
  'Liam Wong',
  'Emma Li',
  'Noah Zhang',
  'Ava Liu',
  'Lucas Huang',
  'Mia Zhou',
  'Ethan Wu',
  'Sophia Lin',
  'Mason He',
  'Isabella Xu',
  'Logan Tan',
  'Amelia Guo',
  'Jacob Ma',
];
const DEPARTMENTS_ZH = ['培训部', '销售部', '人力资源部', '财务部', '信息中心', '综合办公室', '业务一科'];
const DEPARTMENTS_EN = ['Training', 'Sales', 'Human Resources', 'Finance', 'IT', 'Operations', 'Claims'];

/**
 * Learners with points, credit hours and certificates on every new demo site, so the leaderboards
 * have something to show (decision 012); the demo people get totals too. The extra learners have
 * no password and cannot sign in. Values are fixed, not random: the demo looks the same each time.
 */
async function seedLeaderboards(db: Db, createdEids: number[]): Promise<void> {
  for (const eid of createdEids) {
    const en = DEMO_TENANTS.find((t) => t.eid === eid)?.lang === 'en';
    const names = en ? LEARNER_NAMES_EN : LEARNER_NAMES_ZH;
    const departments = en ? DEPARTMENTS_EN : DEPARTMENTS_ZH;
    for (const [i, name] of names.entries()) {
      const phone = `139${String(eid % 100).padStart(2, '0')}${String(i + 1).padStart(6, '0')}`;
      const [account] = await db.insert(s.accounts).values({ phone, realName: name }).onConflictDoNothing().returning();
      if (!account) continue;
      await db.insert(s.enterpriseUsers).values({
        eid,
        accountId: account.id,
        userName: name,
        realName: name,
        departmentName: departments[i % departments.length]!,
      });
      await db.insert(s.learnerTotals).values({
        eid,
        accountId: account.id,
        points: 3600 - i * 211 + ((i * 37) % 90),
        creditTenths: 1480 - ((i * 97) % 13) * 93,
        // Their certificates are issued by seedExams (leaderboardCertificates), which counts them.
        certificates: 0,
      });
    }
  }
  // The demo people, somewhere in the middle.
  for (const person of DEMO_ACCOUNTS) {
    const [account] = await db.select({ id: s.accounts.id }).from(s.accounts).where(eq(s.accounts.phone, person.phone));
    if (!account) continue;
    const eids = person.eids.filter((eid) => createdEids.includes(eid));
    if (eids.length === 0) continue;
    await db
      .insert(s.learnerTotals)
      .values(
        eids.map((eid) => ({
          eid,
          accountId: account.id,
          points: 1850,
          creditTenths: 735,
          // Four certificates, issued by seedExams: three past exams and the finished demo exam.
          certificates: 0,
        })),
      )
      .onConflictDoNothing();
  }
}

/** The past certificates of the i-th leaderboard learner of a site (0 to 9; the demo people hold 3). */
const leaderboardCertificates = (i: number) => Math.max(0, 9 - ((i * 5) % 11));
const DEMO_PERSON_PAST_CERTIFICATES = 3;

/**
 * The exam content of every new demo site (issue 13; seed-exams.ts), after the learning content:
 * the demo people's exams and certificates and the leaderboard learners' past certificates.
 */
async function seedExams(db: Db, createdEids: number[]): Promise<void> {
  for (const eid of createdEids) {
    const tenant = DEMO_TENANTS.find((t) => t.eid === eid);
    if (!tenant) continue;
    const names = tenant.lang === 'en' ? LEARNER_NAMES_EN : LEARNER_NAMES_ZH;
    const people: number[] = [];
    const certificatesOf: Array<{ accountId: number; count: number }> = [];
    for (const person of DEMO_ACCOUNTS.filter((p) => p.eids.includes(eid))) {
      const accountId = await demoAccountId(db, person.phone);
      if (accountId === null) continue;
      people.push(accountId);
      certificatesOf.push({ accountId, count: DEMO_PERSON_PAST_CERTIFICATES });
    }
    for (const i of names.keys()) {
      const accountId = await siteLearnerId(db, eid, i);
      if (accountId !== null) certificatesOf.push({ accountId, count: leaderboardCertificates(i) });
    }
    await db.transaction((tx) =>
      seedSiteExams(tx as unknown as Db, {
        eid,
        en: tenant.lang === 'en',
        admissionTicket: tenant.tenantCode === 'SFJ',
        people,
        certificatesOf,
      }),
    );
  }
}

/**
 * The study tasks, check-in plans and study projects of every new demo site (issue 20;
 * seed-tasks.ts): the demo learner of each is the first demo person who is not an administrator.
 */
async function seedTasks(db: Db, createdEids: number[]): Promise<void> {
  for (const eid of createdEids) {
    const tenant = DEMO_TENANTS.find((t) => t.eid === eid);
    if (!tenant) continue;
    const people = DEMO_ACCOUNTS.filter((p) => p.eids.includes(eid));
    const ordered = [...people.filter((p) => !p.isAdmin), ...people.filter((p) => p.isAdmin)];
    const ids: number[] = [];
    for (const person of ordered) {
      const accountId = await demoAccountId(db, person.phone);
      if (accountId !== null) ids.push(accountId);
    }
    const [learner, ...otherPeople] = ids;
    if (learner === undefined) continue;
    const siteLearners: number[] = [];
    const names = tenant.lang === 'en' ? LEARNER_NAMES_EN : LEARNER_NAMES_ZH;
    for (const i of names.keys()) {
      const accountId = await siteLearnerId(db, eid, i);
      if (accountId !== null) siteLearners.push(accountId);
    }
    await db.transaction((tx) =>
      seedSiteTasks(tx as unknown as Db, { eid, en: tenant.lang === 'en', learner, otherPeople, siteLearners }),
    );
  }
}

/** [category index, title, summary, paragraphs] of the demo news, Chinese and English. */
type DemoArticle = [number, string, string, string[]];
const NEWS_CATEGORIES_ZH: Array<[string, string]> = [
  ['通知公告', 'Notices'],
  ['培训动态', 'Training news'],
  ['政策解读', 'Policy'],
];
const NEWS_CATEGORIES_EN: Array<[string, string]> = [
  ['Notices', 'Notices'],
  ['Training news', 'Training news'],
  ['Policy', 'Policy'],
];
const NEWS_ZH: DemoArticle[] = [
  [
    0,
    '关于开展2026年度全员在线学习的通知',
    '请全体学员于12月31日前完成年度必修课程学习。',
    [
      '为进一步提升员工业务能力，平台现开展2026年度全员在线学习活动。',
      '学习对象：全体在册学员。学习时间：即日起至2026年12月31日。',
      '请各部门督促学员按时完成必修课程，学习记录将纳入年度考核。',
    ],
  ],
  [
    1,
    '第三期青年骨干培训班顺利结业',
    '42名学员完成为期两周的集中培训并通过结业考核。',
    ['本期培训班围绕业务实务、沟通协作和数字化工具三个模块展开。', '结业仪式上，优秀学员代表分享了学习体会。'],
  ],
  [
    2,
    '《职业技能提升行动方案》要点解读',
    '读懂职业技能提升行动的目标与支持政策。',
    [
      '方案提出，到2027年持续扩大补贴性职业技能培训覆盖面，重点支持一线职工提升技能。',
      '企业职工参加培训并取得证书的，可按规定申领职业技能提升补贴。',
    ],
  ],
  [
    0,
    '平台系统升级维护公告',
    '本周六凌晨2:00至4:00平台将进行升级维护。',
    ['维护期间平台将暂停访问，请提前安排学习进度。', '升级后将上线学习排行榜与新闻检索等功能。'],
  ],
  [
    1,
    '线上考试模块全面开放',
    '学员可在“我的考试”中参加已发布的考试。',
    ['考试支持限时作答、自动交卷与成绩即时查询。', '请在考试前检查网络环境，考试过程中请勿切换页面。'],
  ],
  [
    2,
    '继续教育学时认定办法（修订）说明',
    '修订后的办法明确了线上学习学时的折算标准。',
    ['线上课程按实际观看时长折算学时，每45分钟计1学时。', '同一课程重复学习不重复计算学时。'],
  ],
  [
    0,
    '关于评选年度优秀学员的通知',
    '评选结果将根据积分、学时与证书综合排名产生。',
    ['年度优秀学员将在平台首页公示，并颁发电子证书。'],
  ],
  [
    1,
    '新版移动端学习应用上线',
    '支持离线缓存课程与学习进度同步。',
    ['学员可在首页扫描二维码下载应用，登录后学习记录自动同步。'],
  ],
];
const NEWS_EN: DemoArticle[] = [
  [
    0,
    'Annual online learning for all staff',
    'Please finish the required courses by 31 December.',
    [
      'To strengthen our skills, the academy runs its annual online learning programme.',
      'Who: every learner. When: from today until 31 December 2026.',
    ],
  ],
  [
    1,
    'Third young professionals cohort graduates',
    '42 learners completed two weeks of training.',
    ['The programme covered practice, collaboration and digital tools.'],
  ],
  [
    2,
    'Reading the skills improvement plan',
    'The goals and support of the plan at a glance.',
    ['Staff who complete training and earn a certificate may apply for a skills subsidy.'],
  ],
  [
    0,
    'Scheduled maintenance this Saturday',
    'The portal is unavailable from 2:00 to 4:00.',
    ['Please plan your learning around the maintenance window.'],
  ],
  [
    1,
    'Online exams are open',
    'Sit published exams under My exams.',
    ['Exams are timed, submitted automatically and scored at once.'],
  ],
  [
    2,
    'Credit hours for online learning (revised)',
    'How online study converts to credit hours.',
    ['Each 45 minutes of a course counts as one credit hour.'],
  ],
];

/** A few categories and articles on every new demo site, in its language. */
async function seedNews(db: Db, createdEids: number[]): Promise<void> {
  for (const eid of createdEids) {
    const en = DEMO_TENANTS.find((t) => t.eid === eid)?.lang === 'en';
    const categories = await db
      .insert(s.newsCategories)
      .values(
        (en ? NEWS_CATEGORIES_EN : NEWS_CATEGORIES_ZH).map(([name, nameEn], sort) => ({ eid, name, nameEn, sort })),
      )
      .returning();
    const articles = en ? NEWS_EN : NEWS_ZH;
    // Newest first in the list: the first article is the most recent, a few days apart.
    await db.insert(s.news).values(
      articles.map(([category, title, summary, paragraphs], i) => ({
        eid,
        categoryId: categories[category]!.id,
        title,
        summary,
        author: en ? 'Academy office' : '平台管理办公室',
        content: paragraphs.map((p) => `<p>${p}</p>`).join(''),
        publishedAt: new Date(Date.UTC(2026, 10, 18 - i * 3, 1)),
        viewCount: 320 - i * 37,
      })),
    );
  }
}

/** [rank index, name, title, organisation, introduction] of the demo lecturers. */
const LECTURERS_ZH: Array<[number, string, string, string, string]> = [
  [0, '王建华', '培训部部长', '本企业培训部', '从事企业培训工作二十年，主讲领导力与团队管理。'],
  [0, '刘晓燕', '人力资源总监', '本企业人力资源部', '长期负责人才发展体系建设，主讲绩效管理与沟通技巧。'],
  [1, '陈志明', '高级工程师', '信息中心', '主讲数字化办公与信息安全基础。'],
  [1, '黄丽', '财务部副经理', '财务部', '主讲预算管理与财务合规。'],
  [2, '周凯', '业务骨干', '销售部', '主讲客户服务与商务礼仪。'],
];
const LECTURERS_EN: Array<[number, string, string, string, string]> = [
  [
    0,
    'Grace Wang',
    'Head of training',
    'Training office',
    'Twenty years of corporate training; teaches leadership and teams.',
  ],
  [1, 'Daniel Chen', 'Senior engineer', 'IT', 'Teaches digital office work and security basics.'],
  [2, 'Helen Zhou', 'Claims specialist', 'Claims', 'Teaches claims handling and customer service.'],
];

/** Lecturer ranks and lecturers on every new demo site, in its language. */
async function seedLecturers(db: Db, createdEids: number[]): Promise<void> {
  for (const eid of createdEids) {
    const en = DEMO_TENANTS.find((t) => t.eid === eid)?.lang === 'en';
    const ranks = await db
      .insert(s.lecturerRanks)
      .values(
        (en
          ? [
              ['Gold lecturer', 'Gold lecturer'],
              ['Senior lecturer', 'Senior lecturer'],
              ['Lecturer', 'Lecturer'],
            ]
          : [
              ['金牌讲师', 'Gold lecturer'],
              ['高级讲师', 'Senior lecturer'],
              ['讲师', 'Lecturer'],
            ]
        ).map(([name, nameEn], sort) => ({ eid, name: name!, nameEn: nameEn!, sort })),
      )
      .returning();
    await db.insert(s.lecturers).values(
      (en ? LECTURERS_EN : LECTURERS_ZH).map(([rank, name, title, organization, intro], sort) => ({
        eid,
        rankId: ranks[rank]!.id,
        name,
        title,
        organization,
        avatarUrl: '/demo/avatar.svg',
        intro: `<p>${intro}</p>`,
        featured: sort < 4,
        sort,
      })),
    );
  }
}

/** [name, English name, summary] of each demo site's three topics, in the site's language. */
const DEMO_TOPICS: Record<number, Array<[string, string, string]>> = {
  1001: [
    ['新员工入职培训', 'New starter induction', '企业文化、规章制度与岗位基础，帮助新员工快速融入团队、胜任岗位。'],
    ['安全生产月', 'Work safety month', '安全生产法律法规、隐患排查与应急处置，人人讲安全、个个会应急。'],
    ['数字化办公能力提升', 'Digital office skills', '办公软件、协同工具与信息安全基础，提升日常工作效率。'],
  ],
  1002: [
    ['法治政府建设', 'Rule-of-law government', '依法行政、行政执法规范与行政复议实务，推进法治政府建设。'],
    ['人民调解实务', 'People’s mediation', '矛盾纠纷排查、调解技巧与调解协议的制作，提升基层调解能力。'],
    ['社区矫正工作规范', 'Community corrections', '社区矫正法解读、监督管理与教育帮扶的工作规范。'],
  ],
  1003: [
    ['医保政策解读', 'Medical insurance policy', '基本医疗保险待遇、异地就医与门诊共济保障政策解读。'],
    ['DRG/DIP支付方式改革', 'DRG/DIP payment reform', '按病组和病种分值付费的原理、分组规则与医院端应对。'],
    ['医保基金监管', 'Fund supervision', '医保基金使用监督管理条例与常见违规行为的识别和查处。'],
  ],
  1004: [
    [
      'Claims handling essentials',
      'Claims handling essentials',
      'From first notice to settlement: the steps, the documents and the service standards of a claim.',
    ],
    [
      'Fraud prevention and audit',
      'Fraud prevention and audit',
      'Spotting irregular claims, working with audit teams and keeping the fund safe.',
    ],
    [
      'Customer service excellence',
      'Customer service excellence',
      'Explaining benefits clearly, handling complaints and following up with members.',
    ],
  ],
  1005: [
    [
      '公需科目：数字经济',
      'Public subject: digital economy',
      '数字经济发展趋势、数字技术应用与数据安全，专业技术人员公需科目。',
    ],
    [
      '专业科目：安全工程',
      'Professional subject: safety engineering',
      '安全工程专业知识更新，风险评估、安全管理体系与事故预防。',
    ],
    ['职业道德与诚信建设', 'Professional ethics', '专业技术人员职业道德规范、学术诚信与社会责任。'],
  ],
};

/** Words of the course titles each demo topic holds, in the order of DEMO_TOPICS. */
const TOPIC_COURSE_WORDS: Record<number, string[][]> = {
  1001: [['新员工', '商务礼仪', '沟通', '时间管理', '心理'], ['安全'], ['Excel', '数字化', '信息安全', '项目管理']],
  1002: [
    ['行政', '执法', '民法典', '公文', '普法'],
    ['调解', '法律援助', '公共法律'],
    ['矫正', '司法所', '司法鉴定', '保密'],
  ],
  1003: [
    ['政策', '门诊', '电子凭证', '长期护理', '异地'],
    ['DRG', '价格', '目录'],
    ['监管', '稽核', '经办', '信息平台'],
  ],
  1004: [
    ['claims', 'Claims', 'settlement', 'Electronic'],
    ['Fund', 'Audit', 'privacy', 'DRG'],
    ['Customer', 'policy', 'formulary', 'care'],
  ],
  1005: [
    ['数字经济', '人工智能', '信息技术', '数据分析'],
    ['安全', '工程', '建筑'],
    ['道德', '心理', '知识产权', '法治', '会计'],
  ],
};

/** The business introduction of a demo site (/business/intro): [heading, paragraph] sections. */
function businessIntro(name: string, en: boolean): string {
  const sections: Array<[string, string]> = en
    ? [
        [
          'What we offer',
          `${name} gives organisations a training portal of their own: their own address, logo and colours, their own courses, exams and certificates, and learning records for every member of staff.`,
        ],
        [
          'For training managers',
          'Plan training projects and study tasks, assign courses and exams to departments, follow progress in real time and export the records for assessment.',
        ],
        [
          'For learners',
          'Study on the web or on the mobile app, take practice tests and exams online, collect credit hours and certificates, and keep a complete learning history.',
        ],
        [
          'How to join',
          'Apply online with your organisation’s name, contact person and phone number. We reply within three working days, set up your portal and train your administrators.',
        ],
      ]
    : [
        [
          '平台能为企业做什么',
          `${name}为企业提供专属的在线培训平台：独立的访问地址、企业标识与主题色，企业自己的课程、考试与证书，以及每一位员工完整的学习档案。`,
        ],
        [
          '培训管理',
          '支持培训项目与学习任务的编排，按部门、岗位指派课程和考试，实时查看学习进度，学时与成绩一键导出，用于培训考核。',
        ],
        ['员工学习', '电脑与手机随时学习，在线练习与考试，自动累计学时、积分与证书，学习记录永久可查。'],
        [
          '如何入驻',
          '填写企业名称、联系人和联系电话提交入驻申请，我们将在3个工作日内与您联系，完成平台开通并为管理员提供使用培训。',
        ],
      ];
  return sections.map(([heading, text]) => `<h3>${heading}</h3><p>${text}</p>`).join('');
}

/**
 * Topics on every new demo site, in its language: three topics with a banner each, holding the
 * enterprise's published courses (every third course each, so the courses seeded before this run
 * are spread over them), and the site's business introduction.
 */
async function seedTopics(db: Db, createdEids: number[]): Promise<void> {
  for (const eid of createdEids) {
    const tenant = DEMO_TENANTS.find((t) => t.eid === eid);
    const demo = DEMO_TOPICS[eid];
    if (!tenant || !demo) continue;
    const en = tenant.lang === 'en';
    const topics = await db
      .insert(s.topics)
      .values(
        demo.map(([name, nameEn, summary], i) => ({
          eid,
          name,
          nameEn,
          summary,
          coverUrl: `/demo/${slug(tenant)}-topic-${i + 1}.svg`,
          sort: i + 1,
        })),
      )
      .returning();
    await db.insert(s.topicBanners).values(
      topics.map((topic, i) => ({
        eid,
        topicId: topic.id,
        title: topic.name,
        imageUrl: `/demo/${slug(tenant)}-topic-${i + 1}.svg`,
        sort: 1,
      })),
    );
    const courses = await db
      .select({ id: s.courses.id, title: s.courses.title })
      .from(s.courses)
      .where(and(eq(s.courses.eid, eid), eq(s.courses.published, true)))
      .orderBy(s.courses.sort, s.courses.id);
    // Each topic holds the courses on its subject (a title with one of its words).
    const words = TOPIC_COURSE_WORDS[eid] ?? [];
    const links = topics.flatMap((topic, i) =>
      courses
        .filter((course) => (words[i] ?? []).some((w) => course.title.includes(w)))
        .map((course, sort) => ({ eid, topicId: topic.id, courseId: course.id, sort })),
    );
    if (links.length > 0) await db.insert(s.topicCourses).values(links).onConflictDoNothing();
    await db
      .insert(s.agreements)
      .values({
        eid,
        type: 'businessIntro',
        title: en ? 'Our services' : '业务介绍',
        content: businessIntro(tenant.name, en),
      })
      .onConflictDoNothing();
  }
}

/** [kind (1 enterprise, 2 platform), title, paragraphs, popup, comments open] of the demo notices. */
type DemoAnnouncement = [1 | 2, string, string[], boolean, boolean];
const ANNOUNCEMENTS_ZH: DemoAnnouncement[] = [
  [
    1,
    '关于开展2026年度岗位技能提升培训的通知',
    [
      '各部门：为进一步提升员工岗位技能，公司决定于12月开展年度岗位技能提升培训。',
      '培训采用线上学习与线下实操相结合的方式，请各位学员在12月20日前完成线上课程学习。',
    ],
    true,
    true,
  ],
  [
    2,
    '平台系统升级维护公告',
    [
      '为提供更稳定的学习服务，平台将于本周六22:00至次日02:00进行系统升级。',
      '升级期间课程播放、考试等功能暂停使用，请提前安排学习时间，给您带来的不便敬请谅解。',
    ],
    true,
    false,
  ],
  [
    1,
    '年度优秀学员评选结果公示',
    ['经综合评定，年度优秀学员名单已产生，公示期为7天。', '如有异议，请在公示期内联系培训部。'],
    false,
    true,
  ],
  [1, '新员工入职培训安排', ['本月入职的新员工请于周三上午9点参加入职培训，地点：三楼培训室。'], false, true],
  [2, '移动端学习App新版本上线', ['App新版本支持离线缓存课程与学习提醒，欢迎扫码下载体验。'], false, true],
  [1, '关于规范学时认定的说明', ['自下月起，线上课程需完整观看并通过课后测验方可计入学时。'], false, true],
  [
    2,
    '关于防范网络诈骗的安全提示',
    ['平台不会以任何理由索要您的密码或短信验证码，请提高警惕，谨防诈骗。'],
    false,
    false,
  ],
];
const ANNOUNCEMENTS_EN: DemoAnnouncement[] = [
  [
    1,
    'Claims handling refresher course opens in December',
    [
      'All claims staff are asked to complete the refresher course on the new settlement rules by 20 December.',
      'The course has four short lessons and a final quiz; your progress is saved as you go.',
    ],
    true,
    true,
  ],
  [
    2,
    'Scheduled platform maintenance this Saturday',
    [
      'The academy will be upgraded on Saturday from 22:00 to 02:00 (China time).',
      'Courses and exams are unavailable during the upgrade. We are sorry for the inconvenience.',
    ],
    true,
    false,
  ],
  [
    1,
    'Learners of the year: the results',
    ['The learners of the year have been chosen. Congratulations to all of them!'],
    false,
    true,
  ],
  [
    1,
    'Welcome session for new colleagues',
    ['New colleagues who joined this month: the welcome session is on Wednesday at 09:00.'],
    false,
    true,
  ],
  [
    2,
    'A new version of the mobile app',
    ['The new app keeps courses for offline study and reminds you of deadlines.'],
    false,
    true,
  ],
  [
    1,
    'How credit hours are counted',
    ['From next month, an online course counts once it is watched in full and its quiz is passed.'],
    false,
    true,
  ],
  [
    2,
    'Stay safe from phishing',
    ['The academy never asks for your password or SMS codes. Do not share them with anyone.'],
    false,
    false,
  ],
];

/**
 * Announcements and notices on every new demo site, in its language (decision 014): enterprise
 * and platform ones, two that pop up after sign-in, a few closed to comments, and two comments
 * with a reply on the first by the site's demo people.
 */
async function seedAnnouncements(db: Db, createdEids: number[]): Promise<void> {
  const day = 86_400_000;
  for (const eid of createdEids) {
    const en = DEMO_TENANTS.find((t) => t.eid === eid)?.lang === 'en';
    const rows = await db
      .insert(s.announcements)
      .values(
        (en ? ANNOUNCEMENTS_EN : ANNOUNCEMENTS_ZH).map(([kind, title, paragraphs, popup, commentOpen], i) => ({
          eid,
          kind,
          title,
          content: paragraphs.map((p) => `<p>${p}</p>`).join(''),
          popup,
          commentOpen,
          // Newest first: a couple of days apart, before the seeding.
          publishedAt: new Date(Date.now() - (i * 2 + 1) * day),
        })),
      )
      .returning({ id: s.announcements.id });
    const people = await db
      .select({ accountId: s.enterpriseUsers.accountId })
      .from(s.enterpriseUsers)
      .where(eq(s.enterpriseUsers.eid, eid))
      .orderBy(s.enterpriseUsers.accountId)
      .limit(2);
    const first = rows[0];
    if (!first || people.length === 0) continue;
    const [a, b = a] = people.map((p) => p.accountId);
    const texts = en
      ? [
          'Looking forward to it. Will there be a certificate?',
          'Could the course be watched on the app too?',
          'Yes: the app has the same lessons.',
        ]
      : ['这次培训安排得很及时，期待！', '请问线上课程可以用手机App学习吗？', '可以的，App上的课程与电脑端同步。'];
    const comments = await db
      .insert(s.announcementComments)
      .values([
        {
          eid,
          announcementId: first.id,
          accountId: b!,
          content: texts[0]!,
          createdAt: new Date(Date.now() - 20 * 3_600_000),
        },
        {
          eid,
          announcementId: first.id,
          accountId: a!,
          content: texts[1]!,
          createdAt: new Date(Date.now() - 10 * 3_600_000),
        },
      ])
      .returning({ id: s.announcementComments.id });
    await db.insert(s.announcementComments).values({
      eid,
      announcementId: first.id,
      parentId: comments[1]!.id,
      accountId: b!,
      content: texts[2]!,
      createdAt: new Date(Date.now() - 5 * 3_600_000),
    });
  }
}

/** The demo person's account id, by phone (null when the account was not seeded). */
async function demoAccountId(db: Db, phone: string): Promise<number | null> {
  const [row] = await db.select({ id: s.accounts.id }).from(s.accounts).where(eq(s.accounts.phone, phone));
  return row?.id ?? null;
}

/** Each demo person's messages on their new sites: one the staff answered, one waiting. */
async function seedMessages(db: Db, createdEids: number[]): Promise<void> {
  const day = 24 * 3600_000;
  const now = Date.now();
  for (const person of DEMO_ACCOUNTS) {
    const accountId = await demoAccountId(db, person.phone);
    if (accountId === null) continue;
    for (const eid of person.eids.filter((e) => createdEids.includes(e))) {
      const en = DEMO_TENANTS.find((t) => t.eid === eid)?.lang === 'en';
      await db.insert(s.onlineMessages).values([
        {
          eid,
          accountId,
          title: en ? 'When can I print my certificate?' : '证书什么时候可以打印？',
          messageContent: en
            ? 'I finished the safety course last week. When will the certificate be ready to print?'
            : '上周已完成安全生产课程的学习和考试，请问结业证书什么时候可以打印？',
          replyContent: en
            ? 'Certificates are issued within 5 working days of passing the exam; you will find it under My records.'
            : '您好，证书将在考试通过后5个工作日内发放，届时可在“我的档案”中查看和打印。',
          repliedAt: new Date(now - 5 * day),
          createdAt: new Date(now - 6 * day),
          updatedAt: new Date(now - 6 * day),
        },
        {
          eid,
          accountId,
          title: en ? 'Video does not play on my phone' : '手机上课程视频无法播放',
          messageContent: en
            ? 'The course videos stop after a few seconds in the mobile browser. Is there an app I should use?'
            : '用手机浏览器观看课程视频时，播放几秒就卡住了，请问需要下载APP观看吗？',
          createdAt: new Date(now - day),
          updatedAt: new Date(now - day),
        },
      ]);
    }
  }
}

/**
 * Each demo person's export records on their new sites: a finished one with a real CSV (UTF-8 with
 * a BOM, so Excel opens the Chinese) in private storage, one processing, one failed. Without
 * storage (`files` not given) the finished record is left out: it would have no file.
 */
async function seedExportRecords(db: Db, createdEids: number[], files: SeedFiles | undefined): Promise<void> {
  const { randomBytes } = await import('node:crypto');
  const hour = 3600_000;
  const now = Date.now();
  for (const person of DEMO_ACCOUNTS) {
    const accountId = await demoAccountId(db, person.phone);
    if (accountId === null) continue;
    for (const eid of person.eids.filter((e) => createdEids.includes(e))) {
      const en = DEMO_TENANTS.find((t) => t.eid === eid)?.lang === 'en';
      const rows: Array<typeof s.exportRecords.$inferInsert> = [
        {
          eid,
          accountId,
          fileName: en ? 'Exam records.xlsx' : '考试记录导出.xlsx',
          exportStatus: 1,
          createdAt: new Date(now - 5 * 60_000),
        },
        {
          eid,
          accountId,
          fileName: en ? 'Training archive.xlsx' : '培训档案导出.xlsx',
          exportStatus: 3,
          createdAt: new Date(now - 26 * hour),
        },
      ];
      if (files) {
        const csv = en
          ? [
              'Course,Lecturer,Progress,Credit hours,Completed',
              'Workplace safety essentials,Daniel Chen,100%,2,2026-02-12',
              'Claims handling in practice,Helen Zhou,100%,3,2026-02-20',
              '"Customer service: listening, answering",Helen Zhou,60%,1.5,',
            ]
          : [
              '课程名称,讲师,学习进度,学时,完成时间',
              '安全生产基础知识,王建华,100%,2,2026-02-12',
              '公文写作与处理,李红,100%,3,2026-02-20',
              '"沟通技巧：倾听、表达与反馈",张伟,60%,1.5,',
            ];
        const data = Buffer.from(`\uFEFF${csv.join('\r\n')}\r\n`, 'utf8');
        const key = `exports/${eid}/${randomBytes(18).toString('base64url')}.csv`;
        await files.put(key, data);
        rows.push({
          eid,
          accountId,
          fileName: en ? 'Study records.csv' : '学习记录导出.csv',
          fileSize: data.length,
          exportStatus: 2,
          storageKey: key,
          createdAt: new Date(now - 2 * hour),
        });
      }
      await db.insert(s.exportRecords).values(rows);
    }
  }
}

/** [title, summary, lecturer (index in the site's lecturers by sort) or null, cover 1-6] of a demo course. */
type DemoCourse = [string, string, number | null, number];

const COURSES_ZH: DemoCourse[] = [
  ['高效团队管理实务', '从目标设定、任务分工到绩效反馈，系统掌握带领团队的方法。', 0, 5],
  ['职业技能提升实务', '结合《职业技能提升行动方案》，规划个人技能成长路径。', 1, 6],
  ['Excel 数据分析与可视化', '用数据透视表和图表，快速完成日常业务分析。', 2, 4],
  ['商务沟通与汇报技巧', '结构化表达，让每一次工作汇报都清晰有力。', 1, 5],
  ['信息安全意识必修课', '识别钓鱼邮件与社会工程攻击，守护企业数据安全。', 2, 1],
  ['新员工入职必修', '了解企业文化、规章制度与岗位要求，快速融入团队。', null, 6],
  ['客户服务与商务礼仪', '提升客户满意度的服务规范与商务礼仪要点。', 4, 5],
  ['预算管理与财务合规', '掌握预算编制流程，识别常见的财务合规风险。', 3, 4],
  ['时间管理：高效工作的七个习惯', '分清轻重缓急，让重要的事情优先完成。', 0, 1],
  ['领导力进阶：教练式辅导', '用提问激发下属潜能，打造自驱型团队。', 0, 5],
  ['数字化办公工具实战', '在线文档、协同表格与视频会议的高效用法。', 2, 1],
  ['项目管理基础', '项目启动、计划、执行、监控与收尾的全流程方法。', 3, 4],
  ['安全生产与应急处置', '常见事故的预防措施与应急处置流程。', null, 3],
  ['职场心理健康与压力管理', '认识压力来源，学会自我调节与情绪管理。', 1, 2],
];

const COURSES_SFJ: DemoCourse[] = [
  ['《民法典》总则编解读', '民事主体、民事法律行为与诉讼时效等要点解读。', 0, 3],
  ['行政复议法修订要点', '新修订行政复议法的主要变化与实务影响。', 1, 3],
  ['人民调解工作实务', '调解程序、调解技巧与典型案例分析。', 4, 5],
  ['社区矫正工作规范', '社区矫正对象的接收、监督管理与教育帮扶。', 0, 6],
  ['公共法律服务体系建设', '法律援助、公证与法律咨询服务的衔接与协同。', 1, 1],
  ['法律援助案件办理指引', '受理、审查、指派与质量监督的全流程要求。', 3, 3],
  ['行政执法“三项制度”解读', '执法公示、执法全过程记录与重大执法决定法制审核。', 0, 4],
  ['普法宣传工作方法', '以案释法与新媒体普法的实践经验。', 4, 5],
  ['公文写作与处理规范', '常用公文的格式要素与行文规则。', 2, 1],
  ['政务信息安全与保密', '涉密信息管理与日常保密工作要求。', 2, 2],
  ['司法鉴定管理实务', '鉴定机构与鉴定人的登记、监督与管理。', 3, 4],
  ['基层司法所工作实务', '司法所的职能定位与日常工作要点。', null, 6],
];

const COURSES_YB: DemoCourse[] = [
  ['医保政策解读（2026年版）', '年度医保待遇政策调整要点一次讲清。', 0, 2],
  ['医保基金监管实务', '常见违规行为的识别方法与飞行检查要点。', 1, 2],
  ['DRG/DIP 支付方式改革', '按病组与病种分值付费的原理与实践。', 2, 4],
  ['异地就医直接结算操作指南', '备案、结算与清算的完整流程。', 4, 1],
  ['医保经办服务规范', '窗口服务标准与经办事项的高效办理。', 4, 5],
  ['门诊共济保障机制', '职工医保个人账户改革与门诊统筹政策。', 0, 2],
  ['医保药品目录管理', '目录调整规则与谈判药品的落地使用。', 1, 6],
  ['医疗服务价格管理', '价格项目规范与动态调整机制。', 3, 4],
  ['医保信息平台操作实务', '医保信息平台各业务模块的操作要点。', 2, 1],
  ['长期护理保险制度', '试点政策、失能评估标准与待遇支付。', 3, 2],
  ['医保稽核案例分析', '典型稽核案例复盘与稽核方法总结。', 1, 4],
  ['医保电子凭证推广应用', '激活、使用场景与常见问题解答。', null, 1],
];

const COURSES_PX: DemoCourse[] = [
  ['公需科目：数字经济与创新发展', '数字经济的内涵、发展趋势与产业实践。', 0, 1],
  ['公需科目：人工智能基础与应用', '人工智能的基本概念与在各行业中的应用。', 2, 4],
  ['公需科目：职业道德与诚信建设', '专业技术人员的职业道德规范与诚信要求。', 1, 6],
  ['专业科目：工程项目管理实务', '工程项目的进度、质量、成本与安全管理。', 3, 4],
  ['专业科目：建筑节能新技术', '建筑围护结构节能与可再生能源应用。', 3, 3],
  ['专业科目：会计准则最新变化解读', '近年企业会计准则修订要点与实务处理。', 3, 4],
  ['专业科目：信息技术应用能力提升', '面向教师的数字化教学工具与资源应用。', 2, 1],
  ['公需科目：心理健康与压力调适', '专业技术人员常见心理问题与自我调适方法。', 1, 2],
  ['专业科目：安全生产管理', '安全生产责任制与隐患排查治理。', 4, 3],
  ['公需科目：知识产权保护', '专利、商标与著作权保护的基本知识。', 0, 6],
  ['专业科目：数据分析与统计方法', '常用统计方法与数据分析工具。', 2, 4],
  ['公需科目：法治素养提升', '与专业技术工作相关的法律法规。', null, 5],
];

const COURSES_EN: DemoCourse[] = [
  ['Medical insurance policy essentials 2026', "What changed in this year's benefits, explained in one hour.", 0, 2],
  ['Online claims processing basics', 'Submitting, checking and settling claims online.', 2, 1],
  ['Fund supervision in practice', 'Spotting irregular claims and preparing for inspections.', 1, 4],
  ['DRG payment explained', 'How diagnosis-related groups set hospital payments.', 1, 4],
  ['Cross-region medical settlement', 'Registering, settling and clearing treatment in another region.', 2, 1],
  ['Customer service at the front desk', 'Service standards for enrolment and claims counters.', 2, 5],
  ['Drug formulary management', 'How the formulary is reviewed and how negotiated drugs reach patients.', 0, 6],
  ['Excel for claims analysis', 'Pivot tables and charts for everyday claims data.', 1, 4],
  ['Long-term care insurance', 'Assessment standards and the benefits it pays.', 0, 2],
  ['Audit case studies', 'Lessons from real audit cases, step by step.', 1, 3],
  ['Data privacy for claims staff', "Protecting members' personal information at work.", null, 3],
  ['Electronic insurance cards', 'Activation, everyday use and common questions.', 2, 1],
];

const COURSES_BY_SITE: Record<number, DemoCourse[]> = {
  1001: COURSES_ZH,
  1002: COURSES_SFJ,
  1003: COURSES_YB,
  1004: COURSES_EN,
  1005: COURSES_PX,
};

/** The public-training demo site, the one that sells courses. */
const PUBLIC_TRAINING_EID = 1005;

/**
 * Courses on every new demo site, in its language (issue 4): with the site's lecturers, learner
 * counts, every third recommended, some priced on the public-training site (which shows prices), a few
 * days apart, newest first.
 */
async function seedCourses(db: Db, createdEids: number[]): Promise<void> {
  for (const eid of createdEids) {
    const courses = COURSES_BY_SITE[eid];
    if (!courses) continue;
    const lecturers = await db
      .select({ id: s.lecturers.id })
      .from(s.lecturers)
      .where(eq(s.lecturers.eid, eid))
      .orderBy(s.lecturers.sort, s.lecturers.id);
    await db.insert(s.courses).values(
      courses.map(([title, summary, lecturer, cover], i) => ({
        eid,
        title,
        summary,
        coverUrl: `/demo/course-cover-${cover}.svg`,
        lecturerId: lecturer === null ? null : (lecturers[lecturer % lecturers.length]?.id ?? null),
        // Only the public-training site sells courses (it shows prices); elsewhere courses are free,
        // since a priced course plays only once bought.
        priceFen: eid === PUBLIC_TRAINING_EID && i % 2 === 1 && i % 3 !== 2 ? (i % 4 === 1 ? 4900 : 9900) : 0,
        learnerCount: 180 + ((i * 7919 + eid) % 2600),
        recommended: i % 3 === 0,
        sort: i,
        publishedAt: new Date(Date.UTC(2026, 10, 20 - i * 2, 2)),
      })),
    );
  }
}

/**
 * The Android app of each demo site (/app/download, the float window's QR code): an older and the
 * latest official version. The download address is on a documentation domain (example.com): the
 * demo has no app build to offer, a site's staff publish theirs.
 */
async function seedAppVersions(db: Db, createdEids: number[]): Promise<void> {
  for (const eid of createdEids) {
    const t = DEMO_TENANTS.find((x) => x.eid === eid);
    if (!t) continue;
    const en = t.lang === 'en';
    const name = slug(t);
    await db.insert(s.appVersions).values([
      {
        eid,
        versionName: '3.1.0',
        versionCode: 310,
        downloadUrl: `https://download.example.com/${name}/android/${name}-3.1.0.apk`,
        updateContent: en ? 'Offline video downloads.' : '支持离线下载课程视频。',
        releasedAt: new Date(Date.now() - 60 * 86_400_000),
      },
      {
        eid,
        versionName: '3.2.0',
        versionCode: 320,
        downloadUrl: `https://download.example.com/${name}/android/${name}-3.2.0.apk`,
        updateContent: en
          ? 'Announcements and notices with comments; the message board; faster course lists.'
          : '新增公告通知评论与在线留言；课程列表加载更快；修复已知问题。',
        releasedAt: new Date(Date.now() - 7 * 86_400_000),
      },
    ]);
  }
}

/** [name, English name] of the demo learner tags. */
const TAGS: Array<[string, string]> = [
  ['新员工', 'Newcomer'],
  ['业务骨干', 'Key staff'],
  ['管理人员', 'Manager'],
  ['后备讲师', 'Lecturer pipeline'],
  ['优秀学员', 'Top learner'],
];

/** A category tree: [name, English name, children]. */
type CategoryTree = Array<[string, string, CategoryTree?]>;

/** Course categories (categoryType 3, the online-course resource type), by tenant code. */
const COURSE_CATEGORIES: Record<string, CategoryTree> = {
  default: [
    [
      '通用能力',
      'General skills',
      [
        ['沟通技巧', 'Communication'],
        ['时间管理', 'Time management'],
      ],
    ],
    [
      '管理能力',
      'Management',
      [
        ['领导力', 'Leadership'],
        ['团队管理', 'Team management'],
      ],
    ],
    ['专业技能', 'Professional skills', [['数字化办公', 'Digital office work']]],
    ['合规与安全', 'Compliance and safety'],
  ],
  SFJ: [
    [
      '政治理论',
      'Political theory',
      [
        ['党的理论', 'Party theory'],
        ['法治思想', 'Rule of law'],
      ],
    ],
    [
      '业务能力',
      'Professional work',
      [
        ['人民调解', 'People’s mediation'],
        ['社区矫正', 'Community corrections'],
        ['法律援助', 'Legal aid'],
      ],
    ],
    ['综合素养', 'General skills'],
  ],
  medicalInsurance: [
    [
      '医保政策',
      'Policy',
      [
        ['待遇保障', 'Benefits'],
        ['医保目录', 'Drug and service lists'],
      ],
    ],
    [
      '经办业务',
      'Operations',
      [
        ['医保结算', 'Claims and settlement'],
        ['异地就医', 'Treatment in other regions'],
      ],
    ],
    ['基金监管', 'Fund supervision'],
  ],
  publicTraining: [
    [
      '公需科目',
      'Compulsory subjects',
      [
        ['职业道德', 'Professional ethics'],
        ['法律法规', 'Laws and regulations'],
      ],
    ],
    [
      '专业科目',
      'Professional subjects',
      [
        ['工程技术', 'Engineering'],
        ['经济管理', 'Economics and management'],
      ],
    ],
  ],
};

/** Talent business categories (categoryType 14): the business a talent-pool record names. */
const TALENT_BUSINESS_CATEGORIES: CategoryTree = [
  [
    '综合管理',
    'General management',
    [
      ['行政管理', 'Administration'],
      ['人力资源', 'Human resources'],
    ],
  ],
  [
    '业务经办',
    'Business operations',
    [
      ['医保结算', 'Claims and settlement'],
      ['基金监管', 'Fund supervision'],
      ['待遇审核', 'Benefit review'],
    ],
  ],
  [
    '信息技术',
    'Information technology',
    [
      ['系统运维', 'Systems operation'],
      ['数据分析', 'Data analysis'],
    ],
  ],
];

/**
 * Learner tags and categories (decision 019) on every new demo site, in its language: the course
 * categories of its kind of site (categoryType 3) and the talent business categories (14).
 */
async function seedTagsAndCategories(db: Db, createdEids: number[]): Promise<void> {
  for (const eid of createdEids) {
    const t = DEMO_TENANTS.find((x) => x.eid === eid);
    if (!t) continue;
    const en = t.lang === 'en';
    await db
      .insert(s.tags)
      .values(TAGS.map(([name, nameEn], sort) => ({ eid, name: en ? nameEn : name, nameEn: en ? '' : nameEn, sort })));
    const insertTree = async (categoryType: number, tree: CategoryTree, parentId: number | null) => {
      for (const [sort, [name, nameEn, children]] of tree.entries()) {
        const [row] = await db
          .insert(s.categories)
          .values({ eid, categoryType, parentId, name: en ? nameEn : name, nameEn: en ? '' : nameEn, sort })
          .returning({ id: s.categories.id });
        if (children) await insertTree(categoryType, children, row!.id);
      }
    };
    await insertTree(3, COURSE_CATEGORIES[t.tenantCode ?? 'default'] ?? COURSE_CATEGORIES.default!, null);
    await insertTree(14, TALENT_BUSINESS_CATEGORIES, null);
  }
}

// ---- Learning (issue 12): the resource library, chapters and periods, and the demo people's study ----

/**
 * The demo media, made by scripts/make-demo-media.mjs and committed under apps/web/public/demo/media
 * (served at /demo/media). Bytes as committed (the HLS video: its playlist and four segments);
 * lengths as ffprobe reads them, each exact to the frame: 12.000000, 20.000000, 30.000000,
 * 45.000000 and 20.000000 s.
 */
const DEMO_MEDIA = {
  intro: { url: '/demo/media/intro.mp4', fileSize: 80_113, seconds: 12, ext: 'mp4' },
  lesson1: { url: '/demo/media/lesson-1.mp4', fileSize: 120_228, seconds: 20, ext: 'mp4' },
  lesson2: { url: '/demo/media/lesson-2.mp4', fileSize: 180_312, seconds: 30, ext: 'mp4' },
  lesson3: { url: '/demo/media/lesson-3.mp4', fileSize: 270_215, seconds: 45, ext: 'mp4' },
  lecture: { url: '/demo/media/lecture/index.m3u8', fileSize: 166_429, seconds: 20, ext: 'm3u8' },
} as const;
/** The course handout: a four-page PDF in Chinese and English. */
const DEMO_HANDOUT = { url: '/demo/media/handout.pdf', fileSize: 171_809 };

type MediaKey = keyof typeof DEMO_MEDIA;
/** What a period plays: a library video, the handout (a document) or an image-text page of its own. */
type PeriodKind = MediaKey | 'handout' | 'guide' | 'points' | 'summary';
type ChapterKind = 'guide' | 'core' | 'lecture' | 'practice' | 'content' | 'start';
type Layout = Array<[ChapterKind, PeriodKind[]]>;

/** Seconds a document period must be open, and an image-text period. */
const DOCUMENT_SECONDS = 10;
const IMAGE_TEXT_SECONDS = 8;

/**
 * The part some demo courses play, by their place in the site's list (COURSES_BY_SITE; the seeded
 * sort): browser tests and the demo find them by it.
 * - showcase: every kind of period and the HLS video, a video and the handout in its introduction;
 *   the demo people are half way through it (the second video at 40 %).
 * - trial: on the public-training site the priced course whose first period is a free trial.
 * - completed: completed by the demo people, with its earning in their ledger.
 * - pendingVideo: its introduction embeds a video the provider has not processed (该视频未更新).
 * - short: a 12 s video and an 8 s image-text, which a browser test completes quickly; no one has
 *   started it.
 */
export const DEMO_COURSE_ROLES = { showcase: 0, trial: 1, completed: 2, pendingVideo: 4, short: 5 } as const;

/** The title of a demo site's course that plays a role (DEMO_COURSE_ROLES). */
export function demoCourseTitle(eid: number, role: keyof typeof DEMO_COURSE_ROLES): string | undefined {
  return COURSES_BY_SITE[eid]?.[DEMO_COURSE_ROLES[role]]?.[0];
}

const SHOWCASE_LAYOUT: Layout = [
  ['guide', ['lesson1', 'handout']],
  ['core', ['lesson2', 'points']],
  ['lecture', ['lecture']],
];
const SHORT_LAYOUT: Layout = [['start', ['intro', 'guide']]];
/** The other courses take these in turn. */
const LAYOUTS: Layout[] = [
  [
    ['guide', ['intro', 'guide']],
    ['core', ['lesson3', 'handout']],
  ],
  [['content', ['lesson1', 'lesson2', 'handout']]],
  [
    ['guide', ['guide', 'lesson2']],
    ['lecture', ['lecture', 'handout', 'summary']],
  ],
  [
    ['guide', ['intro']],
    ['core', ['lesson3', 'handout']],
    ['practice', ['summary']],
  ],
];

function layoutOf(index: number): Layout {
  if (index === DEMO_COURSE_ROLES.showcase) return SHOWCASE_LAYOUT;
  if (index === DEMO_COURSE_ROLES.short) return SHORT_LAYOUT;
  return LAYOUTS[index % LAYOUTS.length]!;
}

/** The course summary (课程小结) is optional reading: it does not count towards completion. */
const isRequired = (kind: PeriodKind) => kind !== 'summary';

const LEARNING_TEXT = {
  zh: {
    periods: {
      intro: '课程导学',
      lesson1: '第一讲 基本概念',
      lesson2: '第二讲 操作流程',
      lesson3: '第三讲 案例分析',
      lecture: '专题讲座',
      handout: '课程讲义',
      guide: '学前须知',
      points: '学习要点',
      summary: '课程小结',
    } satisfies Record<PeriodKind, string>,
    pending: '第四讲 课后答疑',
    chapters: {
      guide: '课程导学',
      core: '核心内容',
      lecture: '专题讲座',
      practice: '实务与案例',
      content: '课程内容',
      start: '快速入门',
    } satisfies Record<ChapterKind, string>,
    chapterTitle: (n: number, name: string) => `第${'一二三四五'[n - 1]}章 ${name}`,
    fileName: (title: string, ext: string) => `${title}.${ext}`,
    earlier: '历史学习记录',
  },
  en: {
    periods: {
      intro: 'Course introduction',
      lesson1: 'Lesson 1 · Key concepts',
      lesson2: 'Lesson 2 · Step by step',
      lesson3: 'Lesson 3 · A case study',
      lecture: 'Special lecture',
      handout: 'Course handout',
      guide: 'Before you start',
      points: 'Key points',
      summary: 'Course summary',
    } satisfies Record<PeriodKind, string>,
    pending: 'Lesson 4 · Questions and answers',
    chapters: {
      guide: 'Introduction',
      core: 'Core content',
      lecture: 'Special lecture',
      practice: 'Practice and cases',
      content: 'Course content',
      start: 'Getting started',
    } satisfies Record<ChapterKind, string>,
    chapterTitle: (n: number, name: string) => `Chapter ${n} · ${name}`,
    fileName: (title: string, ext: string) => `${title.replace(' · ', ' - ')}.${ext}`,
    earlier: 'Earlier records',
  },
};

type Cue = { start: number; end: number; text: string };

/** Transcripts of three videos, timed to the key points that appear on their slides. */
const TRANSCRIPTS: Record<'zh' | 'en', Partial<Record<MediaKey, Cue[]>>> = {
  zh: {
    intro: [
      { start: 0, end: 3, text: '欢迎学习本课程。这节导学介绍课程的整体安排。' },
      { start: 3, end: 6, text: '首先，明确本课程的学习目标。' },
      { start: 6, end: 9, text: '其次，了解课程由哪几个章节组成。' },
      { start: 9, end: 12, text: '最后是完成要求：学完全部必修课时，才算完成本课程。' },
    ],
    lesson1: [
      { start: 0, end: 5, text: '本讲介绍课程涉及的基本概念。' },
      { start: 5, end: 10, text: '第一点，掌握几个核心术语的准确含义。' },
      { start: 10, end: 15, text: '第二点，弄清这些规定适用的范围和对象。' },
      { start: 15, end: 20, text: '第三点，避开工作中几个常见的理解误区。' },
    ],
    lesson2: [
      { start: 0, end: 7.5, text: '本讲按顺序讲解业务办理的完整流程。' },
      { start: 7.5, end: 15, text: '办理之前，先准备好所需的材料，并核对是否齐全。' },
      { start: 15, end: 22.5, text: '办理时，按步骤逐项操作，每一步都要留存记录。' },
      { start: 22.5, end: 30, text: '最后，注意时限要求和容易出错的环节。' },
    ],
  },
  en: {
    intro: [
      { start: 0, end: 3, text: 'Welcome to the course. This introduction shows how it is organised.' },
      { start: 3, end: 6, text: 'First, what you will learn.' },
      { start: 6, end: 9, text: 'Next, the chapters and how they build on each other.' },
      { start: 9, end: 12, text: 'Finally, what counts as complete: every required lesson, studied in full.' },
    ],
    lesson1: [
      { start: 0, end: 5, text: 'This lesson introduces the key concepts of the course.' },
      { start: 5, end: 10, text: 'First, the exact meaning of a few key terms.' },
      { start: 10, end: 15, text: 'Second, where and to whom the rules apply.' },
      { start: 15, end: 20, text: 'Third, some common misunderstandings to avoid at work.' },
    ],
    lesson2: [
      { start: 0, end: 7.5, text: 'This lesson walks through the whole procedure, in order.' },
      {
        start: 7.5,
        end: 15,
        text: 'Before you start, gather the documents you need and check that nothing is missing.',
      },
      { start: 15, end: 22.5, text: 'Then carry out each step in turn and keep a record of every one.' },
      { start: 22.5, end: 30, text: 'Finally, watch the deadlines and the steps where mistakes are common.' },
    ],
  },
};

/** Who each demo site's courses are for (the introduction). */
const AUDIENCE: Record<number, string> = {
  1001: '全体员工，尤其是希望提升岗位能力的新入职员工和业务骨干。',
  1002: '司法行政系统干部职工，以及基层司法所、人民调解组织的工作人员。',
  1003: '医保经办机构工作人员，以及定点医药机构的医保管理人员。',
  1004: "Claims, enrolment and audit staff of the academy's partner organisations.",
  1005: '需要完成继续教育学时的各类专业技术人员。',
};

/** The course category (categoryType 3, by its Chinese name in COURSE_CATEGORIES) of each demo course, in order. */
const COURSE_CATEGORY_NAMES: Record<number, string[]> = {
  // prettier-ignore
  1001: ['团队管理', '专业技能', '数字化办公', '沟通技巧', '合规与安全', '通用能力', '沟通技巧', '合规与安全', '时间管理', '领导力', '数字化办公', '管理能力', '合规与安全', '通用能力'],
  // prettier-ignore
  1002: ['法治思想', '法治思想', '人民调解', '社区矫正', '业务能力', '法律援助', '法治思想', '业务能力', '综合素养', '综合素养', '业务能力', '业务能力'],
  // prettier-ignore
  1003: ['待遇保障', '基金监管', '医保结算', '异地就医', '经办业务', '待遇保障', '医保目录', '医保目录', '经办业务', '待遇保障', '基金监管', '经办业务'],
  // prettier-ignore
  1004: ['待遇保障', '医保结算', '基金监管', '医保结算', '异地就医', '经办业务', '医保目录', '经办业务', '待遇保障', '基金监管', '经办业务', '经办业务'],
  // prettier-ignore
  1005: ['公需科目', '公需科目', '职业道德', '工程技术', '工程技术', '经济管理', '专业科目', '公需科目', '工程技术', '法律法规', '经济管理', '法律法规'],
};

/** The stored name of a category of the tree (the English one on an English site), by its Chinese name. */
function categoryName(tree: CategoryTree, zhName: string, en: boolean): string | undefined {
  for (const [name, nameEn, children] of tree) {
    if (name === zhName) return en ? nameEn : name;
    const found = children && categoryName(children, zhName, en);
    if (found) return found;
  }
  return undefined;
}

const listJoin = (items: string[], en: boolean) =>
  items.length < 2
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(en ? ', ' : '、')}${en ? ' and ' : '和'}${items[items.length - 1]}`;

/** A picture in an image-text page: the course's cover (sanitised rich text keeps style, not src). */
const figure = (coverUrl: string) =>
  `<div class="image-text-figure" style="height: 160px; margin: 12px 0; border-radius: 8px; background: #f3f6fb url(${coverUrl}) center / contain no-repeat"></div>`;

/** The rich text of an image-text period, in the site's language. */
function imageText(
  kind: 'guide' | 'points' | 'summary',
  course: { summary: string; coverUrl: string },
  en: boolean,
  scoreWord: string,
): string {
  if (en) {
    if (kind === 'guide')
      return `<h3>Before you start</h3><p>Welcome to this course. ${course.summary}</p>${figure(course.coverUrl)}<ol><li>Study the chapters in order. On first viewing a video cannot be skipped forward; once a lesson is complete you may watch it again freely.</li><li>A document or an image-text lesson counts once it has been open for the time it asks.</li><li>Finish every required lesson to complete the course and earn its ${scoreWord} and points.</li></ol>`;
    if (kind === 'points')
      return `<h3>Key points</h3><p>${course.summary}</p>${figure(course.coverUrl)}<ul><li><strong>Know the concepts:</strong> the key terms, where they apply and the common misunderstandings.</li><li><strong>Follow the procedure:</strong> the steps and deadlines, with a record of each step.</li><li><strong>Apply it:</strong> think about what you can improve in your own work straight away.</li></ul>`;
    return `<h3>Course summary</h3><p>You have reached the last lesson. To recap: ${course.summary}</p><p>Go over the key points once more with the course handout, and tell us what you learned in the course comments.</p>`;
  }
  if (kind === 'guide')
    return `<h3>学前须知</h3><p>欢迎学习本课程。${course.summary}</p>${figure(course.coverUrl)}<ol><li>请按章节顺序学习。视频首次观看时不能快进，课时完成后可以自由回看。</li><li>文档和图文课时需要阅读规定的时间才算完成。</li><li>学完全部必修课时即完成本课程，获得本课程的${scoreWord}和积分。</li></ol>`;
  if (kind === 'points')
    return `<h3>学习要点</h3><p>${course.summary}</p>${figure(course.coverUrl)}<ul><li><strong>把握概念：</strong>准确理解核心术语和适用范围，避免常见误区。</li><li><strong>熟悉流程：</strong>按规定的步骤和时限办理，每一步都留存记录。</li><li><strong>联系实际：</strong>结合本岗位工作，想一想哪些做法可以马上改进。</li></ul>`;
  return `<h3>课程小结</h3><p>恭喜你学到了最后一节。回顾本课程：${course.summary}</p><p>建议对照课程讲义再复习一遍重点内容，并在课程评价中留下你的收获和建议。</p>`;
}

/** A course's introduction: summary, audience and what it holds; media by materialId where given. */
function courseIntro(
  course: { summary: string },
  layout: Layout,
  eid: number,
  en: boolean,
  embeds: { video?: number; handout?: number; pending?: number },
): string {
  const kinds = layout.flatMap(([, periods]) => periods);
  const periodCount = kinds.length;
  const has = (test: (k: PeriodKind) => boolean) => kinds.some(test);
  const contents = [
    has((k) => k in DEMO_MEDIA) && (en ? 'video lessons' : '视频讲解'),
    has((k) => k === 'handout') && (en ? 'the course handout' : '课程讲义'),
    has((k) => k === 'guide' || k === 'points' || k === 'summary') && (en ? 'image-text notes' : '图文要点'),
  ].filter((x): x is string => typeof x === 'string');
  const text = en ? LEARNING_TEXT.en : LEARNING_TEXT.zh;
  const parts = en
    ? [
        `<p>${course.summary}</p>`,
        `<h3>Who it is for</h3><p>${AUDIENCE[eid] ?? ''}</p>`,
        `<h3>How it works</h3><p>${layout.length} ${layout.length === 1 ? 'chapter' : 'chapters'} and ${periodCount} lessons: ${listJoin(contents, true)}. Study them in order; the course is complete when every required lesson is.</p>`,
      ]
    : [
        `<p>${course.summary}</p>`,
        `<h3>适合对象</h3><p>${AUDIENCE[eid] ?? ''}</p>`,
        `<h3>学习安排</h3><p>本课程共${layout.length}章、${periodCount}个课时，包括${listJoin(contents, false)}，建议按章节顺序学习。学完全部必修课时即完成本课程。</p>`,
      ];
  if (embeds.video !== undefined && embeds.handout !== undefined) {
    parts.push(
      `<h3>${en ? 'Materials' : '课程资料'}</h3>`,
      `<p><span mode="video" data-id="${embeds.video}" class="rich-video">▶ ${en ? 'Preview: ' : '试看：'}${text.periods.lesson1}</span></p>`,
      `<p><span mode="file" data-id="${embeds.handout}" class="file-icon">${text.fileName(text.periods.handout, 'pdf')}</span>${en ? ' (click to download)' : '（点击下载）'}</p>`,
    );
  }
  if (embeds.pending !== undefined) {
    parts.push(
      `<h3>${en ? 'Coming soon' : '即将上线'}</h3>`,
      `<p><span mode="video" data-id="${embeds.pending}" class="rich-video">▶ ${text.pending}</span>${en ? ' (the video is being processed)' : '（视频正在处理中）'}</p>`,
    );
  }
  return parts.join('');
}

/** A seeded leaderboard learner of a site (seedLeaderboards' phones), or null when not seeded. */
async function siteLearnerId(db: Db, eid: number, index: number): Promise<number | null> {
  const phone = `139${String(eid % 100).padStart(2, '0')}${String(index + 1).padStart(6, '0')}`;
  const [row] = await db
    .select({ id: s.accounts.id })
    .from(s.accounts)
    .innerJoin(s.enterpriseUsers, and(eq(s.enterpriseUsers.accountId, s.accounts.id), eq(s.enterpriseUsers.eid, eid)))
    .where(eq(s.accounts.phone, phone));
  return row?.id ?? null;
}

interface SeededPeriod {
  id: number;
  kind: PeriodKind;
  durationSeconds: number;
  required: boolean;
}

/**
 * Records a learner's study of a course: the first `done` periods complete and, when given, the
 * next one part-way (`partMs`); the course row's counts follow the required periods.
 */
async function recordStudy(
  db: Db,
  eid: number,
  accountId: number,
  courseId: number,
  periods: SeededPeriod[],
  study: { done: number; partMs?: number; startedAt: Date; lastStudiedAt: Date },
): Promise<{ completed: boolean }> {
  const rows: Array<typeof s.periodProgress.$inferInsert> = [];
  const span = study.lastStudiedAt.getTime() - study.startedAt.getTime();
  for (const [i, period] of periods.entries()) {
    const lengthMs = period.durationSeconds * 1000;
    if (i < study.done) {
      // Complete: credited the whole length, studied a little longer (pauses, a replay), spread
      // between the start and the last study.
      const at = new Date(
        study.startedAt.getTime() + (span * (i + 1)) / Math.max(1, study.done + (study.partMs ? 1 : 0)),
      );
      rows.push({
        eid,
        accountId,
        periodId: period.id,
        courseId,
        creditedMs: lengthMs,
        studiedMs: lengthMs + 1_500 + i * 700,
        furthestMs: lengthMs,
        positionMs: lengthMs,
        completedAt: at,
        updatedAt: at,
      });
    } else if (i === study.done && study.partMs !== undefined) {
      rows.push({
        eid,
        accountId,
        periodId: period.id,
        courseId,
        creditedMs: study.partMs,
        studiedMs: study.partMs + 800,
        furthestMs: study.partMs,
        positionMs: study.partMs,
        updatedAt: study.lastStudiedAt,
      });
    }
  }
  if (rows.length > 0) await db.insert(s.periodProgress).values(rows);
  const required = periods.filter((p) => p.required);
  const completedRequired = required.filter((p) => periods.indexOf(p) < study.done).length;
  const completed = completedRequired === required.length;
  const last = periods[Math.min(rows.length, periods.length) - 1];
  await db.insert(s.courseLearners).values({
    eid,
    courseId,
    accountId,
    startedAt: study.startedAt,
    lastStudiedAt: study.lastStudiedAt,
    lastPeriodId: last?.id ?? null,
    completedPeriods: completedRequired,
    progressPercent: required.length === 0 ? 0 : Math.floor((completedRequired * 100) / required.length),
    completedAt: completed ? study.lastStudiedAt : null,
  });
  return { completed };
}

/**
 * The learning content of every new demo site (issue 12), in its language: the resource library
 * (the committed demo videos, the HLS lecture, the handout PDF, a video still processing, and
 * transcripts), every course's category, introduction, credit and points, its chapters and periods
 * (video, document and image-text), the demo people half way through the showcase course and done
 * with another (its earning in their ledger, which also explains their seeded totals), and a few
 * comments, ratings and likes by the site's learners.
 */
async function seedLearning(db: Db, createdEids: number[]): Promise<void> {
  for (const eid of createdEids) {
    const tenant = DEMO_TENANTS.find((t) => t.eid === eid);
    if (!tenant || !COURSES_BY_SITE[eid]) continue;
    await db.transaction(async (tx) => seedSiteLearning(tx as unknown as Db, tenant));
  }
}

async function seedSiteLearning(db: Db, tenant: DemoTenant): Promise<void> {
  const eid = tenant.eid;
  const en = tenant.lang === 'en';
  const text = en ? LEARNING_TEXT.en : LEARNING_TEXT.zh;
  const day = 86_400_000;
  const hour = 3_600_000;
  const now = Date.now();
  const [settings] = await db
    .select({ studyScoreType: s.websiteSettings.studyScoreType })
    .from(s.websiteSettings)
    .where(eq(s.websiteSettings.eid, eid));
  const hours = settings?.studyScoreType === 2;
  const scoreWord = en ? (hours ? 'credit hours' : 'credits') : hours ? '学时' : '学分';

  // The resource library.
  const transcripts = TRANSCRIPTS[tenant.lang];
  const mediaKeys = Object.keys(DEMO_MEDIA) as MediaKey[];
  const videos = await db
    .insert(s.resourceMaterials)
    .values(
      mediaKeys.map((key, i) => ({
        eid,
        kind: 1,
        title: text.periods[key],
        fileName: text.fileName(text.periods[key], DEMO_MEDIA[key].ext),
        fileSize: DEMO_MEDIA[key].fileSize,
        vodPlatform: 4,
        url: DEMO_MEDIA[key].url,
        durationSeconds: DEMO_MEDIA[key].seconds,
        transcript: transcripts[key] ?? null,
        createdAt: new Date(now - (40 - i) * day),
      })),
    )
    .returning({ id: s.resourceMaterials.id });
  const materialOf = Object.fromEntries(mediaKeys.map((key, i) => [key, videos[i]!.id])) as Record<MediaKey, number>;
  const [handout] = await db
    .insert(s.resourceMaterials)
    .values({
      eid,
      kind: 2,
      title: text.periods.handout,
      fileName: text.fileName(text.periods.handout, 'pdf'),
      fileSize: DEMO_HANDOUT.fileSize,
      url: DEMO_HANDOUT.url,
      createdAt: new Date(now - 35 * day),
    })
    .returning({ id: s.resourceMaterials.id });
  // Uploaded yesterday, not yet processed by the provider: no length, nothing to play (该视频未更新).
  const [pending] = await db
    .insert(s.resourceMaterials)
    .values({
      eid,
      kind: 1,
      title: text.pending,
      fileName: text.fileName(text.pending, 'mp4'),
      vodPlatform: 4,
      durationSeconds: null,
      createdAt: new Date(now - day),
    })
    .returning({ id: s.resourceMaterials.id });
  // The media library's demo lecture (decision 041): a short video the bundled FFmpeg makes and
  // the transcoding job turns into HLS after the first start, so a newcomer sees one in /crm/media.
  await db.insert(s.resourceMaterials).values({
    eid,
    kind: 1,
    title: en ? 'Demo lecture: welcome to the media library' : '演示讲座：认识资源库',
    fileName: en ? 'demo-lecture.mp4' : '演示讲座.mp4',
    vodPlatform: 4,
    durationSeconds: null,
    transcodeState: 'queued',
    sourceKey: DEMO_LECTURE_SOURCE,
    createdAt: new Date(now - hour),
  });

  // Categories of the site's kind of tree, by stored name.
  const tree = COURSE_CATEGORIES[tenant.tenantCode ?? 'default'] ?? COURSE_CATEGORIES.default!;
  const categoryRows = await db
    .select({ id: s.categories.id, name: s.categories.name })
    .from(s.categories)
    .where(and(eq(s.categories.eid, eid), eq(s.categories.categoryType, 3)));
  const categoryId = (zhName: string | undefined) => {
    const name = zhName === undefined ? undefined : categoryName(tree, zhName, en);
    return categoryRows.find((c) => c.name === name)?.id ?? null;
  };

  const courses = await db
    .select({ id: s.courses.id, title: s.courses.title, summary: s.courses.summary, coverUrl: s.courses.coverUrl })
    .from(s.courses)
    .where(eq(s.courses.eid, eid))
    .orderBy(s.courses.sort, s.courses.id);
  const periodsOf = new Map<number, SeededPeriod[]>();
  for (const [index, course] of courses.entries()) {
    const layout = layoutOf(index);
    const short = index === DEMO_COURSE_ROLES.short;
    await db
      .update(s.courses)
      .set({
        categoryId: categoryId(COURSE_CATEGORY_NAMES[eid]?.[index]),
        intro: courseIntro(course, layout, eid, en, {
          ...(index === DEMO_COURSE_ROLES.showcase ? { video: materialOf.lesson1, handout: handout!.id } : {}),
          ...(index === DEMO_COURSE_ROLES.pendingVideo ? { pending: pending!.id } : {}),
        }),
        creditTenths: short ? 5 : [10, 15, 20, 5][index % 4]!,
        points: short ? 5 : 5 + ((index * 7) % 16),
      })
      .where(and(eq(s.courses.eid, eid), eq(s.courses.id, course.id)));
    const seeded: SeededPeriod[] = [];
    for (const [chapterIndex, [chapterKind, kinds]] of layout.entries()) {
      const [chapter] = await db
        .insert(s.courseChapters)
        .values({
          eid,
          courseId: course.id,
          title: text.chapterTitle(chapterIndex + 1, text.chapters[chapterKind]),
          sort: chapterIndex + 1,
        })
        .returning({ id: s.courseChapters.id });
      const values = kinds.map((kind, i) => {
        const first = seeded.length === 0 && i === 0;
        const common = {
          eid,
          courseId: course.id,
          chapterId: chapter!.id,
          title: text.periods[kind],
          required: isRequired(kind),
          // The public-training site's trial course: its first period plays before buying.
          freeTrial: eid === 1005 && index === DEMO_COURSE_ROLES.trial && first,
          sort: seeded.length + i + 1,
        };
        if (kind in DEMO_MEDIA) {
          const media = DEMO_MEDIA[kind as MediaKey];
          return { ...common, periodType: 1, materialId: materialOf[kind as MediaKey], durationSeconds: media.seconds };
        }
        if (kind === 'handout') {
          return { ...common, periodType: 2, materialId: handout!.id, durationSeconds: DOCUMENT_SECONDS };
        }
        return {
          ...common,
          periodType: 3,
          content: imageText(kind as 'guide' | 'points' | 'summary', course, en, scoreWord),
          durationSeconds: IMAGE_TEXT_SECONDS,
        };
      });
      const inserted = await db
        .insert(s.coursePeriods)
        .values(values)
        .returning({ id: s.coursePeriods.id, durationSeconds: s.coursePeriods.durationSeconds });
      inserted.forEach((row, i) =>
        seeded.push({
          id: row.id,
          kind: kinds[i]!,
          durationSeconds: row.durationSeconds,
          required: isRequired(kinds[i]!),
        }),
      );
    }
    periodsOf.set(course.id, seeded);
  }

  const showcase = courses[DEMO_COURSE_ROLES.showcase]!;
  const done = courses[DEMO_COURSE_ROLES.completed]!;
  const [doneCourse] = await db
    .select({ title: s.courses.title, points: s.courses.points, creditTenths: s.courses.creditTenths })
    .from(s.courses)
    .where(and(eq(s.courses.eid, eid), eq(s.courses.id, done.id)));

  // The demo people: half way through the showcase course (its first two periods done, the second
  // video at 40 %), the completed course earned.
  const people: number[] = [];
  for (const person of DEMO_ACCOUNTS.filter((p) => p.eids.includes(eid))) {
    const accountId = await demoAccountId(db, person.phone);
    if (accountId === null) continue;
    people.push(accountId);
    const showcasePeriods = periodsOf.get(showcase.id)!;
    await recordStudy(db, eid, accountId, showcase.id, showcasePeriods, {
      done: 2,
      partMs: Math.round(showcasePeriods[2]!.durationSeconds * 1000 * 0.4),
      startedAt: new Date(now - 2 * day),
      lastStudiedAt: new Date(now - 2 * hour),
    });
    const donePeriods = periodsOf.get(done.id)!;
    const completedAt = new Date(now - 3 * day);
    await recordStudy(db, eid, accountId, done.id, donePeriods, {
      done: donePeriods.length,
      startedAt: new Date(now - 6 * day),
      lastStudiedAt: completedAt,
    });

    // The ledger explains the totals: what the seeded leaderboards gave them is one row of
    // earlier records, and the completed course adds its own row and amounts.
    const [totals] = await db
      .select({ points: s.learnerTotals.points, creditTenths: s.learnerTotals.creditTenths })
      .from(s.learnerTotals)
      .where(and(eq(s.learnerTotals.eid, eid), eq(s.learnerTotals.accountId, accountId)));
    const earlier = totals ?? { points: 0, creditTenths: 0 };
    const ledger: Array<typeof s.earnings.$inferInsert> = [];
    if (earlier.points !== 0 || earlier.creditTenths !== 0) {
      ledger.push({
        eid,
        accountId,
        sourceType: 0,
        sourceId: 0,
        title: text.earlier,
        points: earlier.points,
        creditTenths: earlier.creditTenths,
        createdAt: new Date(now - 90 * day),
      });
    }
    ledger.push({
      eid,
      accountId,
      sourceType: 3,
      sourceId: done.id,
      title: doneCourse!.title,
      points: doneCourse!.points,
      creditTenths: doneCourse!.creditTenths,
      createdAt: completedAt,
    });
    await db.insert(s.earnings).values(ledger);
    await db
      .insert(s.learnerTotals)
      .values({ eid, accountId, points: doneCourse!.points, creditTenths: doneCourse!.creditTenths })
      .onConflictDoUpdate({
        target: [s.learnerTotals.eid, s.learnerTotals.accountId],
        set: {
          points: sql`${s.learnerTotals.points} + ${doneCourse!.points}`,
          creditTenths: sql`${s.learnerTotals.creditTenths} + ${doneCourse!.creditTenths}`,
          updatedAt: new Date(),
        },
      });
  }

  // Three of the site's learners have started the showcase or the completed course (study
  // dynamics), liked the showcase course and rated it; the first demo person rated the course
  // they completed.
  // One after another: a transaction's queries share its one connection.
  const learners: number[] = [];
  for (const index of [0, 1, 2]) {
    const id = await siteLearnerId(db, eid, index);
    if (id !== null) learners.push(id);
  }
  const [a, b, c] = learners;
  for (const [i, accountId] of learners.entries()) {
    const course = i < 2 ? showcase : done;
    await recordStudy(db, eid, accountId, course.id, periodsOf.get(course.id)!, {
      done: 1,
      startedAt: new Date(now - (5 - i) * day),
      lastStudiedAt: new Date(now - (5 - i) * day + 40 * 60_000),
    });
  }
  const admirers = [a, b].filter((id): id is number => id !== undefined);
  if (admirers.length > 0) {
    await db.insert(s.courseAdmires).values(admirers.map((accountId) => ({ eid, courseId: showcase.id, accountId })));
  }
  const texts = en
    ? [
        'Clear and to the point: short videos I can fit into a busy day.',
        'The handout is really useful. I printed it and followed along.',
        'Good content. A few practice questions at the end would make it even better.',
        'The case study is close to our daily work. I would love a follow-up lesson.',
      ]
    : [
        '讲得很清楚，视频短小精悍，利用碎片时间就能学完。',
        '课程讲义很实用，打印出来对照着学，效果更好。',
        '内容不错，如果能在最后加几道练习题就更好了。',
        '案例贴近实际工作，学完收获很大，希望多出几讲。',
      ];
  const comments: Array<typeof s.courseComments.$inferInsert> = [];
  if (a !== undefined)
    comments.push({
      eid,
      courseId: showcase.id,
      accountId: a,
      content: texts[0]!,
      ratingHalves: 10,
      createdAt: new Date(now - 4 * day),
    });
  if (b !== undefined)
    comments.push({
      eid,
      courseId: showcase.id,
      accountId: b,
      content: texts[1]!,
      ratingHalves: 9,
      createdAt: new Date(now - 20 * hour),
    });
  if (c !== undefined)
    comments.push({
      eid,
      courseId: done.id,
      accountId: c,
      content: texts[2]!,
      ratingHalves: 7,
      createdAt: new Date(now - 5 * day),
    });
  if (people[0] !== undefined)
    comments.push({
      eid,
      courseId: done.id,
      accountId: people[0],
      content: texts[3]!,
      ratingHalves: 8,
      createdAt: new Date(now - 3 * day + hour),
    });
  if (comments.length > 0) await db.insert(s.courseComments).values(comments);
}
