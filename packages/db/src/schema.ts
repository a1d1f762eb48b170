import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Tenancy: an enterprise (`eid`) is the tenant. Every tenant-owned table carries `eid`, leads its
 * primary key and indexes with it (ready for Citus with `eid` as the distribution column).
 */
export const enterprises = pgTable('enterprises', {
  eid: integer('eid').primaryKey().generatedByDefaultAsIdentity({ startWith: 1001 }),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull().default(''),
  /** Hostname of the configured correct address, e.g. `learn.example.com` (port-agnostic). */
  correctDomain: text('correct_domain').notNull(),
  /** 'zh' or 'en': the site language. */
  lang: text('lang').notNull().default('zh'),
  status: integer('status').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which enterprises a domain serves. `domain` is the registrable domain of the host (what the
 * client sends in the `domain` header, computed with the public-suffix list). A domain with no eid
 * in the request uses its default enterprise.
 */
export const enterpriseDomains = pgTable(
  'enterprise_domains',
  {
    eid: integer('eid')
      .notNull()
      .references(() => enterprises.eid, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.domain] }),
    index('enterprise_domains_domain_idx').on(t.domain),
    uniqueIndex('enterprise_domains_one_default_idx')
      .on(t.domain)
      .where(sql`${t.isDefault}`),
  ],
);

/** Website info and settings of one enterprise (platform.md section 3, account-area.md section 3). */
export const websiteSettings = pgTable('website_settings', {
  eid: integer('eid')
    .primaryKey()
    .references(() => enterprises.eid, { onDelete: 'cascade' }),
  entName: text('ent_name').notNull(),
  userEntLogo: text('user_ent_logo').notNull().default(''),
  websiteIco: text('website_ico').notNull().default(''),
  websiteDesc: text('website_desc').notNull().default(''),
  websiteKeyword: text('website_keyword').notNull().default(''),
  websiteIcpNo: text('website_icp_no').notNull().default(''),
  websitePrnNo: text('website_prn_no').notNull().default(''),
  websiteCopyright: text('website_copyright').notNull().default(''),
  contactPhone: text('contact_phone').notNull().default(''),
  isEnableStatistics: boolean('is_enable_statistics').notNull().default(false),
  statisticsCode: text('statistics_code').notNull().default(''),
  /** Theme options; missing keys take the defaults of the contract's DEFAULT_THEME. */
  theme: jsonb('theme').$type<Record<string, unknown>>().notNull().default({}),
  studyScoreType: integer('study_score_type').notNull().default(1),
  entTypeNameStyle: integer('ent_type_name_style').notNull().default(1),
  greyThemeOpenSet: boolean('grey_theme_open_set').notNull().default(false),
  showCoursePriceOpenSet: boolean('show_course_price_open_set').notNull().default(false),
  showUserCommentOpenSet: boolean('show_user_comment_open_set').notNull().default(false),
  verifyOpenSet: boolean('verify_open_set').notNull().default(false),
  usernameOpenSet: boolean('username_open_set').notNull().default(false),
  registerOpenSet: boolean('register_open_set').notNull().default(true),
  /** Learners confirm their personal (and talent) information once (the confirmation popup). */
  personalInfoConfirmOpenSet: boolean('personal_info_confirm_open_set').notNull().default(false),
  talentInfoConfirmOpenSet: boolean('talent_info_confirm_open_set').notNull().default(false),
  /** Registrations are accepted at once (else they wait for an administrator's review). */
  registerAutoAudit: boolean('register_auto_audit').notNull().default(true),
  visitorOpenSet: boolean('visitor_open_set').notNull().default(true),
  defaultUserHeadPortrait: text('default_user_head_portrait').notNull().default(''),
  appDownloadQrCode: text('app_download_qr_code').notNull().default(''),
  isEnableAppDownload: boolean('is_enable_app_download').notNull().default(false),
  h5Url: text('h5_url').notNull().default(''),
  individuationOptions: jsonb('individuation_options').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const tenantId = () => ({
  eid: integer('eid')
    .notNull()
    .references(() => enterprises.eid, { onDelete: 'cascade' }),
  id: integer('id').notNull().generatedByDefaultAsIdentity(),
});

export const navItems = pgTable(
  'nav_items',
  {
    ...tenantId(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    menuType: integer('menu_type').notNull(),
    url: text('url').notNull().default(''),
    topicId: integer('topic_id'),
    sort: integer('sort').notNull().default(0),
    openNewWindow: boolean('open_new_window').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.eid, t.id] }), index('nav_items_sort_idx').on(t.eid, t.sort)],
);

export const zones = pgTable(
  'zones',
  {
    ...tenantId(),
    zoneName: text('zone_name').notNull(),
    zoneNameEn: text('zone_name_en').notNull().default(''),
    zoneType: integer('zone_type').notNull(),
    relationType: integer('relation_type'),
    showNum: integer('show_num').notNull().default(8),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.eid, t.id] }), index('zones_sort_idx').on(t.eid, t.sort)],
);

export const banners = pgTable(
  'banners',
  {
    ...tenantId(),
    title: text('title').notNull(),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url').notNull().default(''),
    openNewWindow: boolean('open_new_window').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    /** Shown to visitors (api) or only to signed-in learners (auth). */
    audience: text('audience').notNull().default('all'),
  },
  (t) => [primaryKey({ columns: [t.eid, t.id] }), index('banners_sort_idx').on(t.eid, t.sort)],
);

export const sysLinks = pgTable(
  'sys_links',
  {
    ...tenantId(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eid, t.id] }), index('sys_links_sort_idx').on(t.eid, t.sort)],
);

export const agreements = pgTable(
  'agreements',
  {
    eid: integer('eid')
      .notNull()
      .references(() => enterprises.eid, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eid, t.type] })],
);

/**
 * A person's consent, given when registering on a site, to one of its agreements (the service
 * agreement or the privacy policy, PIPL: before an ID number is collected): the text's version (its
 * `agreements.updated_at` then; null when the site had no such text) and when it was given.
 */
export const agreementConsents = pgTable(
  'agreement_consents',
  {
    eid: integer('eid')
      .notNull()
      .references(() => enterprises.eid, { onDelete: 'cascade' }),
    id: integer('id').notNull().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** serviceAgreement or privacyAgreement. */
    type: text('type').notNull(),
    version: timestamp('version', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eid, t.id] }), index('agreement_consents_account_idx').on(t.eid, t.accountId)],
);

export const appVersions = pgTable(
  'app_versions',
  {
    ...tenantId(),
    platform: text('platform').notNull().default('android'),
    channel: text('channel').notNull().default('official'),
    versionName: text('version_name').notNull(),
    versionCode: integer('version_code').notNull(),
    downloadUrl: text('download_url').notNull(),
    updateContent: text('update_content').notNull().default(''),
    forceUpdate: boolean('force_update').notNull().default(false),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    index('app_versions_latest_idx').on(t.eid, t.platform, t.channel, t.versionCode),
  ],
);

/** A person: one account (phone number) that may belong to several enterprises. Not tenant-owned. */
export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    phone: text('phone').notNull().unique(),
    /** argon2id hash; null until the person sets a password (DESIGN.md section 4). */
    passwordHash: text('password_hash'),
    /** Real-name verification: the person's name and ID number (AES-256-GCM, decision 009). */
    realName: text('real_name').notNull().default(''),
    idCardEncrypted: text('id_card_encrypted'),
    /** Keyed hash (HMAC-SHA256) of the ID number: finds other accounts bound to it. */
    idCardHash: text('id_card_hash'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_id_card_hash_idx').on(t.idCardHash)],
);

/** A person's membership of one enterprise (tenant-owned). status 1 active, 2 disabled by the enterprise. */
export const enterpriseUsers = pgTable(
  'enterprise_users',
  {
    eid: integer('eid')
      .notNull()
      .references(() => enterprises.eid, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull().default(''),
    /** Employee number, unique within the enterprise; signs in with the account's password. */
    employeeNo: text('employee_no'),
    realName: text('real_name').notNull().default(''),
    headPortrait: text('head_portrait').notNull().default(''),
    /** One-inch photo: a private file key (shown through a short-lived signed link). */
    headshot: text('headshot').notNull().default(''),
    /** When the person confirmed their personal and talent information (confirmation popup). */
    personalConfirmedAt: timestamp('personal_confirmed_at', { withTimezone: true }),
    talentConfirmedAt: timestamp('talent_confirmed_at', { withTimezone: true }),
    /** The configured registration fields (userDetail), as entered and checked. */
    userDetail: jsonb('user_detail').$type<Record<string, string>>().notNull().default({}),
    departmentName: text('department_name').notNull().default(''),
    isAdmin: boolean('is_admin').notNull().default(false),
    status: integer('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.accountId] }),
    index('enterprise_users_account_idx').on(t.accountId),
    // The back office's learner list pages by joined time or by name (keyset, decision 037).
    index('enterprise_users_joined_idx').on(t.eid, t.createdAt, t.accountId),
    index('enterprise_users_name_idx').on(t.eid, t.realName, t.accountId),
    uniqueIndex('enterprise_users_employee_no_idx')
      .on(t.eid, t.employeeNo)
      .where(sql`${t.employeeNo} IS NOT NULL`),
    // The approvals page lists registrations waiting for review (status 3), oldest first (decision 038).
    index('enterprise_users_pending_idx')
      .on(t.eid, t.createdAt, t.accountId)
      .where(sql`${t.status} = 3`),
    // The learner list filtered to disabled members (status 2, a few in a hundred): its page and its
    // count read these rows only, not a scan of the whole membership (decision 037).
    index('enterprise_users_disabled_idx')
      .on(t.eid, t.createdAt, t.accountId)
      .where(sql`${t.status} = 2`),
  ],
);

/**
 * Sessions: opaque random tokens stored as their SHA-256, bound to one account and (once chosen)
 * one enterprise. Revoked sessions are kept until they expire so their holder gets code 307.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eid: integer('eid').references(() => enterprises.eid, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_account_idx').on(t.accountId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Image captchas: the answer's hash, single use (used_at), short-lived. Not tenant-owned. */
/**
 * One-time tickets that carry a session to another host (switching to an enterprise whose site
 * has its own address: the session cookie belongs to one host). Single use, a minute long.
 */
export const sessionHandoffs = pgTable(
  'session_handoffs',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eid: integer('eid')
      .notNull()
      .references(() => enterprises.eid, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('session_handoffs_expires_idx').on(t.expiresAt)],
);

export const captchas = pgTable(
  'captchas',
  {
    tokenHash: text('token_hash').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** An SMS code was sent with it: it may still be used once, for the submit of that form. */
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    /** The purpose and phone of that code: the submit must be for the same. */
    codePurpose: integer('code_purpose'),
    codePhone: text('code_phone'),
  },
  (t) => [index('captchas_expires_idx').on(t.expiresAt)],
);

/**
 * SMS codes sent to a phone for one purpose (verificationCodeType): the code's hash, its lifetime
 * and the attempts made against it. A new code for the same phone and purpose replaces the old.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    phone: text('phone').notNull(),
    purpose: integer('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);

/** Messages of the dev SMS provider (DESIGN.md section 5): what a real provider would have sent. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    phone: text('phone').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.createdAt)],
);

/** Security events of accounts: sign-ins, failures, locks, password changes, sign-outs, switches. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eid: integer('eid'),
    accountId: integer('account_id'),
    event: text('event').notNull(),
    ip: text('ip').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_account_idx').on(t.accountId, t.createdAt),
    index('audit_log_eid_idx').on(t.eid, t.createdAt),
  ],
);

/**
 * Registration form configuration per enterprise (account-area.md section 4): which fields show,
 * which are required, their order and label. Group `default` tunes the always-present fields,
 * `userTitle` the detail fields kept in userDetail. No rows: the client's defaults apply.
 */
export const registrationFields = pgTable(
  'registration_fields',
  {
    eid: integer('eid')
      .notNull()
      .references(() => enterprises.eid, { onDelete: 'cascade' }),
    grp: text('grp').notNull(),
    field: text('field').notNull(),
    name: text('name').notNull().default(''),
    required: boolean('required').notNull().default(false),
    show: boolean('show').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eid, t.grp, t.field] })],
);

/**
 * The position hierarchy of an enterprise, loaded level by level (level and pathNo): level 1 the
 * personal categories, 2 job types, 3 administrative duties, 4 ranks. pathNo is the parent's plus
 * two digits. categoryType (level 1) drives the labels and whether ranks exist (decision 009).
 */
export const positions = pgTable(
  'positions',
  {
    eid: integer('eid')
      .notNull()
      .references(() => enterprises.eid, { onDelete: 'cascade' }),
    pathNo: text('path_no').notNull(),
    level: integer('level').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    categoryType: integer('category_type').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eid, t.pathNo] }), index('positions_level_idx').on(t.eid, t.level)],
);

/**
 * Applications of organisations to join the platform (/company/in), for the operators to review.
 * Not tenant-owned: the organisation is not a tenant yet (the site it applied on is kept).
 */
export const enterpriseApplications = pgTable(
  'enterprise_applications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    appliedOnEid: integer('applied_on_eid').notNull(),
    entName: text('ent_name').notNull(),
    creditCode: text('credit_code').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    remark: text('remark').notNull().default(''),
    /** 1 waiting for review, 2 approved, 3 rejected (decision 038). */
    status: integer('status').notNull().default(1),
    /** Why it was rejected (shown to the applicant when they ask again). */
    rejectReason: text('reject_reason').notNull().default(''),
    /** The administrator (of `appliedOnEid`) who decided, and when. */
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enterprise_applications_pending_idx')
      .on(t.creditCode)
      .where(sql`${t.status} = 1`),
    index('enterprise_applications_site_idx').on(t.appliedOnEid, t.status, t.createdAt.desc(), t.id.desc()),
  ],
);

/** Third-party sign-in identities (DingTalk, WeChat, WeCom) bound to accounts. */
export const thirdPartyIdentities = pgTable(
  'third_party_identities',
  {
    provider: text('provider').notNull(),
    openId: text('open_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    nickname: text('nickname').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.openId] }),
    uniqueIndex('third_party_identities_account_idx').on(t.accountId, t.provider),
  ],
);

/**
 * Every uploaded file (storage key), who uploaded it and whether something uses it. A file is
 * claimed when a profile or a registration starts using it and released when replaced; files
 * unclaimed for a day are deleted by housekeeping (a registration given up, an avatar replaced).
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    eid: integer('eid')
      .notNull()
      .references(() => enterprises.eid, { onDelete: 'cascade' }),
    /** The signed-in uploader; null for an upload without a session (a registration's photo). */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    index('uploads_unclaimed_idx')
      .on(t.createdAt)
      .where(sql`claimed_at IS NULL`),
  ],
);

/**
 * A learner's totals in one enterprise, for the leaderboards (issue 4): points, credit hours (one
 * decimal) and certificates. What earns them comes with later features; each rank query reads one
 * index (enterprise, value descending).
 */
export const learnerTotals = pgTable(
  'learner_totals',
  {
    eid: integer('eid').notNull(),
    accountId: integer('account_id').notNull(),
    points: integer('points').notNull().default(0),
    /** Credit hours in tenths (12.5 hours = 125): exact, and as fast to rank as points. */
    creditTenths: integer('credit_tenths').notNull().default(0),
    certificates: integer('certificates').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.accountId] }),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('learner_totals_points_idx').on(t.eid, t.points.desc(), t.accountId),
    index('learner_totals_credit_idx').on(t.eid, t.creditTenths.desc(), t.accountId),
    index('learner_totals_certificates_idx').on(t.eid, t.certificates.desc(), t.accountId),
  ],
);

/**
 * How many learners of an enterprise have each value on each board (kind 1 points, 2 credit
 * tenths, 3 certificates), kept by a trigger on learner_totals (migration 0015). A rank is 1 + the
 * learners above: a sum over distinct values, not a count over learners.
 */
export const learnerTotalCounts = pgTable(
  'learner_total_counts',
  {
    eid: integer('eid')
      .notNull()
      .references(() => enterprises.eid, { onDelete: 'cascade' }),
    kind: integer('kind').notNull(),
    value: integer('value').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eid, t.kind, t.value] })],
);

/** News categories of an enterprise (/news tabs). */
export const newsCategories = pgTable(
  'news_categories',
  {
    ...tenantId(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eid, t.id] })],
);

/** News articles: rich content stored as written by the site's staff, sanitised when served. */
export const news = pgTable(
  'news',
  {
    ...tenantId(),
    categoryId: integer('category_id').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    coverUrl: text('cover_url').notNull().default(''),
    content: text('content').notNull().default(''),
    author: text('author').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    viewCount: integer('view_count').notNull().default(0),
    published: boolean('published').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({ columns: [t.eid, t.categoryId], foreignColumns: [newsCategories.eid, newsCategories.id] }).onDelete(
      'cascade',
    ),
    index('news_published_idx').on(t.eid, t.publishedAt.desc(), t.id),
    index('news_category_idx').on(t.eid, t.categoryId, t.publishedAt.desc(), t.id),
  ],
);

/** Lecturer ranks of an enterprise (金牌讲师, 高级讲师…): the filter of /lecturer. */
export const lecturerRanks = pgTable(
  'lecturer_ranks',
  {
    ...tenantId(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eid, t.id] })],
);

/** Lecturers of an enterprise: the lecturer pages and the home page's lecturer zone. */
export const lecturers = pgTable(
  'lecturers',
  {
    ...tenantId(),
    rankId: integer('rank_id'),
    name: text('name').notNull(),
    /** Post or professional title, as shown under the name. */
    title: text('title').notNull().default(''),
    organization: text('organization').notNull().default(''),
    avatarUrl: text('avatar_url').notNull().default(''),
    /** Rich text, sanitised when served. */
    intro: text('intro').notNull().default(''),
    featured: boolean('featured').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    published: boolean('published').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({ columns: [t.eid, t.rankId], foreignColumns: [lecturerRanks.eid, lecturerRanks.id] }).onDelete(
      'set null',
    ),
    index('lecturers_sort_idx').on(t.eid, t.sort, t.id),
  ],
);

/**
 * Courses of an enterprise: what the home page's course zones, topics, lecturers and search list
 * (issue 4). Study, chapters and progress come with the study issue and extend this table.
 */
export const courses = pgTable(
  'courses',
  {
    ...tenantId(),
    title: text('title').notNull(),
    /** Plain-text summary, searched with the title. */
    summary: text('summary').notNull().default(''),
    coverUrl: text('cover_url').notNull().default(''),
    lecturerId: integer('lecturer_id'),
    /** Price in fen (0 = free); shown only when the site's showCoursePriceOpenSet is on. */
    priceFen: integer('price_fen').notNull().default(0),
    learnerCount: integer('learner_count').notNull().default(0),
    recommended: boolean('recommended').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    published: boolean('published').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** A course category (categoryType 3) of the same enterprise; null when uncategorised. */
    categoryId: integer('category_id'),
    /** The introduction: rich text, sanitised when served; media in it carry a materialId. */
    intro: text('intro').notNull().default(''),
    /** What completing the course earns: credit (hours or credits by the site's studyScoreType) in tenths, and points. */
    creditTenths: integer('credit_tenths').notNull().default(0),
    points: integer('points').notNull().default(0),
    /** Share of a video's length a learner's credited time must reach for the period to be complete. */
    completionPercent: integer('completion_percent').notNull().default(100),
    /** Wall-clock seconds a learner must study a period before it can count as complete (0: none). */
    minPeriodSeconds: integer('min_period_seconds').notNull().default(0),
    /** The fastest playback speed the course allows, in tenths (20 = 2.0×); credited time is capped by it. */
    maxSpeedTenths: integer('max_speed_tenths').notNull().default(20),
    /** Whether learners may comment on and rate the course (the site's showUserCommentOpenSet also applies). */
    commentsOpen: boolean('comments_open').notNull().default(true),
    /** Listed to visitors where the site's visitor mode is on (decision 039); signed-in learners always see it. */
    visitorVisible: boolean('visitor_visible').notNull().default(true),
    /** Last change by the back office (decision 039): the admin list sorts by it. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({ columns: [t.eid, t.lecturerId], foreignColumns: [lecturers.eid, lecturers.id] }).onDelete('set null'),
    foreignKey({ columns: [t.eid, t.categoryId], foreignColumns: [categories.eid, categories.id] }).onDelete(
      'set null',
    ),
    index('courses_category_idx').on(t.eid, t.categoryId, t.publishedAt.desc(), t.id),
    index('courses_published_idx').on(t.eid, t.publishedAt.desc(), t.id),
    index('courses_learners_idx').on(t.eid, t.learnerCount.desc(), t.id),
    index('courses_lecturer_idx').on(t.eid, t.lecturerId, t.publishedAt.desc(), t.id),
    // The back office's course list, newest change first (decision 039).
    index('courses_updated_idx').on(t.eid, t.updatedAt.desc(), t.id),
  ],
);

/** A course's tags (the enterprise's tags, decision 039): what the back office sets on a course. */
export const courseTags = pgTable(
  'course_tags',
  {
    eid: integer('eid').notNull(),
    courseId: integer('course_id').notNull(),
    tagId: integer('tag_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.courseId, t.tagId] }),
    foreignKey({ columns: [t.eid, t.courseId], foreignColumns: [courses.eid, courses.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.eid, t.tagId], foreignColumns: [tags.eid, tags.id] }).onDelete('cascade'),
  ],
);

/** Topics (专题) of an enterprise: /topic/cate/{id}, the nav's topic submenu. */
export const topics = pgTable(
  'topics',
  {
    ...tenantId(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    coverUrl: text('cover_url').notNull().default(''),
    summary: text('summary').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    published: boolean('published').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.eid, t.id] }), index('topics_sort_idx').on(t.eid, t.sort, t.id)],
);

/** A topic's banners (the carousel at the top of a topic page). */
export const topicBanners = pgTable(
  'topic_banners',
  {
    ...tenantId(),
    topicId: integer('topic_id').notNull(),
    title: text('title').notNull().default(''),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({ columns: [t.eid, t.topicId], foreignColumns: [topics.eid, topics.id] }).onDelete('cascade'),
    index('topic_banners_topic_idx').on(t.eid, t.topicId, t.sort),
  ],
);

/** Which courses a topic holds, in its order. */
export const topicCourses = pgTable(
  'topic_courses',
  {
    eid: integer('eid').notNull(),
    topicId: integer('topic_id').notNull(),
    courseId: integer('course_id').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.topicId, t.courseId] }),
    foreignKey({ columns: [t.eid, t.topicId], foreignColumns: [topics.eid, topics.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.eid, t.courseId], foreignColumns: [courses.eid, courses.id] }).onDelete('cascade'),
    index('topic_courses_order_idx').on(t.eid, t.topicId, t.sort, t.courseId),
  ],
);

/**
 * Announcements and notices of an enterprise (account-area /account?change=5). Kind 1: the
 * enterprise's own (entCount), kind 2: the platform's (sysCount). `popup` ones are offered in the
 * popup after sign-in until read.
 */
export const announcements = pgTable(
  'announcements',
  {
    ...tenantId(),
    kind: integer('kind').notNull().default(1),
    title: text('title').notNull(),
    /** Rich text, sanitised when served. */
    content: text('content').notNull().default(''),
    popup: boolean('popup').notNull().default(false),
    commentOpen: boolean('comment_open').notNull().default(true),
    /**
     * Not read since migration 0022: the count served is computed from the records with a like
     * (`announcement_records_admired_idx`), so likes of learners who left stop counting.
     */
    published: boolean('published').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    index('announcements_published_idx').on(t.eid, t.publishedAt.desc(), t.id),
  ],
);

/**
 * One learner's copy of an announcement (the "record" the calls address by id): read, admired,
 * deleted from the learner's list. Created for every published announcement the learner can see
 * (materialised when the learner's list or counts are read), so counts are plain index scans.
 */
export const announcementRecords = pgTable(
  'announcement_records',
  {
    ...tenantId(),
    announcementId: integer('announcement_id').notNull(),
    accountId: integer('account_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    admiredAt: timestamp('admired_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    uniqueIndex('announcement_records_one_idx').on(t.eid, t.accountId, t.announcementId),
    /** The likes of an announcement, counted where it is served. */
    index('announcement_records_admired_idx')
      .on(t.eid, t.announcementId)
      .where(sql`${t.admiredAt} IS NOT NULL`),
    foreignKey({ columns: [t.eid, t.announcementId], foreignColumns: [announcements.eid, announcements.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
  ],
);

/**
 * The departments an announcement is published to (decision 043); an announcement without rows
 * here is for every learner of the enterprise. A department reaches its members and the members
 * of the departments under it.
 */
export const announcementDepartments = pgTable(
  'announcement_departments',
  {
    eid: integer('eid').notNull(),
    announcementId: integer('announcement_id').notNull(),
    departmentId: integer('department_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.announcementId, t.departmentId] }),
    foreignKey({ columns: [t.eid, t.announcementId], foreignColumns: [announcements.eid, announcements.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.eid, t.departmentId], foreignColumns: [departments.eid, departments.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * The people a notice is for (a study task's reminder, issue 22 item 5): an announcement with rows
 * here reaches these members only, whatever its departments.
 */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    eid: integer('eid').notNull(),
    announcementId: integer('announcement_id').notNull(),
    accountId: integer('account_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.announcementId, t.accountId] }),
    foreignKey({ columns: [t.eid, t.announcementId], foreignColumns: [announcements.eid, announcements.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('announcement_recipients_mine_idx').on(t.eid, t.accountId, t.announcementId),
  ],
);

/** Comments on an announcement, and replies (parentId = the comment replied to). */
export const announcementComments = pgTable(
  'announcement_comments',
  {
    ...tenantId(),
    announcementId: integer('announcement_id').notNull(),
    /** The comment this replies to; null for a comment. */
    parentId: integer('parent_id'),
    /** The person a reply answers (a reply to a reply), for "回复 张三". */
    replyToAccountId: integer('reply_to_account_id'),
    accountId: integer('account_id').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hidden by an administrator (decision 043): left out of every learner's list and count. */
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [
    /** The back office's moderation list, newest first. */
    index('announcement_comments_recent_idx').on(t.eid, t.createdAt.desc(), t.id),
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({ columns: [t.eid, t.announcementId], foreignColumns: [announcements.eid, announcements.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.eid, t.parentId], foreignColumns: [t.eid, t.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('announcement_comments_list_idx').on(t.eid, t.announcementId, t.parentId, t.createdAt.desc(), t.id),
  ],
);

/** The message board (在线留言): a learner's messages to the site's staff and their replies. */
export const onlineMessages = pgTable(
  'online_messages',
  {
    ...tenantId(),
    accountId: integer('account_id').notNull(),
    title: text('title').notNull(),
    messageContent: text('message_content').notNull(),
    /** The staff's reply, once given. */
    replyContent: text('reply_content'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('online_messages_mine_idx').on(t.eid, t.accountId, t.createdAt.desc(), t.id),
    /** The back office's list of every learner's messages, newest first. */
    index('online_messages_recent_idx').on(t.eid, t.createdAt.desc(), t.id),
  ],
);

/**
 * A learner's export files (the header's download popover): status 1 processing, 2 done (the file
 * is in private storage under `storageKey`), 3 failed.
 */
export const exportRecords = pgTable(
  'export_records',
  {
    ...tenantId(),
    accountId: integer('account_id').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull().default(0),
    exportStatus: integer('export_status').notNull().default(1),
    storageKey: text('storage_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('export_records_mine_idx').on(t.eid, t.accountId, t.createdAt.desc(), t.id),
  ],
);

/**
 * The enterprise's learner tags (platform.md section 7, /system/auth/tag/list): the labels its
 * staff give learners, e.g. in the talent-pool record's tagList (decision 019).
 */
export const tags = pgTable(
  'tags',
  {
    ...tenantId(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eid, t.id] }), uniqueIndex('tags_name_idx').on(t.eid, t.name)],
);

/**
 * Categories by categoryType (account-area.md section 7, /system/api/category/list): a tree by
 * parent id per type, e.g. course categories (3, the online-course resource type) and the talent
 * business categories (14). Decision 019.
 */
export const categories = pgTable(
  'categories',
  {
    ...tenantId(),
    categoryType: integer('category_type').notNull(),
    /** The parent category (same enterprise and type); null at the top. */
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({ columns: [t.eid, t.parentId], foreignColumns: [t.eid, t.id] }).onDelete('cascade'),
    index('categories_type_idx').on(t.eid, t.categoryType, t.sort, t.id),
  ],
);

/**
 * The enterprise's resource library (account-area.md sections 3 and 4): videos and documents that
 * course periods play and rich text links to by materialId. A video is played by its platform:
 * 1 Polyv (vid, signed per play with the enterprise's Polyv settings), 4 a direct URL (MP4 or HLS).
 */
export const resourceMaterials = pgTable(
  'resource_materials',
  {
    ...tenantId(),
    /** 1 video, 2 document, 3 audio. */
    kind: integer('kind').notNull(),
    title: text('title').notNull(),
    fileName: text('file_name').notNull().default(''),
    fileSize: integer('file_size').notNull().default(0),
    vodPlatform: integer('vod_platform'),
    /** Platform 4: the direct URL (an .mp4 or an HLS .m3u8); documents: the file's URL. */
    url: text('url').notNull().default(''),
    /** Platform 1: the provider's video id. */
    vid: text('vid').notNull().default(''),
    /** Length in seconds; null while the provider has not finished processing (该视频未更新). */
    durationSeconds: integer('duration_seconds'),
    /** The video's transcript: cues in seconds. */
    transcript: jsonb('transcript').$type<Array<{ start: number; end: number; text: string }>>(),
    /**
     * An uploaded video's transcoding to HLS (decision 041): queued → running → ready, or failed
     * with `transcodeError`. Seeded and document materials are ready as they are.
     */
    transcodeState: text('transcode_state')
      .$type<'queued' | 'running' | 'ready' | 'failed'>()
      .notNull()
      .default('ready'),
    /** 0–100 while running. */
    transcodeProgress: integer('transcode_progress').notNull().default(0),
    transcodeError: text('transcode_error').notNull().default(''),
    /** A transcoded video's poster frame (a storage URL), '' when none. */
    posterUrl: text('poster_url').notNull().default(''),
    /** The uploaded original's storage key (the transcoding job's input), '' when not uploaded here. */
    sourceKey: text('source_key').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    // The back office's library: newest first, by kind (findMaterials).
    index('resource_materials_kind_idx').on(t.eid, t.kind, t.id),
  ],
);

export const courseChapters = pgTable(
  'course_chapters',
  {
    ...tenantId(),
    courseId: integer('course_id').notNull(),
    title: text('title').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({ columns: [t.eid, t.courseId], foreignColumns: [courses.eid, courses.id] }).onDelete('cascade'),
    index('course_chapters_course_idx').on(t.eid, t.courseId, t.sort, t.id),
  ],
);

/**
 * A period (课时) of a chapter: 1 video (a library material), 2 document (a library material,
 * opened in the page), 3 image-text (its own rich text). `durationSeconds` is a video's length and
 * the minimum time a document or image-text period must be open to count.
 */
export const coursePeriods = pgTable(
  'course_periods',
  {
    ...tenantId(),
    courseId: integer('course_id').notNull(),
    chapterId: integer('chapter_id').notNull(),
    title: text('title').notNull(),
    periodType: integer('period_type').notNull(),
    materialId: integer('material_id'),
    content: text('content').notNull().default(''),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    /** Playable without buying a priced course. */
    freeTrial: boolean('free_trial').notNull().default(false),
    /** Counts towards the course's completion. */
    required: boolean('required').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({ columns: [t.eid, t.courseId], foreignColumns: [courses.eid, courses.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.eid, t.chapterId], foreignColumns: [courseChapters.eid, courseChapters.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.eid, t.materialId],
      foreignColumns: [resourceMaterials.eid, resourceMaterials.id],
    }).onDelete('restrict'),
    index('course_periods_course_idx').on(t.eid, t.courseId, t.sort, t.id),
  ],
);

/** A learner's study of a course: started when a first period is opened (my study, study dynamics). */
export const courseLearners = pgTable(
  'course_learners',
  {
    eid: integer('eid').notNull(),
    courseId: integer('course_id').notNull(),
    accountId: integer('account_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastStudiedAt: timestamp('last_studied_at', { withTimezone: true }).notNull().defaultNow(),
    lastPeriodId: integer('last_period_id'),
    /** Required periods complete, and the share of them (0 to 100). */
    completedPeriods: integer('completed_periods').notNull().default(0),
    progressPercent: integer('progress_percent').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.courseId, t.accountId] }),
    foreignKey({ columns: [t.eid, t.courseId], foreignColumns: [courses.eid, courses.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('course_learners_mine_idx').on(t.eid, t.accountId, t.lastStudiedAt.desc(), t.courseId),
    index('course_learners_recent_idx').on(t.eid, t.lastStudiedAt.desc()),
    // The back office's dashboard: completions of a week (decision 036).
    index('course_learners_completed_idx')
      .on(t.eid, t.completedAt)
      .where(sql`${t.completedAt} IS NOT NULL`),
  ],
);

/**
 * A learner's progress in one period, kept by the server (DESIGN.md section 9): positions and
 * credited time in milliseconds; `lastReportAt` is when the current player last reported. Its pages
 * keep room for updates in place (fillfactor 70, migration 0027; decision 028).
 */
export const periodProgress = pgTable(
  'period_progress',
  {
    eid: integer('eid').notNull(),
    accountId: integer('account_id').notNull(),
    periodId: integer('period_id').notNull(),
    courseId: integer('course_id').notNull(),
    /** Media time credited (at most the period's length). */
    creditedMs: integer('credited_ms').notNull().default(0),
    /** Wall-clock time studied (the course's minimum time per period and documents count this). */
    studiedMs: integer('studied_ms').notNull().default(0),
    furthestMs: integer('furthest_ms').notNull().default(0),
    positionMs: integer('position_ms').notNull().default(0),
    lastReportAt: timestamp('last_report_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.accountId, t.periodId] }),
    foreignKey({ columns: [t.eid, t.periodId], foreignColumns: [coursePeriods.eid, coursePeriods.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('period_progress_course_idx').on(t.eid, t.accountId, t.courseId),
  ],
);

/** The one player of a learner that earns (one video at a time): a new player replaces the old. */
export const studyPlayers = pgTable(
  'study_players',
  {
    eid: integer('eid').notNull(),
    accountId: integer('account_id').notNull(),
    playerId: text('player_id').notNull(),
    periodId: integer('period_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.accountId] }),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
  ],
);

/** One learner's flag on a course (a like, a favourite): a row per learner and course, or none. */
const learnerCourseFlag = (name: string, listedByLearner: boolean) =>
  pgTable(
    name,
    {
      eid: integer('eid').notNull(),
      courseId: integer('course_id').notNull(),
      accountId: integer('account_id').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      primaryKey({ columns: [t.eid, t.courseId, t.accountId] }),
      foreignKey({ columns: [t.eid, t.courseId], foreignColumns: [courses.eid, courses.id] }).onDelete('cascade'),
      foreignKey({
        columns: [t.eid, t.accountId],
        foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
      }).onDelete('cascade'),
      ...(listedByLearner ? [index(`${name}_mine_idx`).on(t.eid, t.accountId, t.createdAt.desc())] : []),
    ],
  );

/** A learner's like (admire) of a course: one per learner, toggled. */
export const courseAdmires = learnerCourseFlag('course_admires', false);

/** A learner's mark of a course: a favourite (收藏), listed in my study. */
export const courseMarks = learnerCourseFlag('course_marks', true);

/** Learners' comments on a course, each with a rating of 1 to 10 half stars (0.5 to 5). */
export const courseComments = pgTable(
  'course_comments',
  {
    ...tenantId(),
    courseId: integer('course_id').notNull(),
    accountId: integer('account_id').notNull(),
    content: text('content').notNull(),
    ratingHalves: integer('rating_halves').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hidden by an administrator (decision 043): left out of every learner's list and count. */
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [
    /** The back office's moderation list, newest first. */
    index('course_comments_recent_idx').on(t.eid, t.createdAt.desc(), t.id),
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({ columns: [t.eid, t.courseId], foreignColumns: [courses.eid, courses.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('course_comments_course_idx').on(t.eid, t.courseId, t.createdAt.desc(), t.id),
  ],
);

/** Who bought a priced course (the order issue writes these when an order is paid). */
export const coursePurchases = pgTable(
  'course_purchases',
  {
    eid: integer('eid').notNull(),
    courseId: integer('course_id').notNull(),
    accountId: integer('account_id').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.courseId, t.accountId] }),
    foreignKey({ columns: [t.eid, t.courseId], foreignColumns: [courses.eid, courses.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
  ],
);

/**
 * The earning ledger (DESIGN.md section 9): one row per award, unique per learner and source
 * (sourceType: the resource type, 3 an online course, 7 an exam task…), written in the same
 * transaction as learner_totals. /account?change=3&recordType=1 lists it.
 */
export const earnings = pgTable(
  'earnings',
  {
    ...tenantId(),
    accountId: integer('account_id').notNull(),
    sourceType: integer('source_type').notNull(),
    sourceId: integer('source_id').notNull(),
    title: text('title').notNull(),
    points: integer('points').notNull().default(0),
    creditTenths: integer('credit_tenths').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    uniqueIndex('earnings_once_idx').on(t.eid, t.accountId, t.sourceType, t.sourceId),
    index('earnings_mine_idx').on(t.eid, t.accountId, t.createdAt.desc(), t.id),
    // The back office's dashboard: credit hours earned in a week (decision 036).
    index('earnings_recent_idx').on(t.eid, t.createdAt),
  ],
);

/**
 * An enterprise's video-platform settings (Polyv: its user id and secret key). Read only by the
 * server to sign plays (md5 of secretkey + vid + ts) and ask for play tokens; never sent to a browser.
 */
export const vodSettings = pgTable('vod_settings', {
  eid: integer('eid')
    .primaryKey()
    .references(() => enterprises.eid, { onDelete: 'cascade' }),
  polyvUserId: text('polyv_user_id').notNull(),
  polyvSecretKey: text('polyv_secret_key').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Exams, practice and certificates (issue 13). Questions and papers are an enterprise's; an
// attempt keeps a snapshot of the paper it was given (questions, option order, scores and answer
// keys), so editing the bank later never changes a paper being taken or one already marked.
// ---------------------------------------------------------------------------------------------

/**
 * A question bank: the questions of one subject, which papers and practice sets draw from.
 * `openForPractice`: an administrator lets learners practise it (and see its keys) even while an
 * exam that draws from it is open to them (decision 032); otherwise such questions are held back.
 */
export const questionBanks = pgTable(
  'question_banks',
  {
    ...tenantId(),
    title: text('title').notNull(),
    openForPractice: boolean('open_for_practice').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Names are unique in the enterprise in any case (decision 045).
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    uniqueIndex('question_banks_title_idx').on(t.eid, sql`lower(${t.title})`),
  ],
);

/**
 * One question (account-area.md section 3): type 1 single, 2 multiple, 3 true/false, 4 fill-in
 * (one or more blanks), 5 short answer, 6 matching, 7 indefinite choice; difficulty 1 simple,
 * 2 general, 3 harder, 4 hard. `options` are the choices (matching: the right-hand column),
 * `items` the matching's left-hand column; `answer` the correct keys (choices, true/false 'T' or
 * 'F', matching: one key per item in order); `blanks` the accepted answers of each blank;
 * `referenceAnswer` the short answer's model answer for the marker. Scores are in tenths of a point.
 * `blanksAnyOrder`: a fill-in's texts may come in any order ("隔离法、__和__"), each blank's
 * accepted answers still one blank's.
 */
export const examQuestions = pgTable(
  'exam_questions',
  {
    ...tenantId(),
    bankId: integer('bank_id').notNull(),
    questionType: integer('question_type').notNull(),
    difficulty: integer('difficulty').notNull().default(2),
    stem: text('stem').notNull(),
    options: jsonb('options').$type<Array<{ key: string; text: string }>>().notNull().default([]),
    items: jsonb('items').$type<Array<{ key: string; text: string }>>().notNull().default([]),
    answer: jsonb('answer').$type<string[]>().notNull().default([]),
    blanks: jsonb('blanks').$type<string[][]>().notNull().default([]),
    blanksAnyOrder: boolean('blanks_any_order').notNull().default(false),
    referenceAnswer: text('reference_answer').notNull().default(''),
    analysis: text('analysis').notNull().default(''),
    scoreTenths: integer('score_tenths').notNull().default(20),
    /** Knowledge points or topics the back office's list filters by (decision 046). */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({ columns: [t.eid, t.bankId], foreignColumns: [questionBanks.eid, questionBanks.id] }).onDelete(
      'cascade',
    ),
    index('exam_questions_draw_idx').on(t.eid, t.bankId, t.questionType, t.difficulty),
    index('exam_questions_tags_idx').using('gin', t.tags),
  ],
);

/**
 * A question import's preview (decision 046): the file's rows read and checked, nothing stored in
 * the bank yet. `questions` holds the good rows' values in the file's order; `status` 1 previewed,
 * 2 imported (once: a conditional update), and `createdCount` what the import added. A preview is
 * its administrator's, and kept a day.
 */
export const questionImports = pgTable(
  'question_imports',
  {
    ...tenantId(),
    bankId: integer('bank_id').notNull(),
    accountId: integer('account_id').notNull(),
    fileName: text('file_name').notNull(),
    status: integer('status').notNull().default(1),
    totalRows: integer('total_rows').notNull(),
    badRows: integer('bad_rows').notNull(),
    questions: jsonb('questions').$type<Array<Record<string, unknown>>>().notNull(),
    createdCount: integer('created_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    importedAt: timestamp('imported_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({ columns: [t.eid, t.bankId], foreignColumns: [questionBanks.eid, questionBanks.id] }).onDelete(
      'cascade',
    ),
    index('question_imports_recent_idx').on(t.eid, t.createdAt),
  ],
);

/** A rule of a random paper: draw `count` questions of a type (and difficulty) from a bank, each worth `scoreTenths`. */
export interface PaperRule {
  bankId: number;
  questionType: number;
  difficulty: number | null;
  count: number;
  scoreTenths: number;
}

/** A paper: mode 1 fixed (its questions in order), 2 drawn at random per taker by its rules. */
export const examPapers = pgTable(
  'exam_papers',
  {
    ...tenantId(),
    title: text('title').notNull(),
    mode: integer('mode').notNull().default(1),
    rules: jsonb('rules').$type<PaperRule[]>().notNull().default([]),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eid, t.id] })],
);

/** The questions of a fixed paper, in order, with the score each is worth on it. */
export const examPaperQuestions = pgTable(
  'exam_paper_questions',
  {
    eid: integer('eid').notNull(),
    paperId: integer('paper_id').notNull(),
    questionId: integer('question_id').notNull(),
    sort: integer('sort').notNull().default(0),
    scoreTenths: integer('score_tenths').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.paperId, t.questionId] }),
    foreignKey({ columns: [t.eid, t.paperId], foreignColumns: [examPapers.eid, examPapers.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.eid, t.questionId], foreignColumns: [examQuestions.eid, examQuestions.id] }).onDelete(
      'restrict',
    ),
  ],
);

/**
 * A certificate template: its title, text with fields ({name}, {title}, {date}, {number},
 * {score}), issuer, seal image and signature line, and how many months a certificate is valid
 * (null: no end).
 */
export const certificateTemplates = pgTable(
  'certificate_templates',
  {
    ...tenantId(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    issuer: text('issuer').notNull(),
    sealUrl: text('seal_url').notNull().default(''),
    signature: text('signature').notNull().default(''),
    validMonths: integer('valid_months'),
    /** A4 `landscape` or `portrait` (decision 055). */
    orientation: text('orientation').notNull().default('landscape'),
    /** A JPEG or PNG printed over the whole page; empty: the drawn gold frame. */
    backgroundUrl: text('background_url').notNull().default(''),
    /**
     * Where each field is printed (contract `CertificateLayout`); null: the default layout of the
     * orientation, which is the fixed design of the certificates printed before decision 055.
     */
    layout: jsonb('layout').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eid, t.id] })],
);

/**
 * An exam task (考试任务), open to the enterprise's learners between `startsAt` and `endsAt`: an
 * attempt lasts `durationMinutes` but never past `endsAt`. `screenSwitchLimit` leaves of the page
 * are allowed (0: not counted against the taker); past it the attempt is submitted (7603).
 * `partialMultiple`: a multiple or indefinite choice with some right keys and no wrong one earns
 * half its score. `showAnswers`: the right answers and analysis are shown after submitting. An SFJ
 * admission ticket prints from `admissionPrintAt` (7005 before). Passing earns `points` and
 * `creditTenths` and, with a template, a certificate.
 */
export const examTasks = pgTable(
  'exam_tasks',
  {
    ...tenantId(),
    title: text('title').notNull(),
    intro: text('intro').notNull().default(''),
    paperId: integer('paper_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    attemptsAllowed: integer('attempts_allowed').notNull().default(1),
    passScoreTenths: integer('pass_score_tenths').notNull(),
    screenSwitchLimit: integer('screen_switch_limit').notNull().default(0),
    showAnswers: boolean('show_answers').notNull().default(true),
    partialMultiple: boolean('partial_multiple').notNull().default(false),
    admissionTicket: boolean('admission_ticket').notNull().default(false),
    admissionPrintAt: timestamp('admission_print_at', { withTimezone: true }),
    certificateTemplateId: integer('certificate_template_id'),
    points: integer('points').notNull().default(0),
    creditTenths: integer('credit_tenths').notNull().default(0),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({ columns: [t.eid, t.paperId], foreignColumns: [examPapers.eid, examPapers.id] }).onDelete('restrict'),
    foreignKey({
      columns: [t.eid, t.certificateTemplateId],
      foreignColumns: [certificateTemplates.eid, certificateTemplates.id],
    }).onDelete('restrict'),
    index('exam_tasks_window_idx').on(t.eid, t.startsAt.desc(), t.id),
  ],
);

/**
 * To whom an exam task is given (decision 049), as study tasks are assigned (decision 033):
 * `targetType` 1 a person, 2 a department, 3 a tag, read at request time (who joins a department
 * later gets it). A task with no row is given to every member of the enterprise.
 */
export const examTaskAssignments = pgTable(
  'exam_task_assignments',
  {
    eid: integer('eid').notNull(),
    taskId: integer('task_id').notNull(),
    targetType: integer('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.taskId, t.targetType, t.targetId] }),
    foreignKey({ columns: [t.eid, t.taskId], foreignColumns: [examTasks.eid, examTasks.id] }).onDelete('cascade'),
    index('exam_task_assignments_target_idx').on(t.eid, t.targetType, t.targetId, t.taskId),
  ],
);

/**
 * A learner's standing in an exam task, made at the first start: attempts used, the best score,
 * passed (and when), and whether an attempt waits for marking.
 */
export const examTaskRecords = pgTable(
  'exam_task_records',
  {
    eid: integer('eid').notNull(),
    taskId: integer('task_id').notNull(),
    accountId: integer('account_id').notNull(),
    attemptsUsed: integer('attempts_used').notNull().default(0),
    /** Attempts an administrator gave back to this learner beyond the task's (re-opened, decision 049). */
    extraAttempts: integer('extra_attempts').notNull().default(0),
    bestScoreTenths: integer('best_score_tenths'),
    passed: boolean('passed').notNull().default(false),
    passedAt: timestamp('passed_at', { withTimezone: true }),
    waitingForMarking: boolean('waiting_for_marking').notNull().default(false),
    firstStartedAt: timestamp('first_started_at', { withTimezone: true }).notNull().defaultNow(),
    lastSubmittedAt: timestamp('last_submitted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.taskId, t.accountId] }),
    foreignKey({ columns: [t.eid, t.taskId], foreignColumns: [examTasks.eid, examTasks.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('exam_task_records_mine_idx').on(t.eid, t.accountId, t.taskId),
    // An exam's results, latest submit first (the back office's list, decision 049).
    index('exam_task_records_results_idx').on(t.eid, t.taskId, t.lastSubmittedAt.desc().nullsFirst(), t.accountId),
  ],
);

/** One question as an attempt was given it: the bank's question at the start, in its order, with its score. */
export interface AttemptQuestion {
  questionId: number;
  questionType: number;
  difficulty: number;
  stem: string;
  options: Array<{ key: string; text: string }>;
  items: Array<{ key: string; text: string }>;
  answer: string[];
  blanks: string[][];
  /** The blanks may be filled in any order (missing in snapshots taken before the setting: in order). */
  blanksAnyOrder?: boolean;
  referenceAnswer: string;
  analysis: string;
  scoreTenths: number;
}

/**
 * One attempt at an exam task. The server's clock rules it: `deadlineAt` = min(start + duration,
 * the task's end); a save after it is refused (7610) and a sweep submits it 60 s after it.
 * `submitReason`: 1 the taker, 2 time over (the page at zero or a late save), 3 the sweep, 4 the
 * screen-switch limit. `status`: 1 answering, 2 waiting for marking (a short answer), 3 marked.
 * `lastSeq`: the highest save sequence applied; a save with a lower one for the same question
 * changes nothing.
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    ...tenantId(),
    taskId: integer('task_id').notNull(),
    accountId: integer('account_id').notNull(),
    attemptNo: integer('attempt_no').notNull(),
    paper: jsonb('paper').$type<AttemptQuestion[]>().notNull(),
    totalScoreTenths: integer('total_score_tenths').notNull(),
    passScoreTenths: integer('pass_score_tenths').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submitReason: integer('submit_reason'),
    screenSwitches: integer('screen_switches').notNull().default(0),
    status: integer('status').notNull().default(1),
    objectiveScoreTenths: integer('objective_score_tenths'),
    scoreTenths: integer('score_tenths'),
    passed: boolean('passed'),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    lastSeq: integer('last_seq').notNull().default(0),
    /**
     * When the page reported a leave not yet settled (issue 19 item 12): a return (or the next
     * opening of the paper) later than the site's grace counts it, an earlier one forgets it.
     */
    leftAt: timestamp('left_at', { withTimezone: true }),
    /**
     * The marker who has taken the attempt to mark, and until when (decision 048): another marker
     * is refused it (7613) until then; marking is once anyway (the attempt's row lock and status).
     */
    claimedBy: integer('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    // The marking queue: attempts waiting for marking, longest waiting first.
    index('exam_attempts_marking_idx')
      .on(t.eid, t.submittedAt, t.id)
      .where(sql`status = 2`),
    foreignKey({ columns: [t.eid, t.taskId], foreignColumns: [examTasks.eid, examTasks.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    uniqueIndex('exam_attempts_once_idx').on(t.eid, t.taskId, t.accountId, t.attemptNo),
    index('exam_attempts_mine_idx').on(t.eid, t.accountId, t.startedAt.desc(), t.id),
    index('exam_attempts_open_idx')
      .on(t.deadlineAt)
      .where(sql`submitted_at IS NULL`),
  ],
);

/**
 * A taker's answer to one question of an attempt: the answer (a list: the chosen keys, the blanks'
 * texts, the short answer's text, matching: one key per item), flagged for review, the save
 * sequence that wrote it, and its mark: `result` 0 wrong, 1 right, 2 partly right (null: not
 * marked yet), with the marker of a short answer.
 */
export const examAnswers = pgTable(
  'exam_answers',
  {
    eid: integer('eid').notNull(),
    attemptId: integer('attempt_id').notNull(),
    questionId: integer('question_id').notNull(),
    answer: jsonb('answer').$type<string[]>().notNull().default([]),
    flagged: boolean('flagged').notNull().default(false),
    seq: integer('seq').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    clientSavedAt: timestamp('client_saved_at', { withTimezone: true }),
    result: integer('result'),
    scoreTenths: integer('score_tenths'),
    markedBy: integer('marked_by'),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    markerComment: text('marker_comment').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.attemptId, t.questionId] }),
    foreignKey({ columns: [t.eid, t.attemptId], foreignColumns: [examAttempts.eid, examAttempts.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * The attempt log, kept as evidence: every start, opening of the paper, answer, leave and return
 * of the page, submit and mark, with the server's time and the browser's. `kind`: 1 start, 2 open
 * (or reload), 3 answer, 4 leave, 5 return, 6 submit, 7 time-over submit, 8 sweep submit,
 * 9 screen-switch submit, 10 marked.
 */
export const examAttemptEvents = pgTable(
  'exam_attempt_events',
  {
    ...tenantId(),
    attemptId: integer('attempt_id').notNull(),
    accountId: integer('account_id').notNull(),
    kind: integer('kind').notNull(),
    questionId: integer('question_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    clientAt: timestamp('client_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({ columns: [t.eid, t.attemptId], foreignColumns: [examAttempts.eid, examAttempts.id] }).onDelete(
      'cascade',
    ),
    index('exam_attempt_events_attempt_idx').on(t.eid, t.attemptId, t.id),
  ],
);

/** A practice set (练习): questions drawn from a bank, optionally of one type or difficulty. */
export const practiceSets = pgTable(
  'practice_sets',
  {
    ...tenantId(),
    title: text('title').notNull(),
    intro: text('intro').notNull().default(''),
    bankId: integer('bank_id').notNull(),
    questionType: integer('question_type'),
    difficulty: integer('difficulty'),
    questionCount: integer('question_count').notNull().default(10),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({ columns: [t.eid, t.bankId], foreignColumns: [questionBanks.eid, questionBanks.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** One round of practice: of a set, or (`setId` null) of the learner's error book. */
export const practiceRecords = pgTable(
  'practice_records',
  {
    ...tenantId(),
    accountId: integer('account_id').notNull(),
    setId: integer('set_id'),
    questionIds: jsonb('question_ids').$type<number[]>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    answered: integer('answered').notNull().default(0),
    correct: integer('correct').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.eid, t.setId], foreignColumns: [practiceSets.eid, practiceSets.id] }).onDelete('cascade'),
    index('practice_records_mine_idx').on(t.eid, t.accountId, t.startedAt.desc(), t.id),
  ],
);

/** A practice answer, marked at once (right or wrong; a short answer counts as answered). */
export const practiceAnswers = pgTable(
  'practice_answers',
  {
    eid: integer('eid').notNull(),
    recordId: integer('record_id').notNull(),
    questionId: integer('question_id').notNull(),
    answer: jsonb('answer').$type<string[]>().notNull(),
    correct: boolean('correct').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.recordId, t.questionId] }),
    foreignKey({ columns: [t.eid, t.recordId], foreignColumns: [practiceRecords.eid, practiceRecords.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * The learner's error book (错题本): every question answered wrong in practice or an exam
 * (`sourceType` 2 exercise, 7 exam task, as the ledger's resource types). Answering it right
 * `rightStreak` times in a row (the site's setting) clears it (`clearedAt`); a new wrong answer
 * brings it back.
 */
export const errorBook = pgTable(
  'error_book',
  {
    eid: integer('eid').notNull(),
    accountId: integer('account_id').notNull(),
    questionId: integer('question_id').notNull(),
    sourceType: integer('source_type').notNull(),
    wrongCount: integer('wrong_count').notNull().default(1),
    rightStreak: integer('right_streak').notNull().default(0),
    lastAnswer: jsonb('last_answer').$type<string[]>().notNull().default([]),
    firstWrongAt: timestamp('first_wrong_at', { withTimezone: true }).notNull().defaultNow(),
    lastWrongAt: timestamp('last_wrong_at', { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.accountId, t.questionId] }),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.eid, t.questionId], foreignColumns: [examQuestions.eid, examQuestions.id] }).onDelete(
      'cascade',
    ),
    index('error_book_open_idx').on(t.eid, t.accountId, t.lastWrongAt.desc()),
  ],
);

/**
 * An issued certificate, once per learner and source (an exam task, later a project). `number`
 * carries the enterprise's id, so it is unique across the platform; it is printed with its check
 * code and a QR code of the public check
 * (/certificate/query); the holder's name and a keyed hash of their ID number (the ID-card vault's
 * look-up hash) let the check find it by name and ID number without storing the number.
 */
export const certificates = pgTable(
  'certificates',
  {
    ...tenantId(),
    number: text('number').notNull(),
    /**
     * Random, 8 characters (migration 0031's `certificate_check_code()`): printed beside the number
     * and carried in the QR code's address; the public check by number asks for it (decision 030).
     */
    checkCode: text('check_code')
      .notNull()
      .default(sql`certificate_check_code()`),
    accountId: integer('account_id').notNull(),
    templateId: integer('template_id').notNull(),
    sourceType: integer('source_type').notNull(),
    sourceId: integer('source_id').notNull(),
    title: text('title').notNull(),
    holderName: text('holder_name').notNull(),
    holderIdHash: text('holder_id_hash'),
    scoreTenths: integer('score_tenths'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    validUntil: timestamp('valid_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.eid, t.templateId],
      foreignColumns: [certificateTemplates.eid, certificateTemplates.id],
    }).onDelete('restrict'),
    uniqueIndex('certificates_once_idx').on(t.eid, t.accountId, t.sourceType, t.sourceId),
    uniqueIndex('certificates_number_idx').on(t.eid, t.number),
    index('certificates_holder_idx').on(t.eid, t.holderName, t.holderIdHash),
    index('certificates_mine_idx').on(t.eid, t.accountId, t.issuedAt.desc(), t.id),
  ],
);

// ---------------------------------------------------------------------------------------------
// Study tasks and study projects (issue 20, decision 033)
// ---------------------------------------------------------------------------------------------

/** An enterprise's departments (a tree by `parentId`); study tasks are assigned to them. */
export const departments = pgTable(
  'departments',
  {
    ...tenantId(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    parentId: integer('parent_id'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eid, t.id] }), index('departments_parent_idx').on(t.eid, t.parentId)],
);

/** Who is in a department now (a person may be in several). Leaving deletes the row. */
export const departmentMembers = pgTable(
  'department_members',
  {
    eid: integer('eid').notNull(),
    departmentId: integer('department_id').notNull(),
    accountId: integer('account_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.departmentId, t.accountId] }),
    foreignKey({ columns: [t.eid, t.departmentId], foreignColumns: [departments.eid, departments.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('department_members_account_idx').on(t.eid, t.accountId, t.departmentId),
  ],
);

/** The tags a learner carries now (the enterprise's `tags`); study tasks are assigned to them. */
export const learnerTags = pgTable(
  'learner_tags',
  {
    eid: integer('eid').notNull(),
    tagId: integer('tag_id').notNull(),
    accountId: integer('account_id').notNull(),
    taggedAt: timestamp('tagged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.tagId, t.accountId] }),
    foreignKey({ columns: [t.eid, t.tagId], foreignColumns: [tags.eid, tags.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('learner_tags_account_idx').on(t.eid, t.accountId, t.tagId),
  ],
);

/**
 * A study task (学习任务): an ordered or free path of items assigned to learners for a time window.
 * `taskType`: 1 learning, 2 exam, 3 assessment (passed by `passRule` over its items), 4 coaching
 * (a mentor confirms each step). `timed` (resource type 10): past `endsAt` an unfinished task is
 * missed and closed; otherwise it can still be finished late. Completing it earns `creditTenths`,
 * `points` and, with a template, a certificate (through `earnOnce`, source type 5).
 */
export const studyTasks = pgTable(
  'study_tasks',
  {
    ...tenantId(),
    title: text('title').notNull(),
    coverUrl: text('cover_url').notNull().default(''),
    /** Rich text, sanitised when served. */
    intro: text('intro').notNull().default(''),
    taskType: integer('task_type').notNull().default(1),
    ordered: boolean('ordered').notNull().default(false),
    timed: boolean('timed').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Assessment tasks: what passing takes beyond the required items (decision 033). */
    passRule: jsonb('pass_rule')
      .$type<{ minExamScoreTenths?: number; minRequiredDone?: number }>()
      .notNull()
      .default({}),
    creditTenths: integer('credit_tenths').notNull().default(0),
    points: integer('points').notNull().default(0),
    certificateTemplateId: integer('certificate_template_id'),
    commentsOpen: boolean('comments_open').notNull().default(true),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({
      columns: [t.eid, t.certificateTemplateId],
      foreignColumns: [certificateTemplates.eid, certificateTemplates.id],
    }).onDelete('restrict'),
    index('study_tasks_window_idx').on(t.eid, t.startsAt.desc(), t.id),
  ],
);

/**
 * One item of a study task, in `position` order: a resource of the spec's resource types (3 online
 * course, 4 material, 7 exam task, 13 exam paper, 2 exercise — a practice set, 11 sign-in — a
 * check-in plan). `required` items decide completion; `minScoreTenths` is an exam item's bar in an
 * assessment task.
 */
export const studyTaskItems = pgTable(
  'study_task_items',
  {
    ...tenantId(),
    taskId: integer('task_id').notNull(),
    position: integer('position').notNull(),
    resourceType: integer('resource_type').notNull(),
    resourceId: integer('resource_id').notNull(),
    title: text('title').notNull(),
    required: boolean('required').notNull().default(true),
    minScoreTenths: integer('min_score_tenths'),
    downloadCount: integer('download_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({ columns: [t.eid, t.taskId], foreignColumns: [studyTasks.eid, studyTasks.id] }).onDelete('cascade'),
    uniqueIndex('study_task_items_order_idx').on(t.eid, t.taskId, t.position),
    index('study_task_items_resource_idx').on(t.eid, t.resourceType, t.resourceId),
  ],
);

/**
 * To whom a task is assigned, by rule: `targetType` 1 a person (account id), 2 a department, 3 a
 * tag, 4 the approved members of a study project. A learner sees a task while a rule matches them
 * now: who joins a department later gets it, who leaves loses it (their progress is kept).
 */
export const studyTaskAssignments = pgTable(
  'study_task_assignments',
  {
    eid: integer('eid').notNull(),
    taskId: integer('task_id').notNull(),
    targetType: integer('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.taskId, t.targetType, t.targetId] }),
    foreignKey({ columns: [t.eid, t.taskId], foreignColumns: [studyTasks.eid, studyTasks.id] }).onDelete('cascade'),
    index('study_task_assignments_target_idx').on(t.eid, t.targetType, t.targetId, t.taskId),
  ],
);

/** Coaching tasks: the mentor (another learner of the enterprise) of each coached learner. */
export const studyTaskMentors = pgTable(
  'study_task_mentors',
  {
    eid: integer('eid').notNull(),
    taskId: integer('task_id').notNull(),
    learnerId: integer('learner_id').notNull(),
    mentorId: integer('mentor_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.taskId, t.learnerId] }),
    foreignKey({ columns: [t.eid, t.taskId], foreignColumns: [studyTasks.eid, studyTasks.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.eid, t.learnerId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.eid, t.mentorId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('study_task_mentors_mentor_idx').on(t.eid, t.mentorId, t.taskId),
  ],
);

/**
 * A learner's standing in a task, made at their first progress: required items done of all,
 * the share (0 to 100), `status` (the spec's status labels: 1 not started, 2 learning, 3 completed,
 * 5 passed, 6 failed, 9 missed), when it completed (and earned) or was missed.
 */
export const studyTaskLearners = pgTable(
  'study_task_learners',
  {
    eid: integer('eid').notNull(),
    taskId: integer('task_id').notNull(),
    accountId: integer('account_id').notNull(),
    status: integer('status').notNull().default(2),
    requiredDone: integer('required_done').notNull().default(0),
    requiredCount: integer('required_count').notNull().default(0),
    progressPercent: integer('progress_percent').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastStudiedAt: timestamp('last_studied_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    missedAt: timestamp('missed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.taskId, t.accountId] }),
    foreignKey({ columns: [t.eid, t.taskId], foreignColumns: [studyTasks.eid, studyTasks.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('study_task_learners_mine_idx').on(t.eid, t.accountId, t.lastStudiedAt.desc(), t.taskId),
  ],
);

/**
 * A reminder a learner got for a study task (issue 22 item 5): one a day a task at most (the key
 * holds the China-time day), with the notice that carried it.
 */
export const studyTaskReminders = pgTable(
  'study_task_reminders',
  {
    eid: integer('eid').notNull(),
    taskId: integer('task_id').notNull(),
    accountId: integer('account_id').notNull(),
    day: date('day').notNull(),
    announcementId: integer('announcement_id').notNull(),
    remindedAt: timestamp('reminded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.taskId, t.accountId, t.day] }),
    foreignKey({ columns: [t.eid, t.taskId], foreignColumns: [studyTasks.eid, studyTasks.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
  ],
);

/**
 * A learner's progress in one item: the share reported or derived (0 to 100), when it was done,
 * the exam score it counted, and, in coaching tasks, the mentor's confirmation.
 */
export const studyTaskItemProgress = pgTable(
  'study_task_item_progress',
  {
    eid: integer('eid').notNull(),
    itemId: integer('item_id').notNull(),
    accountId: integer('account_id').notNull(),
    taskId: integer('task_id').notNull(),
    progressPercent: integer('progress_percent').notNull().default(0),
    studySeconds: integer('study_seconds').notNull().default(0),
    scoreTenths: integer('score_tenths'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    confirmedBy: integer('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.itemId, t.accountId] }),
    foreignKey({ columns: [t.eid, t.itemId], foreignColumns: [studyTaskItems.eid, studyTaskItems.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('study_task_item_progress_mine_idx').on(t.eid, t.accountId, t.taskId),
  ],
);

/** Learners' comments on a task (deleted by their author only). */
export const studyTaskComments = pgTable(
  'study_task_comments',
  {
    ...tenantId(),
    taskId: integer('task_id').notNull(),
    accountId: integer('account_id').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hidden by an administrator (decision 043): left out of every learner's list and count. */
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [
    /** The back office's moderation list, newest first. */
    index('study_task_comments_recent_idx').on(t.eid, t.createdAt.desc(), t.id),
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({ columns: [t.eid, t.taskId], foreignColumns: [studyTasks.eid, studyTasks.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('study_task_comments_task_idx').on(t.eid, t.taskId, t.createdAt.desc(), t.id),
  ],
);

/** A learner's mark (favourite) of a task. */
export const studyTaskMarks = pgTable(
  'study_task_marks',
  {
    eid: integer('eid').notNull(),
    taskId: integer('task_id').notNull(),
    accountId: integer('account_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.taskId, t.accountId] }),
    foreignKey({ columns: [t.eid, t.taskId], foreignColumns: [studyTasks.eid, studyTasks.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
  ],
);

/**
 * A check-in plan (签到任务, resource type 11), an item of a study task: check in once on each of
 * `weekdays` (1 Monday … 7 Sunday) from `startsOn` to `endsOn` between `windowStart` and
 * `windowEnd` (China time, HH:MM), by the server's clock. `requiredCount` check-ins complete it.
 */
export const checkInPlans = pgTable(
  'check_in_plans',
  {
    ...tenantId(),
    title: text('title').notNull(),
    weekdays: jsonb('weekdays').$type<number[]>().notNull().default([1, 2, 3, 4, 5, 6, 7]),
    startsOn: text('starts_on').notNull(),
    endsOn: text('ends_on').notNull(),
    windowStart: text('window_start').notNull().default('00:00'),
    windowEnd: text('window_end').notNull().default('23:59'),
    requiredCount: integer('required_count').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eid, t.id] })],
);

/** One check-in: once per learner, plan and slot (the slot's date in China time). */
export const checkIns = pgTable(
  'check_ins',
  {
    eid: integer('eid').notNull(),
    planId: integer('plan_id').notNull(),
    accountId: integer('account_id').notNull(),
    slotDate: text('slot_date').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.planId, t.accountId, t.slotDate] }),
    foreignKey({ columns: [t.eid, t.planId], foreignColumns: [checkInPlans.eid, checkInPlans.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('check_ins_mine_idx').on(t.eid, t.accountId, t.checkedAt.desc()),
  ],
);

/**
 * A study project (学习项目): a programme of stages of study tasks, with lecturers, for `capacity`
 * people (0: no limit). `enrolRule`: 1 open (applying enrols at once), 2 approval (an admin
 * approves), 3 closed. `seatsTaken` counts pending and approved applications and never passes the
 * capacity (one conditional update). `visitorVisible`: listed to visitors where visitor mode is on.
 * Completing all its tasks earns through `earnOnce` (source type 9).
 */
export const studyProjects = pgTable(
  'study_projects',
  {
    ...tenantId(),
    title: text('title').notNull(),
    coverUrl: text('cover_url').notNull().default(''),
    summary: text('summary').notNull().default(''),
    /** Rich text, sanitised when served. */
    intro: text('intro').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull().default(0),
    enrolRule: integer('enrol_rule').notNull().default(1),
    seatsTaken: integer('seats_taken').notNull().default(0),
    admireCount: integer('admire_count').notNull().default(0),
    creditTenths: integer('credit_tenths').notNull().default(0),
    points: integer('points').notNull().default(0),
    certificateTemplateId: integer('certificate_template_id'),
    visitorVisible: boolean('visitor_visible').notNull().default(true),
    recommended: boolean('recommended').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    published: boolean('published').notNull().default(true),
    /** A project sold as goods (decision 057): paying enrols; 0 is free. */
    priceFen: integer('price_fen').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({
      columns: [t.eid, t.certificateTemplateId],
      foreignColumns: [certificateTemplates.eid, certificateTemplates.id],
    }).onDelete('restrict'),
    index('study_projects_list_idx').on(t.eid, t.startsAt.desc(), t.id),
  ],
);

/** A stage of a project, in `position` order. */
export const studyProjectStages = pgTable(
  'study_project_stages',
  {
    ...tenantId(),
    projectId: integer('project_id').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({ columns: [t.eid, t.projectId], foreignColumns: [studyProjects.eid, studyProjects.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('study_project_stages_order_idx').on(t.eid, t.projectId, t.position),
  ],
);

/** The tasks of a stage, in order (a task belongs to one project's stage at most). */
export const studyProjectStageTasks = pgTable(
  'study_project_stage_tasks',
  {
    eid: integer('eid').notNull(),
    stageId: integer('stage_id').notNull(),
    taskId: integer('task_id').notNull(),
    projectId: integer('project_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.stageId, t.taskId] }),
    foreignKey({
      columns: [t.eid, t.stageId],
      foreignColumns: [studyProjectStages.eid, studyProjectStages.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.eid, t.taskId], foreignColumns: [studyTasks.eid, studyTasks.id] }).onDelete('cascade'),
    uniqueIndex('study_project_stage_tasks_task_idx').on(t.eid, t.taskId),
    index('study_project_stage_tasks_project_idx').on(t.eid, t.projectId),
  ],
);

/** The lecturers of a project, in order. */
export const studyProjectLecturers = pgTable(
  'study_project_lecturers',
  {
    eid: integer('eid').notNull(),
    projectId: integer('project_id').notNull(),
    lecturerId: integer('lecturer_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.projectId, t.lecturerId] }),
    foreignKey({ columns: [t.eid, t.projectId], foreignColumns: [studyProjects.eid, studyProjects.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.eid, t.lecturerId], foreignColumns: [lecturers.eid, lecturers.id] }).onDelete('cascade'),
  ],
);

/**
 * A learner's application to a project: `status` 1 pending, 2 approved (enrolled), 3 rejected,
 * 4 withdrawn. Pending and approved hold a seat. `completedAt`: all the project's tasks complete.
 */
export const studyProjectApplications = pgTable(
  'study_project_applications',
  {
    eid: integer('eid').notNull(),
    projectId: integer('project_id').notNull(),
    accountId: integer('account_id').notNull(),
    status: integer('status').notNull().default(1),
    reason: text('reason').notNull().default(''),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.projectId, t.accountId] }),
    foreignKey({ columns: [t.eid, t.projectId], foreignColumns: [studyProjects.eid, studyProjects.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('study_project_applications_mine_idx').on(t.eid, t.accountId, t.appliedAt.desc()),
    index('study_project_applications_project_idx').on(t.eid, t.projectId, t.status),
  ],
);

/**
 * A reminder a learner got for a study project (decision 053), as `study_task_reminders` is for a
 * task: one a day a project at most, with the notice that carried it.
 */
export const studyProjectReminders = pgTable(
  'study_project_reminders',
  {
    eid: integer('eid').notNull(),
    projectId: integer('project_id').notNull(),
    accountId: integer('account_id').notNull(),
    day: date('day').notNull(),
    announcementId: integer('announcement_id').notNull(),
    remindedAt: timestamp('reminded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.projectId, t.accountId, t.day] }),
    foreignKey({ columns: [t.eid, t.projectId], foreignColumns: [studyProjects.eid, studyProjects.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
  ],
);

/** A learner's admire (like) of a project, once. */
export const studyProjectAdmires = pgTable(
  'study_project_admires',
  {
    eid: integer('eid').notNull(),
    projectId: integer('project_id').notNull(),
    accountId: integer('account_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.projectId, t.accountId] }),
    foreignKey({ columns: [t.eid, t.projectId], foreignColumns: [studyProjects.eid, studyProjects.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
  ],
);

/**
 * The back office's audit log (decision 036): one row per administrator's write, in the same
 * transaction as the change, with what it was before and after. Tenant-owned (row-level security
 * like every table with `eid`); never updated. The account security events are `audit_log`.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    ...tenantId(),
    /** The administrator's account. */
    accountId: integer('account_id').notNull(),
    /** The call that made the change (`assignStudyTask`). */
    action: text('action').notNull(),
    /** What was changed: a table's kind (`study_task`) and its id. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    index('admin_audit_log_recent_idx').on(t.eid, t.createdAt.desc(), t.id.desc()),
    index('admin_audit_log_entity_idx').on(t.eid, t.entityType, t.entityId, t.createdAt.desc()),
    index('admin_audit_log_actor_idx').on(t.eid, t.accountId, t.createdAt.desc()),
  ],
);

/**
 * A registration an administrator rejected (decision 038): the membership is status 4 and this
 * row holds why, which the person is told when they sign in. Approving deletes the row.
 */
export const registrationReviews = pgTable(
  'registration_reviews',
  {
    eid: integer('eid').notNull(),
    accountId: integer('account_id').notNull(),
    reason: text('reason').notNull().default(''),
    reviewedBy: integer('reviewed_by').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.accountId] }),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
  ],
);

/**
 * An import of learners from an XLSX file (decision 038), worked by a background job: status 1
 * waiting or running, 2 done, 3 failed. `rowsDone` and the counts are written in the transaction
 * of each batch, so a job that runs again after a crash goes on from there; `rejections` holds the
 * rejected rows (row number, phone, name, reason) the result file lists. One import of a file
 * (its SHA-256) runs at a time per enterprise: a second submit while it runs gets the same import.
 */
export const learnerImports = pgTable(
  'learner_imports',
  {
    ...tenantId(),
    accountId: integer('account_id').notNull(),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    /** The uploaded file (private storage), removed when the import ends. */
    fileKey: text('file_key'),
    /** The language of the administrator who started it: the result file's texts. */
    lang: text('lang').notNull().default('zh'),
    /** argon2id hash of the initial password of the accounts it creates (one hash per import). */
    passwordHash: text('password_hash').notNull(),
    status: integer('status').notNull().default(1),
    totalRows: integer('total_rows').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    rejectedCount: integer('rejected_count').notNull().default(0),
    rejections: jsonb('rejections')
      .$type<Array<{ row: number; phone: string; name: string; reason: string }>>()
      .notNull()
      .default([]),
    /** The result file (rejected rows with reasons): an `exports/` key, downloaded by signed link. */
    resultKey: text('result_key'),
    error: text('error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    index('learner_imports_recent_idx').on(t.eid, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('learner_imports_running_idx')
      .on(t.eid, t.fileSha256)
      .where(sql`${t.status} = 1`),
  ],
);

/**
 * An enterprise's order settings (decision 057): how long an unpaid order stays open, the
 * invoices it offers, and the account a bank transfer goes to (shown to the learner).
 */
export const orderSettings = pgTable('order_settings', {
  eid: integer('eid')
    .primaryKey()
    .references(() => enterprises.eid, { onDelete: 'cascade' }),
  /** An unpaid order closes itself (已关闭) this long after it was made. */
  closeAfterMinutes: integer('close_after_minutes').notNull().default(30),
  invoiceOpen: boolean('invoice_open').notNull().default(true),
  /** 2 VAT special invoices offered beside ordinary ones. */
  specialInvoiceOpen: boolean('special_invoice_open').notNull().default(false),
  /** Invoicing mode (account-area.md section 3): 1 invoice after payment, 2 pre-invoice. */
  invoiceMode: integer('invoice_mode').notNull().default(1),
  bankAccountName: text('bank_account_name').notNull().default(''),
  bankName: text('bank_name').notNull().default(''),
  bankAccountNo: text('bank_account_no').notNull().default(''),
  bankNote: text('bank_note').notNull().default(''),
  /** Who issues invoices (decision 058): 'dev' (a sample PDF, only where DEV_PROVIDERS is on) or 'nuonuo'. */
  invoiceProvider: text('invoice_provider').notNull().default('dev'),
  /** The e-invoice account's ids that may be shown (appKey, the seller's tax number, clerk, sandbox). */
  invoiceMerchant: jsonb('invoice_merchant').$type<Record<string, string>>().notNull().default({}),
  /** AES-256-GCM of the account's secret (the vault's key), or ''; never answered by any call. */
  invoiceSecret: text('invoice_secret').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A payment method of an enterprise (9 bank transfer … 14 manual confirmation) and, for a channel,
 * its merchant: `mode` dev (the offline dev channel, only where DEV_PROVIDERS is on), sandbox or
 * live; `merchant` holds what may be shown (ids), `secrets` the keys, encrypted at rest and never
 * answered by any call.
 */
export const payMethods = pgTable(
  'pay_methods',
  {
    eid: integer('eid')
      .notNull()
      .references(() => enterprises.eid, { onDelete: 'cascade' }),
    method: integer('method').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    mode: text('mode').notNull().default('dev'),
    merchant: jsonb('merchant').$type<Record<string, string>>().notNull().default({}),
    /** AES-256-GCM of the JSON of the channel's secrets (PaymentVault), or ''. */
    secrets: text('secrets').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eid, t.method] })],
);

/**
 * An order (decision 057): one learner buys one goods (1 a course, 2 a project, 3 a batch package)
 * at the price the server read when the order was made, in fen. Status: 1 待支付, 2 已支付,
 * 3 已取消, 4 已关闭 (timed out), 5 退款中, 6 已退款; only the transitions of `ORDER_TRANSITIONS`
 * happen, each by a conditional update. One open order per learner and goods.
 */
export const orders = pgTable(
  'orders',
  {
    ...tenantId(),
    orderNo: text('order_no').notNull(),
    accountId: integer('account_id').notNull(),
    goodsType: integer('goods_type').notNull(),
    goodsId: integer('goods_id').notNull(),
    goodsTitle: text('goods_title').notNull(),
    goodsCover: text('goods_cover').notNull().default(''),
    amountFen: integer('amount_fen').notNull(),
    status: integer('status').notNull().default(1),
    /** The method of the trade that paid it (or of the last one started). */
    payMethod: integer('pay_method'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When it was cancelled, closed or refunded. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    refundReason: text('refund_reason').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    uniqueIndex('orders_no_idx').on(t.eid, t.orderNo),
    check('orders_no_format', sql`${t.orderNo} ~ '^[A-Za-z0-9]{8,40}$'`),
    check('orders_amount_positive', sql`${t.amountFen} > 0`),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    /** One open order per learner and goods: a second `order/unified` answers the first. */
    uniqueIndex('orders_open_goods_idx')
      .on(t.eid, t.accountId, t.goodsType, t.goodsId)
      .where(sql`${t.status} = 1`),
    index('orders_learner_idx').on(t.eid, t.accountId, t.createdAt.desc(), t.id.desc()),
    index('orders_recent_idx').on(t.eid, t.createdAt.desc(), t.id.desc()),
    /** The timeout sweep's unpaid orders, oldest deadline first. */
    index('orders_open_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 1`),
  ],
);

/**
 * One attempt to pay an order (trade/record): its own out-trade number, the method, and what the
 * channel said. Status: 1 waiting, 2 paid, 3 closed (another trade paid the order, or it ended),
 * 4 waiting for an administrator (a bank transfer's receipt uploaded, a manual payment).
 */
export const trades = pgTable(
  'trades',
  {
    ...tenantId(),
    orderId: integer('order_id').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    method: integer('method').notNull(),
    amountFen: integer('amount_fen').notNull(),
    status: integer('status').notNull().default(1),
    channelTradeNo: text('channel_trade_no').notNull().default(''),
    /** A bank transfer's receipt (an upload key), and the payer's note. */
    receiptKey: text('receipt_key').notNull().default(''),
    note: text('note').notNull().default(''),
    /** Who confirmed a bank transfer or manual payment. */
    confirmedBy: integer('confirmed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    uniqueIndex('trades_no_idx').on(t.eid, t.outTradeNo),
    check('trades_no_format', sql`${t.outTradeNo} ~ '^[A-Za-z0-9]{8,40}$'`),
    foreignKey({ columns: [t.eid, t.orderId], foreignColumns: [orders.eid, orders.id] }).onDelete('cascade'),
    index('trades_order_idx').on(t.eid, t.orderId, t.id),
  ],
);

/**
 * Every payment notification that reached us, handled or refused (DESIGN.md section 9: an amount
 * or a merchant that does not match is refused and logged): what it named and what became of it.
 */
export const paymentNotices = pgTable(
  'payment_notices',
  {
    ...tenantId(),
    method: integer('method').notNull(),
    outTradeNo: text('out_trade_no').notNull().default(''),
    /** applied, replayed, ignored, refused: … (the reason). */
    outcome: text('outcome').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eid, t.id] }), index('payment_notices_trade_idx').on(t.eid, t.outTradeNo, t.id)],
);

/** A refund of a paid order: requested by an administrator, done through the order's channel. */
export const refunds = pgTable(
  'refunds',
  {
    ...tenantId(),
    orderId: integer('order_id').notNull(),
    outRefundNo: text('out_refund_no').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** 1 processing, 2 refunded, 3 failed. */
    status: integer('status').notNull().default(1),
    reason: text('reason').notNull().default(''),
    requestedBy: integer('requested_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    uniqueIndex('refunds_no_idx').on(t.eid, t.outRefundNo),
    /** One refund under way or done per order. */
    uniqueIndex('refunds_order_idx')
      .on(t.eid, t.orderId)
      .where(sql`${t.status} <> 3`),
    foreignKey({ columns: [t.eid, t.orderId], foreignColumns: [orders.eid, orders.id] }).onDelete('cascade'),
  ],
);

/**
 * The invoice (fapiao) asked for an order (account-area.md section 3): title type 1 personal,
 * 2 unit, 3 none; kind 1 VAT ordinary, 2 VAT special; status 1 not invoiced, 2 pending,
 * 3 invoiced, 4 pending red-reversal, 5 red-reversed, 6 voided (`INVOICE_TRANSITIONS`).
 */
export const invoices = pgTable(
  'invoices',
  {
    ...tenantId(),
    orderId: integer('order_id').notNull(),
    accountId: integer('account_id').notNull(),
    titleType: integer('title_type').notNull(),
    title: text('title').notNull().default(''),
    taxNo: text('tax_no').notNull().default(''),
    kind: integer('kind').notNull().default(1),
    mode: integer('mode').notNull().default(1),
    bankName: text('bank_name').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    amountFen: integer('amount_fen').notNull(),
    status: integer('status').notNull().default(2),
    /** The provider that issues it (dev, nuonuo) and its serial for the request. */
    provider: text('provider').notNull().default(''),
    providerSerial: text('provider_serial').notNull().default(''),
    /** Requests that failed: the next request goes under a new number (decision 058). */
    attempts: integer('attempts').notNull().default(0),
    /** A run of the issue job holds the invoice until then (one request or query at a time). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    invoiceNo: text('invoice_no').notNull().default(''),
    /** The issued PDF (a storage key), downloaded by signed link. */
    pdfKey: text('pdf_key').notNull().default(''),
    failReason: text('fail_reason').notNull().default(''),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    uniqueIndex('invoices_order_idx').on(t.eid, t.orderId),
    foreignKey({ columns: [t.eid, t.orderId], foreignColumns: [orders.eid, orders.id] }).onDelete('cascade'),
    index('invoices_recent_idx').on(t.eid, t.requestedAt.desc(), t.id.desc()),
    /** A provider's push names the invoice by its serial number. */
    index('invoices_serial_idx')
      .on(t.eid, t.providerSerial)
      .where(sql`${t.status} = 2`),
  ],
);

/**
 * A batch package (decision 058): courses an organisation buys once for several people, found by
 * its number. Sold as goods type 3 at `priceFen` for all its seats; once paid (`boughtBy`), people
 * of the site join it by its number, one seat each, and its courses are open to them until
 * `validUntil`. A refund of the paying order ends it for everyone (`boughtBy` null again).
 */
export const batchPackages = pgTable(
  'batch_packages',
  {
    ...tenantId(),
    /** 12 digits, random: the number people are given to find it. */
    code: text('code').notNull(),
    title: text('title').notNull(),
    /** Who it is for (a client organisation's name), shown on the lookup page. */
    organisation: text('organisation').notNull().default(''),
    intro: text('intro').notNull().default(''),
    priceFen: integer('price_fen').notNull(),
    seats: integer('seats').notNull(),
    seatsTaken: integer('seats_taken').notNull().default(0),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    published: boolean('published').notNull().default(true),
    boughtBy: integer('bought_by'),
    orderId: integer('order_id'),
    boughtAt: timestamp('bought_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    uniqueIndex('batch_packages_code_idx').on(t.eid, t.code),
    check('batch_packages_code_format', sql`${t.code} ~ '^[0-9]{12}$'`),
    check('batch_packages_price_positive', sql`${t.priceFen} > 0`),
    check('batch_packages_seats', sql`${t.seats} >= 1 AND ${t.seatsTaken} >= 0 AND ${t.seatsTaken} <= ${t.seats}`),
    index('batch_packages_recent_idx').on(t.eid, t.createdAt.desc(), t.id.desc()),
  ],
);

/** The courses of a batch package, in order. */
export const batchPackageCourses = pgTable(
  'batch_package_courses',
  {
    eid: integer('eid').notNull(),
    packageId: integer('package_id').notNull(),
    courseId: integer('course_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.packageId, t.courseId] }),
    foreignKey({ columns: [t.eid, t.packageId], foreignColumns: [batchPackages.eid, batchPackages.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.eid, t.courseId], foreignColumns: [courses.eid, courses.id] }).onDelete('cascade'),
    index('batch_package_courses_course_idx').on(t.eid, t.courseId),
  ],
);

/** Who holds a seat of a bought batch package (the buyer first). */
export const batchPackageMembers = pgTable(
  'batch_package_members',
  {
    eid: integer('eid').notNull(),
    packageId: integer('package_id').notNull(),
    accountId: integer('account_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.packageId, t.accountId] }),
    foreignKey({ columns: [t.eid, t.packageId], foreignColumns: [batchPackages.eid, batchPackages.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('batch_package_members_account_idx').on(t.eid, t.accountId),
  ],
);

/**
 * Talent-pool records (issue 24, decision 059): one per person and enterprise. The type, source
 * and classification are columns (the back office filters by them); the other fields of the six
 * sections are `details`, checked by the contract's schema when saved. Name, phone and staff
 * number are the profile's and are not stored here.
 */
export const talentRecords = pgTable(
  'talent_records',
  {
    ...tenantId(),
    accountId: integer('account_id').notNull(),
    talentType: integer('talent_type').notNull().default(1),
    talentSource: integer('talent_source').notNull().default(1),
    talentClassification: integer('talent_classification'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    savedSections: integer('saved_sections')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    uniqueIndex('talent_records_account_idx').on(t.eid, t.accountId),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('talent_records_type_idx').on(t.eid, t.talentType, t.talentClassification),
  ],
);

/**
 * Live rooms (issue 24, decision 060): a live lesson is a course period of type 4 with one room.
 * The room's state follows the database's clock from its schedule (预告 before `startsAt`, 直播中
 * until `endsAt`, then 回放 with a recording or 已结束); a `looped` room (the demo channel)
 * repeats its schedule's length from `startsAt` and is always live. Provider: 1 the portal's own
 * HLS channel (from `channelMaterialId`'s segments), 2 a self-hosted RTMP ingest (the enterprise's
 * media server, `streamKey`), 3 Aliyun live, 4 Tencent live.
 */
export const liveRooms = pgTable(
  'live_rooms',
  {
    ...tenantId(),
    courseId: integer('course_id').notNull(),
    periodId: integer('period_id').notNull(),
    lecturerId: integer('lecturer_id'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    looped: boolean('looped').notNull().default(false),
    provider: integer('provider').notNull().default(1),
    /** Provider 1: the HLS material whose segments the channel publishes live. */
    channelMaterialId: integer('channel_material_id'),
    /** Providers 2–4: the stream's name on the media server or provider (random, never guessable). */
    streamKey: text('stream_key').notNull().default(''),
    /** The recording played once the room has ended (a video material), null when none. */
    recordingMaterialId: integer('recording_material_id'),
    /** Watching the recording counts towards attendance. */
    playbackCounts: boolean('playback_counts').notNull().default(true),
    /** Share of the scheduled time to attend (1–100); null: the enterprise's setting. */
    attendancePercent: integer('attendance_percent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    uniqueIndex('live_rooms_period_idx').on(t.eid, t.periodId),
    foreignKey({ columns: [t.eid, t.courseId], foreignColumns: [courses.eid, courses.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.eid, t.periodId], foreignColumns: [coursePeriods.eid, coursePeriods.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.eid, t.lecturerId], foreignColumns: [lecturers.eid, lecturers.id] }).onDelete('set null'),
    foreignKey({
      columns: [t.eid, t.channelMaterialId],
      foreignColumns: [resourceMaterials.eid, resourceMaterials.id],
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.eid, t.recordingMaterialId],
      foreignColumns: [resourceMaterials.eid, resourceMaterials.id],
    }).onDelete('restrict'),
    index('live_rooms_schedule_idx').on(t.eid, t.startsAt),
  ],
);

/**
 * A learner's attendance of a room, kept by the server's clock: time credited live and by the
 * recording (never more than the time between two reports, so never more than the wall time),
 * joins and leaves, and when the attendance completed the room's period (once).
 */
export const liveAttendance = pgTable(
  'live_attendance',
  {
    eid: integer('eid').notNull(),
    roomId: integer('room_id').notNull(),
    accountId: integer('account_id').notNull(),
    liveMs: integer('live_ms').notNull().default(0),
    playbackMs: integer('playback_ms').notNull().default(0),
    joins: integer('joins').notNull().default(0),
    firstJoinedAt: timestamp('first_joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastJoinedAt: timestamp('last_joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastLeftAt: timestamp('last_left_at', { withTimezone: true }),
    /** The last report while watching live / the recording; null when not watching. */
    liveBeatAt: timestamp('live_beat_at', { withTimezone: true }),
    playbackBeatAt: timestamp('playback_beat_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.roomId, t.accountId] }),
    foreignKey({ columns: [t.eid, t.roomId], foreignColumns: [liveRooms.eid, liveRooms.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('live_attendance_account_idx').on(t.eid, t.accountId),
  ],
);

/**
 * An enterprise's live settings: the attendance share rooms require by default, and its providers
 * (what may be shown in `providers`; keys AES-256-GCM in `secrets`, never answered by any call).
 */
export const liveSettings = pgTable('live_settings', {
  eid: integer('eid')
    .primaryKey()
    .references(() => enterprises.eid, { onDelete: 'cascade' }),
  attendancePercent: integer('attendance_percent').notNull().default(80),
  providers: jsonb('providers').$type<Record<string, string>>().notNull().default({}),
  secrets: text('secrets').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- The AI study assistant (issue 24 items 3 and 4, decision 061) ----

/**
 * A text-search vector whose lexemes the server wrote (Chinese segmented with Intl.Segmenter, the
 * rest lower-cased words): stored and queried as written, never through a text-search
 * configuration, so no locale or dictionary of the database changes what matches.
 */
const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });

/**
 * An enterprise's assistant: open to learners or not, its OpenAI-compatible service (the address;
 * the key AES-256-GCM with the platform's vault, never answered by any call), the questions an
 * account may ask a China day, and its search index's state (the version of the last full build,
 * 0 when a rebuild is asked for). No row: open, no service, the default limit, never indexed.
 */
export const assistantSettings = pgTable('assistant_settings', {
  eid: integer('eid')
    .primaryKey()
    .references(() => enterprises.eid, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  baseUrl: text('base_url').notNull().default(''),
  apiKey: text('api_key').notNull().default(''),
  dailyLimit: integer('daily_limit').notNull().default(50),
  indexVersion: integer('index_version').notNull().default(0),
  indexedAt: timestamp('indexed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The language models an enterprise offers (by the service's name for them), in their order. */
export const aiModels = pgTable(
  'ai_models',
  {
    ...tenantId(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    maxTokens: integer('max_tokens').notNull().default(1024),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eid, t.id] }), uniqueIndex('ai_models_name_idx').on(t.eid, t.name)],
);

/** A learner's conversation with the assistant; `messageCount` its questions and answers stored. */
export const aiConversations = pgTable(
  'ai_conversations',
  {
    ...tenantId(),
    accountId: integer('account_id').notNull(),
    title: text('title').notNull(),
    messageCount: integer('message_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({
      columns: [t.eid, t.accountId],
      foreignColumns: [enterpriseUsers.eid, enterpriseUsers.accountId],
    }).onDelete('cascade'),
    index('ai_conversations_account_idx').on(t.eid, t.accountId, t.updatedAt.desc(), t.id.desc()),
  ],
);

/** A source of an answer as stored (the contract's AssistantSource). */
export interface AiMessageSource {
  index: number;
  kind: 'course' | 'period' | 'news';
  title: string;
  link: string;
  courseId: number | null;
  periodId: number | null;
  newsId: number | null;
  excerpt: string;
}

/**
 * A question (role user) or an answer (role assistant) of a conversation. An answer keeps its
 * sources, how it ended (done, stopped by the learner with what had come, failed with its error
 * code), who answered (a model's shown name, or the extractive answer) and its tokens (the
 * service's count, or an estimate).
 */
export const aiMessages = pgTable(
  'ai_messages',
  {
    ...tenantId(),
    conversationId: integer('conversation_id').notNull(),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    sources: jsonb('sources').$type<AiMessageSource[]>().notNull().default([]),
    status: text('status').$type<'done' | 'stopped' | 'failed'>().notNull().default('done'),
    errorCode: integer('error_code'),
    mode: text('mode').$type<'model' | 'extractive'>(),
    model: text('model').notNull().default(''),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    tokensEstimated: boolean('tokens_estimated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({
      columns: [t.eid, t.conversationId],
      foreignColumns: [aiConversations.eid, aiConversations.id],
    }).onDelete('cascade'),
    index('ai_messages_conversation_idx').on(t.eid, t.conversationId, t.id),
  ],
);

/**
 * Questions and tokens of an account on a China day: the daily limit counts `questions` (one
 * conditional upsert a question, so concurrent questions are counted exactly once each), the usage
 * page sums them. Kept when conversations are deleted and when the member leaves.
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    eid: integer('eid')
      .notNull()
      .references(() => enterprises.eid, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    questions: integer('questions').notNull().default(0),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eid, t.accountId, t.day] }), index('ai_usage_day_idx').on(t.eid, t.day)],
);

/**
 * The assistant's search index: passages of an enterprise's published courses (title, summary,
 * introduction), their periods (title, image-text content, a video's transcript; a priced course's
 * periods beyond its free trial by title only) and its published news, each with the page it
 * links to. Deleting the course, period or article deletes its passages with it; any other change
 * re-indexes the course or article (decision 061).
 */
export const searchPassages = pgTable(
  'search_passages',
  {
    ...tenantId(),
    kind: text('kind').$type<'course' | 'period' | 'news'>().notNull(),
    courseId: integer('course_id'),
    periodId: integer('period_id'),
    newsId: integer('news_id'),
    title: text('title').notNull(),
    link: text('link').notNull(),
    body: text('body').notNull(),
    tokens: tsvector('tokens').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eid, t.id] }),
    foreignKey({ columns: [t.eid, t.courseId], foreignColumns: [courses.eid, courses.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.eid, t.periodId], foreignColumns: [coursePeriods.eid, coursePeriods.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.eid, t.newsId], foreignColumns: [news.eid, news.id] }).onDelete('cascade'),
    // btree_gin (migration 0061): one index answers "this enterprise's passages with these words".
    index('search_passages_tokens_idx').using('gin', t.eid, t.tokens),
    index('search_passages_course_idx').on(t.eid, t.courseId),
    index('search_passages_news_idx').on(t.eid, t.newsId),
  ],
);
