import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase, migrateDatabase, startEmbeddedPostgres } from '@portal/db';
import { ensureDatabase } from '@portal/db/embedded';
import { freePort } from '../../../../scripts/test-support.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/**
 * One real PostgreSQL for the whole run: DATABASE_URL when set, else an embedded server in a
 * temporary folder. A template database is migrated once; each test file copies it.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!adminUrl) {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-test-pg-'));
    // The embedded server runs as the postgres user when we are root: it must reach the folder.
    await chmod(dir, 0o755);
    const pg = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'data'),
      port: await freePort(),
      database: 'postgres',
      // Throwaway data: nothing here has to survive a crash, so PostgreSQL need not wait for the
      // disk (each test file's CREATE DATABASE and every commit did).
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    });
    adminUrl = pg.adminUrl;
    stop = async () => {
      await pg.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const template = `portal_tmpl_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(adminUrl, template);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const db = connectDatabase(url.href, { max: 1 });
  await migrateDatabase(db.db as never);
  await db.close();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  return async () => {
    const admin = connectDatabase(adminUrl, { max: 1 });
    await admin.pool.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`).catch(() => {});
    await admin.close();
    await stop();
  };
}
