import { pino } from 'pino';
import type { Database, Db } from '@portal/db';
import { SmsCodes } from './sms-codes.ts';
import { SiteRepository, SiteService } from '../modules/site/index.ts';
import { withAfterCommit } from './after-commit.ts';
import { LearningEvents } from './learning-events.ts';
import { AuditLog } from './audit.ts';
import { SiteChanges } from './site-changes.ts';
import { CaptchaStore } from './captcha.ts';
import { idCardKeyFile, passwordKeyFile, uploadDir, urlSigningKeyFile, type Config } from './config.ts';
import { Exports } from './exports.ts';
import { IdCardVault } from './id-card-vault.ts';
import { Jobs } from './jobs.ts';
import { PasswordCipher } from './password-cipher.ts';
import { AliyunSmsProvider, DevSmsProvider, type SmsProvider } from './providers/sms.ts';
import { thirdPartyProvidersOf, type ThirdPartyKind, type ThirdPartyProvider } from './providers/third-party.ts';
import { SessionStore } from './session.ts';
import { LocalStorage, UrlSigner, type FileStorage } from './storage.ts';
import { Tenancy } from './tenancy.ts';

/**
 * The shared parts every module builds its services from: settings, the database, tenancy and
 * sessions, the site's settings, keys, captchas, SMS, audit, file storage, the providers, background
 * jobs and exports.
 * Built once at start (`createPlatform`); a module never builds these itself.
 */
export interface Platform {
  config: Config;
  database: Database;
  /**
   * Tenant work: the app's role, held by row-level security to the enterprise of the request
   * (the gateway's tenant scope) or of `withTenant(eid, …)`; outside both it sees no tenant's rows.
   * Its transactions run the hooks `afterCommit` registers once they commit (after-commit.ts).
   */
  db: Db;
  /**
   * The tables' owner, which row-level security does not bind: only for work that is not one
   * tenant's (session, domain and captcha look-ups, a person's memberships across enterprises).
   */
  systemDb: Db;
  tenancy: Tenancy;
  sessions: SessionStore;
  /** The enterprise's website settings, navigation, zones and banners (cached). */
  site: SiteService;
  cipher: PasswordCipher;
  vault: IdCardVault;
  captchas: CaptchaStore;
  sms: SmsProvider;
  smsCodes: SmsCodes;
  audit: AuditLog;
  storage: FileStorage;
  signer: UrlSigner;
  thirdPartyProviders: Map<ThirdPartyKind, ThirdPartyProvider>;
  /**
   * Background jobs (pg-boss on the same database, decision 027): modules register handlers while
   * they are built; main.ts starts them after the app listens and stops them before the database.
   */
  jobs: Jobs;
  /** XLSX exports made by a background job, recorded as the learner's export records. */
  exports: Exports;
  /**
   * What learners finished, announced after the commit that recorded it (`afterCommit(tx, (e) =>
   * e.learned(…))`) to the modules that listen (decision 033).
   */
  learningEvents: LearningEvents;
  /**
   * Holders of what visitors are served from memory (cached site answers and pages) subscribe
   * here; a committed change of site content makes them forget it (site-changes.ts).
   */
  siteChanges: SiteChanges;
  /** The per-address limit of sign-in, code and writing calls (SIGN_IN_PER_IP_PER_MINUTE). */
  perMinute: number;
  /**
   * A service several modules use (the account service, uploads), built once per platform by the
   * given builder: `accountServiceOf = (p) => p.shared(buildAccountService)`.
   */
  shared<T>(build: (platform: Platform) => T): T;
}

export async function createPlatform(config: Config, database: Database): Promise<Platform> {
  const systemDb = database.db;
  const sessions = new SessionStore(systemDb, database.pool, config.SESSION_CACHE_TTL_MS);
  // Tenant transactions run their after-commit work (after-commit.ts): what earning changes, the
  // cached user info of the learner, is forgotten once it is committed, by whoever earns.
  const siteChanges = new SiteChanges();
  const learningEvents = new LearningEvents(pino({ level: config.LOG_LEVEL, name: 'learning-events' }));
  const db = withAfterCommit(database.tenantDb, {
    forgetAccount: (accountId) => sessions.forgetAccount(accountId),
    learned: (event) => learningEvents.announce(event),
    siteChanged: () => siteChanges.changed(),
  });
  const tenancy = new Tenancy(systemDb, config);
  // The dev provider's messages are log lines of their own (a newcomer reads the codes there).
  const sms: SmsProvider =
    config.SMS_PROVIDER === 'aliyun'
      ? new AliyunSmsProvider({
          accessKeyId: config.ALIYUN_ACCESS_KEY_ID!,
          accessKeySecret: config.ALIYUN_ACCESS_KEY_SECRET!,
          signName: config.ALIYUN_SMS_SIGN_NAME!,
          templateCode: config.ALIYUN_SMS_TEMPLATE_CODE!,
        })
      : new DevSmsProvider(systemDb, pino({ level: config.LOG_LEVEL, name: 'sms' }));
  const storage = new LocalStorage(uploadDir(config));
  const jobsLog = pino({ level: config.LOG_LEVEL, name: 'jobs' });
  const jobs = new Jobs(database.pool, jobsLog);
  const built = new Map<unknown, unknown>();
  const platform: Platform = {
    config,
    database,
    db,
    systemDb,
    tenancy,
    sessions,
    site: new SiteService(new SiteRepository(db), tenancy, config.SITE_CACHE_TTL_MS),
    cipher: await PasswordCipher.load(passwordKeyFile(config)),
    vault: await IdCardVault.load(idCardKeyFile(config)),
    captchas: new CaptchaStore(systemDb),
    sms,
    smsCodes: new SmsCodes(systemDb, sms),
    audit: new AuditLog(systemDb),
    storage,
    signer: await UrlSigner.load(urlSigningKeyFile(config)),
    thirdPartyProviders: thirdPartyProvidersOf(config),
    jobs,
    exports: new Exports({ jobs, pool: database.pool, storage, log: jobsLog }),
    learningEvents,
    siteChanges,
    perMinute: config.SIGN_IN_PER_IP_PER_MINUTE,
    shared<T>(build: (p: Platform) => T): T {
      if (!built.has(build)) built.set(build, build(platform));
      return built.get(build) as T;
    },
  };
  return platform;
}

export type { Db };
