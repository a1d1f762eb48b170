import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { connectDatabase, type Database } from '@portal/db';
import { ensureDatabase } from '@portal/db/embedded';
import { loadConfig, type Config } from '../platform/config.ts';
import { buildApp } from '../platform/http.ts';
import type { PortalModule } from '../platform/module.ts';
import { createPlatform, type Platform } from '../platform/platform.ts';

export interface TestApp {
  app: FastifyInstance;
  platform: Platform;
  database: Database;
  close(): Promise<void>;
}

/**
 * A gateway on a freshly migrated database of its own (a copy of the run's template), with the
 * given settings over the test defaults. Use one per test file.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { extraModules?: readonly PortalModule[] } = {},
): Promise<TestApp> {
  const adminUrl = inject('pgAdminUrl');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name, inject('pgTemplate'));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase(url.href, { max: 5 });
  const uploadDir = await mkdtemp(path.join(tmpdir(), 'portal-test-uploads-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
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
    ...env,
  });
  const platform = await createPlatform(config, database);
  const app = await buildApp(platform, options);
  await app.ready();
  return {
    app,
    platform,
    database,
    close: async () => {
      await app.close();
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
