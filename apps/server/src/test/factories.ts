import { sql } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';
import type { SessionStore } from '../platform/session.ts';

let seq = 0;
const next = () => ++seq;

/**
 * An enterprise with its website settings and a default domain. `eid` inserts that id explicitly
 * (OVERRIDING SYSTEM VALUE), e.g. to name it in TENANT_CODES before it exists; `status` 0 makes a
 * disabled enterprise.
 */
export async function createEnterprise(
  db: Db,
  overrides: {
    eid?: number;
    name?: string;
    domain?: string;
    correctDomain?: string;
    lang?: 'zh' | 'en';
    status?: number;
    settings?: Partial<typeof schema.websiteSettings.$inferInsert>;
  } = {},
) {
  const n = next();
  const name = overrides.name ?? `测试企业${n}`;
  const domain = overrides.domain ?? `t${n}.example.com`;
  const correctDomain = overrides.correctDomain ?? `learn.${domain}`;
  const values = {
    name,
    correctDomain,
    lang: overrides.lang ?? 'zh',
    status: overrides.status ?? 1,
    ...(overrides.eid !== undefined ? { eid: overrides.eid } : {}),
  };
  const [ent] =
    overrides.eid !== undefined
      ? await db.insert(schema.enterprises).overridingSystemValue().values(values).returning()
      : await db.insert(schema.enterprises).values(values).returning();
  const eid = ent!.eid;
  await db.insert(schema.enterpriseDomains).values({ eid, domain, isDefault: true });
  await db.insert(schema.websiteSettings).values({ eid, entName: name, ...overrides.settings });
  return { eid, name, domain, correctDomain };
}

export async function createNavItems(db: Db, eid: number, names: string[]) {
  return db
    .insert(schema.navItems)
    .values(
      names.map((name, i) => ({ eid, name, nameEn: `${name}-en`, menuType: (i % 7) + 1, url: `/p${i}`, sort: i })),
    )
    .returning();
}

export async function createNavItem(db: Db, eid: number, values: Partial<typeof schema.navItems.$inferInsert> = {}) {
  const [row] = await db
    .insert(schema.navItems)
    .values({ eid, name: `导航${next()}`, menuType: 1, url: '/home', ...values })
    .returning();
  return row!;
}

export async function createZone(db: Db, eid: number, values: Partial<typeof schema.zones.$inferInsert> = {}) {
  const [row] = await db
    .insert(schema.zones)
    .values({ eid, zoneName: `专区${next()}`, zoneType: 2, ...values })
    .returning();
  return row!;
}

export async function createCourse(db: Db, eid: number, values: Partial<typeof schema.courses.$inferInsert> = {}) {
  const [row] = await db
    .insert(schema.courses)
    .values({ eid, title: `课程${next()}`, ...values })
    .returning();
  return row!;
}

export async function createBanner(db: Db, eid: number, values: Partial<typeof schema.banners.$inferInsert> = {}) {
  const [row] = await db
    .insert(schema.banners)
    .values({ eid, title: `Banner ${next()}`, imageUrl: '/b.png', ...values })
    .returning();
  return row!;
}

export async function createSysLink(db: Db, eid: number, values: Partial<typeof schema.sysLinks.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(schema.sysLinks)
    .values({ eid, name: `友情链接${n}`, url: `https://link${n}.example.org`, ...values })
    .returning();
  return row!;
}

export async function createAgreement(
  db: Db,
  eid: number,
  values: Partial<typeof schema.agreements.$inferInsert> & { type: string },
) {
  const [row] = await db
    .insert(schema.agreements)
    .values({ eid, title: `协议${next()}`, content: '<p>协议内容</p>', ...values })
    .returning();
  return row!;
}

export async function createAppVersion(
  db: Db,
  eid: number,
  values: Partial<typeof schema.appVersions.$inferInsert> & { versionCode: number },
) {
  const [row] = await db
    .insert(schema.appVersions)
    .values({
      eid,
      versionName: `1.0.${values.versionCode}`,
      downloadUrl: `https://dl.example.com/app-${values.versionCode}.apk`,
      ...values,
    })
    .returning();
  return row!;
}

export async function expireSession(db: Db, token: string) {
  const { hashToken } = await import('../platform/session.ts');
  await db.execute(
    sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashToken(token)}`,
  );
}

/** A person with a password (argon2id) who belongs to the given enterprises; not signed in. */
export async function createAccount(
  db: Db,
  eids: number[],
  options: { password?: string; employeeNo?: string; status?: number; realName?: string } = {},
) {
  const n = next();
  const phone = `137${String(10_000_000 + n).slice(-8)}`;
  const password = options.password ?? 'Passw0rd!';
  const [account] = await db
    .insert(schema.accounts)
    .values({ phone, passwordHash: await hashPassword(password) })
    .returning();
  for (const eid of eids) {
    await db.insert(schema.enterpriseUsers).values({
      eid,
      accountId: account!.id,
      userName: `学员${n}`,
      realName: options.realName ?? `测试${n}`,
      employeeNo: options.employeeNo ?? null,
      status: options.status ?? 1,
    });
  }
  return { accountId: account!.id, phone, password };
}

/** A small position hierarchy: a civil-servant branch down to ranks, an institution branch, other. */
export async function createPositions(db: Db, eid: number) {
  await db.insert(schema.positions).values([
    { eid, pathNo: '01', level: 1, name: '公务员', nameEn: 'Civil servant', categoryType: 1, sort: 1 },
    { eid, pathNo: '0101', level: 2, name: '综合管理类', nameEn: 'General management', sort: 1 },
    { eid, pathNo: '010101', level: 3, name: '领导职务', nameEn: 'Leading post', sort: 1 },
    { eid, pathNo: '01010101', level: 4, name: '一级主任科员', nameEn: 'First-class principal staff member', sort: 1 },
    { eid, pathNo: '02', level: 1, name: '事业单位人员', nameEn: 'Public institution staff', categoryType: 3, sort: 2 },
    { eid, pathNo: '0201', level: 2, name: '专业技术岗位', nameEn: 'Professional post', sort: 1 },
    { eid, pathNo: '020101', level: 3, name: '高级职称', nameEn: 'Senior title', sort: 1 },
    { eid, pathNo: '03', level: 1, name: '其他人员', nameEn: 'Other', categoryType: 0, sort: 3 },
  ]);
}

export async function configureRegistration(
  db: Db,
  eid: number,
  fields: Array<{
    grp?: 'default' | 'userTitle';
    field: string;
    name?: string;
    required?: boolean;
    show?: boolean;
    sort?: number;
  }>,
) {
  await db.insert(schema.registrationFields).values(
    fields.map((f, i) => ({
      eid,
      grp: f.grp ?? 'userTitle',
      field: f.field,
      name: f.name ?? '',
      required: f.required ?? false,
      show: f.show ?? true,
      sort: f.sort ?? i,
    })),
  );
}

/** Where a learner belongs: an enterprise made by `createEnterprise` (its id and default domain). */
export interface SiteRef {
  eid: number;
  domain: string;
}

/**
 * A signed-in person, as `t.call(def, input, { as: learner })` takes it: the account, its
 * membership of the enterprise, and a real session token made by the server's own session store.
 */
export interface Learner {
  accountId: number;
  /** The enterprise the session has chosen, or null (signed in with no enterprise chosen). */
  eid: number | null;
  /** The site the learner's calls go to (the enterprise's default domain). */
  domain: string;
  phone: string;
  /** The password the account has (argon2id hash stored), or null with `password: null`. */
  password: string | null;
  userName: string;
  realName: string;
  token: string;
}

const DEFAULT_PASSWORD = 'Passw0rd!';
// argon2id is slow by design (tens of ms a hash): a test run hashes each password once.
const passwordHashes = new Map<string, Promise<string>>();
export function hashPassword(password: string): Promise<string> {
  let hashed = passwordHashes.get(password);
  if (!hashed) {
    hashed = import('@node-rs/argon2').then(({ hash }) => hash(password));
    passwordHashes.set(password, hashed);
  }
  return hashed;
}

export interface LearnerOptions {
  /** Also a member of these enterprises (the session stays on the first). */
  alsoIn?: readonly SiteRef[];
  /** The account's password (default `Passw0rd!`); null: the account has none. */
  password?: string | null;
  phone?: string;
  /** Membership columns: status (2 disabled), isAdmin, employeeNo, names, userDetail… */
  member?: Partial<Omit<typeof schema.enterpriseUsers.$inferInsert, 'eid' | 'accountId'>>;
  /** false: a session with no enterprise chosen yet (the enterprise list, choosing one). */
  chosen?: boolean;
}

/**
 * A learner of `site` (null: an account that belongs to no enterprise), signed in through the
 * server's session store: no sign-in call, no captcha, no password check per test.
 */
export async function createLearner(
  db: Db,
  sessions: SessionStore,
  site: SiteRef | null,
  options: LearnerOptions = {},
): Promise<Learner> {
  const n = next();
  const phone = options.phone ?? `136${String(10_000_000 + n).slice(-8)}`;
  const password = options.password === undefined ? DEFAULT_PASSWORD : options.password;
  const [account] = await db
    .insert(schema.accounts)
    .values({ phone, passwordHash: password === null ? null : await hashPassword(password) })
    .returning();
  const userName = options.member?.userName ?? `学员${n}`;
  const realName = options.member?.realName ?? `测试${n}`;
  const sites = [...(site ? [site] : []), ...(options.alsoIn ?? [])];
  for (const s of sites) {
    await db
      .insert(schema.enterpriseUsers)
      .values({ ...options.member, eid: s.eid, accountId: account!.id, userName, realName });
  }
  const eid = site && options.chosen !== false ? site.eid : null;
  const { token } = await sessions.create(account!.id, eid);
  return {
    accountId: account!.id,
    eid,
    domain: site?.domain ?? 'localhost',
    phone,
    password,
    userName,
    realName,
    token,
  };
}

export interface StudyCourseOptions {
  /** Course columns (price, credit, points, completion share, minimum time, fastest speed…). */
  course?: Partial<typeof schema.courses.$inferInsert>;
  /** Video periods by length in seconds, in one chapter. */
  videos?: number[];
  /** A document period that must be open this many seconds. */
  documentSeconds?: number;
  /** An image-text period that must be open this many seconds. */
  imageTextSeconds?: number;
  /** Which periods (by index in the order above) play without buying. */
  freeTrial?: number[];
}

/**
 * A published course with one chapter of periods: videos (platform 4 library materials of the
 * given lengths), then a document and an image-text period when asked for.
 */
export async function createStudyCourse(db: Db, eid: number, options: StudyCourseOptions = {}) {
  const course = await createCourse(db, eid, { creditTenths: 15, points: 10, ...options.course });
  const [chapter] = await db
    .insert(schema.courseChapters)
    .values({ eid, courseId: course.id, title: '第一章' })
    .returning();
  const periods: Array<typeof schema.coursePeriods.$inferSelect> = [];
  const add = async (values: Omit<typeof schema.coursePeriods.$inferInsert, 'eid' | 'courseId' | 'chapterId'>) => {
    const [row] = await db
      .insert(schema.coursePeriods)
      .values({
        eid,
        courseId: course.id,
        chapterId: chapter!.id,
        sort: periods.length,
        freeTrial: options.freeTrial?.includes(periods.length) ?? false,
        ...values,
      })
      .returning();
    periods.push(row!);
  };
  for (const seconds of options.videos ?? []) {
    const [m] = await db
      .insert(schema.resourceMaterials)
      .values({
        eid,
        kind: 1,
        title: `视频${next()}`,
        vodPlatform: 4,
        url: '/demo/media/v.mp4',
        durationSeconds: seconds,
      })
      .returning();
    await add({ title: `视频课时${periods.length + 1}`, periodType: 1, materialId: m!.id, durationSeconds: seconds });
  }
  if (options.documentSeconds !== undefined) {
    const [m] = await db
      .insert(schema.resourceMaterials)
      .values({ eid, kind: 2, title: '讲义', fileName: '讲义.pdf', url: '/demo/media/handout.pdf' })
      .returning();
    await add({ title: '讲义', periodType: 2, materialId: m!.id, durationSeconds: options.documentSeconds });
  }
  if (options.imageTextSeconds !== undefined) {
    await add({
      title: '图文',
      periodType: 3,
      content: '<p>图文内容<script>alert(1)</script></p>',
      durationSeconds: options.imageTextSeconds,
    });
  }
  return { course, chapter: chapter!, periods };
}

/** One question of every type (account-area.md section 3), each worth 2 points; `answer`/`blanks` are the keys. */
export const SAMPLE_QUESTIONS: ReadonlyArray<Omit<typeof schema.examQuestions.$inferInsert, 'eid' | 'bankId'>> = [
  {
    questionType: 1,
    difficulty: 1,
    stem: '安全帽的主要作用是？',
    options: [
      { key: 'A', text: '装饰' },
      { key: 'B', text: '保护头部' },
      { key: 'C', text: '保暖' },
    ],
    answer: ['B'],
    analysis: '安全帽用于防止头部受到伤害。',
  },
  {
    questionType: 2,
    difficulty: 2,
    stem: '以下哪些属于个人防护用品？',
    options: [
      { key: 'A', text: '安全帽' },
      { key: 'B', text: '防护眼镜' },
      { key: 'C', text: '办公椅' },
      { key: 'D', text: '防护手套' },
    ],
    answer: ['A', 'B', 'D'],
    analysis: '办公椅不是防护用品。',
  },
  {
    questionType: 3,
    difficulty: 1,
    stem: '发现火情应立即拨打119。',
    options: [
      { key: 'T', text: '' },
      { key: 'F', text: '' },
    ],
    answer: ['T'],
    analysis: '119是火警电话。',
  },
  {
    questionType: 4,
    difficulty: 3,
    stem: '灭火的三种基本方法是隔离法、____和____。',
    blanks: [
      ['窒息法', '窒息'],
      ['冷却法', '冷却'],
    ],
    analysis: '隔离、窒息、冷却。',
  },
  {
    questionType: 5,
    difficulty: 4,
    stem: '请简述发生触电事故时的处理步骤。',
    referenceAnswer: '先切断电源，再用绝缘物使触电者脱离电源，然后进行急救并拨打120。',
    analysis: '切断电源是第一步。',
  },
  {
    questionType: 6,
    difficulty: 2,
    stem: '请将标志与含义配对。',
    items: [
      { key: '1', text: '红色' },
      { key: '2', text: '黄色' },
    ],
    options: [
      { key: 'A', text: '警告' },
      { key: 'B', text: '禁止' },
    ],
    answer: ['B', 'A'],
    analysis: '红色表示禁止，黄色表示警告。',
  },
  {
    questionType: 7,
    difficulty: 3,
    stem: '下列做法正确的是？',
    options: [
      { key: 'A', text: '电器着火先断电' },
      { key: 'B', text: '用水扑灭油锅火' },
      { key: 'C', text: '疏散时走安全通道' },
    ],
    answer: ['A', 'C'],
    analysis: '油锅着火不能用水扑灭。',
  },
];

export interface ExamOptions {
  /** Exam task columns (window, duration, attempts, pass score, switch limit, settings…). */
  task?: Partial<typeof schema.examTasks.$inferInsert>;
  /** The paper's questions; by default one of every type (SAMPLE_QUESTIONS). */
  questions?: ReadonlyArray<Omit<typeof schema.examQuestions.$inferInsert, 'eid' | 'bankId'>>;
  /** Paper columns (mode 2 with rules draws at random; shuffling). */
  paper?: Partial<typeof schema.examPapers.$inferInsert>;
  /** A certificate template the task grants on passing. */
  certificate?: Partial<typeof schema.certificateTemplates.$inferInsert> | true;
}

/**
 * An exam task open now for an hour (30 minutes long, one attempt, pass at 60 %) on a fixed paper of
 * a new bank's questions, with a certificate template when asked for.
 */
export async function createExam(db: Db, eid: number, options: ExamOptions = {}) {
  const n = next();
  const [bank] = await db
    .insert(schema.questionBanks)
    .values({ eid, title: `题库${n}` })
    .returning();
  const questions = await db
    .insert(schema.examQuestions)
    .values((options.questions ?? SAMPLE_QUESTIONS).map((q) => ({ eid, bankId: bank!.id, ...q })))
    .returning();
  const [paper] = await db
    .insert(schema.examPapers)
    .values({ eid, title: `试卷${n}`, ...options.paper })
    .returning();
  if (paper!.mode === 1) {
    await db
      .insert(schema.examPaperQuestions)
      .values(
        questions.map((q, i) => ({ eid, paperId: paper!.id, questionId: q.id, sort: i, scoreTenths: q.scoreTenths })),
      );
  }
  const total = questions.reduce((sum, q) => sum + q.scoreTenths, 0);
  let template: typeof schema.certificateTemplates.$inferSelect | undefined;
  if (options.certificate) {
    [template] = await db
      .insert(schema.certificateTemplates)
      .values({
        eid,
        title: `合格证书${n}`,
        body: '{name}同志于{date}通过“{title}”考试，成绩{score}分，特发此证。',
        issuer: '培训中心',
        ...(options.certificate === true ? {} : options.certificate),
      })
      .returning();
  }
  const now = Date.now();
  const [task] = await db
    .insert(schema.examTasks)
    .values({
      eid,
      title: `考试${n}`,
      paperId: paper!.id,
      startsAt: new Date(now - 60_000),
      endsAt: new Date(now + 3_600_000),
      durationMinutes: 30,
      passScoreTenths: Math.ceil(total * 0.6),
      certificateTemplateId: template?.id ?? null,
      points: 20,
      ...options.task,
    })
    .returning();
  return { bank: bank!, questions, paper: paper!, task: task!, template };
}

export interface PracticeSetOptions {
  /** Questions added to the set's bank; by default one of every type (SAMPLE_QUESTIONS). */
  questions?: ReadonlyArray<Omit<typeof schema.examQuestions.$inferInsert, 'eid' | 'bankId'>>;
  /** Practice-set columns (type and difficulty filters, question count, published…). */
  set?: Partial<typeof schema.practiceSets.$inferInsert>;
}

/**
 * A published practice set over a new bank of the given questions (by default one of every type),
 * drawing all of them in a round unless `set.questionCount` says otherwise.
 */
export async function createPracticeSet(db: Db, eid: number, options: PracticeSetOptions = {}) {
  const n = next();
  const [bank] = await db
    .insert(schema.questionBanks)
    .values({ eid, title: `练习题库${n}` })
    .returning();
  const given = options.questions ?? SAMPLE_QUESTIONS;
  const questions = given.length
    ? await db
        .insert(schema.examQuestions)
        .values(given.map((q) => ({ eid, bankId: bank!.id, ...q })))
        .returning()
    : [];
  const [set] = await db
    .insert(schema.practiceSets)
    .values({ eid, title: `练习${n}`, bankId: bank!.id, questionCount: Math.max(1, given.length), ...options.set })
    .returning();
  return { bank: bank!, questions, set: set! };
}
