import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import {
  GATEWAY_PREFIX,
  fillPath,
  PLATFORM_HEADER_VALUE,
  type CallDef,
  type CallRequest,
  type CallResponse,
  type Envelope,
} from '@portal/contract';
import { connectDatabase, type Database } from '@portal/db';
import { ensureDatabase } from '@portal/db/embedded';
import { loadConfig, type Config } from '../platform/config.ts';
import { buildApp } from '../platform/http.ts';
import type { PortalModule } from '../platform/module.ts';
import { createPlatform, type Platform } from '../platform/platform.ts';
import { createLearner, type Learner, type LearnerOptions, type SiteRef } from './factories.ts';

/**
 * Who makes a call: a learner (its session token and its site's domain), a visitor of a site
 * (`visitorOf(enterprise)`: the domain, no token), or any token and domain a test holds (e.g. one
 * a sign-in call answered).
 */
export interface Caller {
  domain?: string;
  token?: string;
}

export interface CallOptions {
  /** Default: a visitor of `localhost` (the domain tenancy's default site answers). */
  as?: Caller;
  /** The `lang` header (`en` for English answers); none by default (Chinese). */
  lang?: string;
  /** Extra headers, over the web client's; a header set to undefined is not sent. */
  headers?: Record<string, string | undefined>;
  /** Query parameters beside a body call's input (e.g. `?eid=` a test says the gateway ignores). */
  query?: Record<string, string>;
  /** The client's address (rate limits, the password lock); 127.0.0.1 by default. */
  remoteAddress?: string;
  /** An upload call's file: the body is multipart/form-data with this one file (the input goes in the query). */
  file?: UploadFile;
}

/** A file as a browser's form sends it (`field` is the form field's name). */
export interface UploadFile {
  field: string;
  filename: string;
  data: Buffer;
  /** Its declared content type (the server judges by the content itself). */
  type?: string;
}

/** A multipart/form-data body with one file, and its content-type header. */
export function multipartBody(file: UploadFile): { payload: Buffer; contentType: string } {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
    `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The answer of `t.call(…, { raw: true })`: the HTTP response and its parsed envelope. */
export interface CallResult<C extends CallDef> {
  status: number;
  headers: LightMyRequestResponse['headers'];
  body: Envelope<CallResponse<C>>;
  response: LightMyRequestResponse;
}

declare const uncheckedBrand: unique symbol;
/** Input deliberately outside a call's declared request type (for tests of bad input). */
export interface Unchecked {
  readonly [uncheckedBrand]: true;
}
/** Sends `input` as it is, past the type check: `t.call(def, unchecked({ id: 'x' }))`. */
export const unchecked = (input: object): Unchecked => input as unknown as Unchecked;

/** The fields a 400 answer names (its data), e.g. `invalidFields(res)[0].field`. */
export const invalidFields = (res: Envelope<unknown>): Array<{ field: string; message: string }> =>
  (res.data as { fields: Array<{ field: string; message: string }> }).fields;

/** A visitor (no session) of the site of `site` (an enterprise made by the factory, or a domain). */
export const visitorOf = (site: { domain: string } | string): Caller => ({
  domain: typeof site === 'string' ? site : site.domain,
});

export interface TestApp {
  app: FastifyInstance;
  platform: Platform;
  database: Database;
  /**
   * Makes one gateway call as the web client does: method, path and where the input goes (query
   * or body) come from the contract's declaration; the input is typed by it and the answer is its
   * envelope. `raw: true` answers the HTTP response too (status, headers).
   */
  call<C extends CallDef>(
    def: C,
    input?: CallRequest<C> | Unchecked,
    options?: CallOptions & { raw?: false },
  ): Promise<Envelope<CallResponse<C>>>;
  call<C extends CallDef>(
    def: C,
    input: CallRequest<C> | Unchecked,
    options: CallOptions & { raw: true },
  ): Promise<CallResult<C>>;
  /** A learner of `site`, signed in through the server's session store (factories.ts). */
  learner(site: SiteRef | null, options?: LearnerOptions): Promise<Learner>;
  close(): Promise<void>;
}

/** The query string of a call's input: every present value as text, arrays as repeated keys. */
function toQuery(input: object): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    query[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return query;
}

async function callGateway(
  app: FastifyInstance,
  def: CallDef,
  input: object | undefined,
  options: CallOptions & { raw?: boolean } = {},
): Promise<unknown> {
  const headers: Record<string, string> = {};
  const given: Record<string, string | undefined> = {
    domain: options.as?.domain ?? 'localhost',
    platform: PLATFORM_HEADER_VALUE,
    ...(options.as?.token ? { token: options.as.token } : {}),
    ...(options.lang ? { lang: options.lang } : {}),
    ...options.headers,
  };
  for (const [name, value] of Object.entries(given)) if (value !== undefined) headers[name] = value;
  const multipart = options.file ? multipartBody(options.file) : undefined;
  if (multipart) headers['content-type'] = multipart.contentType;
  // A path parameter (`{id}`) is filled from the input, as the web app's request does.
  const filled = fillPath(def.path, (input ?? {}) as Record<string, unknown>);
  input = filled.path === def.path ? input : (filled.rest as typeof input);
  const response = await app.inject({
    method: def.method,
    url: GATEWAY_PREFIX + filled.path,
    headers,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    // An upload's input, if any, goes in the query (its file is the body).
    ...(def.requestIn === 'query' || multipart
      ? { query: { ...toQuery(input ?? {}), ...options.query } }
      : { payload: input ?? {}, ...(options.query ? { query: options.query } : {}) }),
    ...(multipart ? { payload: multipart.payload } : {}),
  });
  const body = response.json() as unknown;
  return options.raw ? { status: response.statusCode, headers: response.headers, body, response } : body;
}

export interface TestAppOptions {
  /** Probe modules beside the app's. */
  extraModules?: readonly PortalModule[];
  /**
   * Start the background jobs (`platform.jobs`) on the file's database, as main.ts does, and stop
   * them with the app: exports and sweeps run for real. Off by default (a file that does not use
   * them does not start pg-boss).
   */
  jobs?: boolean;
}

/**
 * A gateway on a freshly migrated database of its own (a copy of the run's template), with the
 * given settings over the test defaults. Use one per test file.
 */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const adminUrl = inject('pgAdminUrl');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name, inject('pgTemplate'));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase(url.href, { max: 5 });
  const uploadDir = await mkdtemp(path.join(tmpdir(), 'portal-test-uploads-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO_DATA: 'false',
    // The dev SMS provider and third-party stand-ins, as in the demo (tests read the outbox).
    DEV_PROVIDERS: 'true',
    // One key for the run's test files (made by the first that needs it).
    PASSWORD_KEY_FILE: path.join(tmpdir(), 'portal-test-keys', 'password-key.pem'),
    ID_CARD_KEY_FILE: path.join(tmpdir(), 'portal-test-keys', 'id-card.key'),
    URL_SIGNING_KEY_FILE: path.join(tmpdir(), 'portal-test-keys', 'url-signing.key'),
    // Sessions looked up on every call: tests change them in the database and expect it at once
    // (session-cache.test.ts tests the cache).
    SESSION_CACHE_TTL_MS: '0',
    // Uploads in a folder of this test file's own (runs and files never share files).
    UPLOAD_DIR: uploadDir,
    MEDIA_UPLOAD_DIR: path.join(uploadDir, 'media-uploads'),
    ...env,
  });
  const platform = await createPlatform(config, database);
  const app = await buildApp(platform, { extraModules: options.extraModules });
  await app.ready();
  // The caches forget everything when the change listener starts listening (a gap): a test's first
  // cached answer would be dropped if that came later, under load, in the middle of the test.
  await platform.database.changes.whenListening();
  if (options.jobs) await platform.jobs.start();
  return {
    app,
    platform,
    database,
    call: ((def: CallDef, input?: object, options?: CallOptions & { raw?: boolean }) =>
      callGateway(app, def, input, options)) as TestApp['call'],
    learner: (site, options) => createLearner(database.db, platform.sessions, site, options),
    close: async () => {
      await app.close();
      await platform.jobs.stop(2000);
      await database.close();
      const admin = connectDatabase(adminUrl, { max: 1 });
      await admin.pool.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.close();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}

/** Gateway headers of the web client. */
export const clientHeaders = (domain = 'localhost', extra: Record<string, string> = {}) => ({
  domain,
  platform: 'WEB-CLIENT',
  ...extra,
});

/** A secret (password, ID number) encrypted for the app's password key, as the browser sends it. */
export function encryptFor(t: TestApp, plain: string): string {
  return publicEncrypt(
    { key: t.platform.cipher.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(plain),
  ).toString('base64');
}

/** A fresh image captcha and its answer, as the sign-in and code calls take them. */
export async function captchaFor(t: TestApp): Promise<{ imageCodeToken: string; imageCode: string }> {
  const { token, text } = await t.platform.captchas.create();
  return { imageCodeToken: token, imageCode: text };
}
