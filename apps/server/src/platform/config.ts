import { z } from 'zod';
import { EXAM_SWEEP_EVERY_SECONDS, tenantCodes, type TenantCode } from '@portal/contract';

/**
 * The server's settings: one zod schema, parsed once at start. Nothing else reads process.env.
 * Every setting is listed in the README with its default and meaning.
 */
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const tenantCodeMap = z.string().transform((raw, ctx) => {
  const map = new Map<number, TenantCode>();
  for (const part of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [code, ids] = part.split('=');
    if (!code || !ids || !(tenantCodes as readonly string[]).includes(code)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${part}" is not CODE=eid[|eid...] with CODE one of ${tenantCodes.join(', ')}`,
      });
      return z.NEVER;
    }
    for (const id of ids.split('|')) {
      const eid = Number(id);
      if (!Number.isInteger(eid) || eid <= 0) {
        ctx.addIssue({ code: 'custom', message: `"${id}" in "${part}" is not an enterprise id` });
        return z.NEVER;
      }
      if (map.has(eid)) {
        ctx.addIssue({ code: 'custom', message: `enterprise ${eid} is given two codes (${map.get(eid)} and ${code})` });
        return z.NEVER;
      }
      map.set(eid, code as TenantCode);
    }
  }
  return map;
});

export const configSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  SEED_DEMO_DATA: bool.default(true),
  TENANT_CODES: tenantCodeMap.default(new Map()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Gateway calls one client address may make a minute without a session (visitors, sign-in);
   * also, on a budget of their own, the payment channels' and Nuonuo's notifications per address.
   */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /** Gateway calls one signed-in account may make a minute, from any address (decision 022). */
  RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  SITE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * How long a process keeps what a session token's look-up found (0: ask the database every
   * call). Sessions this process ends are forgotten at once; other processes see it within this.
   */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /**
   * How often the exam sweep looks for attempts whose browser is gone past their deadline (plus
   * EXAM_SWEEP_GRACE_SECONDS) and submits them (decision 029). Its first look is this long after a start.
   */
  EXAM_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(EXAM_SWEEP_EVERY_SECONDS),
  /** How often expired captchas, sessions, SMS codes and unused uploads are removed. */
  HOUSEKEEPING_INTERVAL_MS: z.coerce.number().int().min(1000).default(600_000),
  /** Visitors' pages (no session) are kept this long once rendered; 0 renders every request. */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(10_000),
  TRUST_PROXY: bool.default(false),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** A statement running longer is cancelled; a database that answers nothing fails calls after it (+1 s). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** Waiting longer for a database connection (from the pool or a new one) fails the call. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(3_000),
  /** Private key passwords and ID numbers are encrypted for (PEM, PKCS#8); made on first start. */
  PASSWORD_KEY_FILE: z.string().optional(),
  /** Keys ID numbers are encrypted and hashed with (64 random bytes, base64); made on first start. */
  ID_CARD_KEY_FILE: z.string().optional(),
  /** Uploaded files (avatars, one-inch photos); a folder of its own under DATA_DIR by default. */
  UPLOAD_DIR: z.string().optional(),
  /** Secret of the short-lived links to private files (32 random bytes, base64); made on first start. */
  URL_SIGNING_KEY_FILE: z.string().optional(),
  /**
   * Offline stand-ins for outside services: the dev SMS provider (codes readable through its outbox
   * call) and the third-party sign-in stand-in pages. Anyone can read codes and sign in as a
   * stand-in user with them: on for the demo (default when SEED_DEMO_DATA is on), never for real use.
   */
  DEV_PROVIDERS: bool.default(false),
  /** Where text messages go: `dev` keeps them in the log and the dev outbox (DESIGN.md section 5). */
  SMS_PROVIDER: z.enum(['dev', 'aliyun']).default('dev'),
  /** Alibaba Cloud SMS (SMS_PROVIDER=aliyun): access key, signature name, template with ${code}. */
  ALIYUN_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  /** Third-party sign-in applications; a provider without its credentials uses the offline dev one. */
  DINGTALK_CLIENT_ID: z.string().optional(),
  DINGTALK_CLIENT_SECRET: z.string().optional(),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECOM_CORP_ID: z.string().optional(),
  WECOM_AGENT_ID: z.string().optional(),
  WECOM_SECRET: z.string().optional(),
  /** Failed password sign-ins in a row that lock the account, and for how long. */
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  SIGN_IN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Sign-in and code requests one client address may make per minute (writing calls: per account when signed in). */
  SIGN_IN_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * S3-compatible storage (decision 041): with S3_BUCKET set, uploaded files, resumable uploads and
   * transcoded videos go to this bucket instead of the local UPLOAD_DIR (the default).
   */
  S3_BUCKET: z.string().optional(),
  /** The service's URL (MinIO, OSS, COS…); AWS's own when unset. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `bucket` in the path rather than the host name (MinIO and most self-hosted services). */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Unfinished resumable uploads (the local tus store); a folder under DATA_DIR by default. */
  MEDIA_UPLOAD_DIR: z.string().optional(),
  /** FFmpeg threads per transcoding (it runs at low priority beside the learners' calls). */
  MEDIA_FFMPEG_THREADS: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * The demo lecture's length in seconds (decision 041). The browser tests make it short: none of
   * them plays it, and a minute of 720p was a minute of both cores in their run.
   */
  MEDIA_DEMO_LECTURE_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  /**
   * The study assistant's language-model services (decision 061): how long a service may take to
   * answer a request at all, and to finish an answer.
   */
  AI_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  AI_ANSWER_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /**
   * Whether an enterprise's service address may be this machine or an internal network (a
   * self-hosted Ollama or vLLM). Off, an administrator cannot make the portal call into the network
   * it runs in. Default: as DEV_PROVIDERS.
   */
  AI_ALLOW_PRIVATE_HOSTS: bool.default(false),
  /** Adds /__bench/antd, the bare antd page bench/ssr-home.ts compares /home with. */
  BENCH_ROUTES: bool.default(false),
});

export type Config = z.infer<typeof configSchema>;

const ALIYUN_SETTINGS = [
  'ALIYUN_ACCESS_KEY_ID',
  'ALIYUN_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_CODE',
] as const;

/** Default tenant-code mapping: the demo enterprises of the seed (packages/db/src/seed.ts). */
export const DEMO_TENANT_CODES = 'SFJ=1002,medicalInsurance=1003|1004,publicTraining=1005';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input = { ...env };
  // The demo mapping only makes sense where the demo enterprises are seeded.
  const seeding = !['false', '0'].includes(String(input.SEED_DEMO_DATA ?? 'true'));
  if (input.TENANT_CODES === undefined) input.TENANT_CODES = seeding ? DEMO_TENANT_CODES : '';
  if (input.DEV_PROVIDERS === undefined) input.DEV_PROVIDERS = seeding ? 'true' : 'false';
  if (input.AI_ALLOW_PRIVATE_HOSTS === undefined) input.AI_ALLOW_PRIVATE_HOSTS = input.DEV_PROVIDERS;
  const parsed = configSchema
    .superRefine((c, ctx) => {
      if (c.SMS_PROVIDER === 'dev' && !c.DEV_PROVIDERS) {
        ctx.addIssue({
          code: 'custom',
          path: ['SMS_PROVIDER'],
          message:
            'the dev SMS provider makes codes readable by anyone: set SMS_PROVIDER=aliyun, or DEV_PROVIDERS=true for a demo',
        });
      }
      if (c.S3_BUCKET && !(c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY)) {
        ctx.addIssue({
          code: 'custom',
          path: ['S3_ACCESS_KEY_ID'],
          message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed with S3_BUCKET',
        });
      }
      if (c.SMS_PROVIDER !== 'aliyun') return;
      for (const key of ALIYUN_SETTINGS) {
        if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'needed with SMS_PROVIDER=aliyun' });
      }
    })
    .safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Bad settings, the server cannot start:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Unfinished resumable uploads of the local tus store. */
export function mediaUploadDir(config: Pick<Config, 'MEDIA_UPLOAD_DIR' | 'DATA_DIR'>): string {
  return config.MEDIA_UPLOAD_DIR ?? `${config.DATA_DIR}/media-uploads`;
}

export function uploadDir(config: Pick<Config, 'UPLOAD_DIR' | 'DATA_DIR'>): string {
  return config.UPLOAD_DIR ?? `${config.DATA_DIR}/uploads`;
}

export function urlSigningKeyFile(config: Pick<Config, 'URL_SIGNING_KEY_FILE' | 'DATA_DIR'>): string {
  return config.URL_SIGNING_KEY_FILE ?? `${config.DATA_DIR}/keys/url-signing.key`;
}

/** The key file of the ID-number vault: ID_CARD_KEY_FILE, else under DATA_DIR. */
export function idCardKeyFile(config: Pick<Config, 'ID_CARD_KEY_FILE' | 'DATA_DIR'>): string {
  return config.ID_CARD_KEY_FILE ?? `${config.DATA_DIR}/keys/id-card.key`;
}

/** The private key file of the password cipher: PASSWORD_KEY_FILE, else under DATA_DIR. */
export function passwordKeyFile(config: Pick<Config, 'PASSWORD_KEY_FILE' | 'DATA_DIR'>): string {
  return config.PASSWORD_KEY_FILE ?? `${config.DATA_DIR}/keys/password-key.pem`;
}
