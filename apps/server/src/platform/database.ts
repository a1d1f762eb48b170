import path from 'node:path';
import {
  connectDatabase,
  migrateDatabase,
  seedDemoData,
  startEmbeddedPostgres,
  type Database,
  type EmbeddedPostgresHandle,
} from '@portal/db';
import { uploadDir, type Config } from './config.ts';
import { LocalStorage } from './storage.ts';

export interface DatabaseRuntime {
  database: Database;
  embedded: EmbeddedPostgresHandle | null;
  seeded: number[];
  stop(): Promise<void>;
}

/**
 * The database: an external PostgreSQL when DATABASE_URL is set, else the embedded one with its
 * data in DATA_DIR/postgres. Migrations run at every start; demo data is seeded once.
 *
 * The embedded server is supervised (decision 024): when it stops unexpectedly it is started
 * again on the same data (the pools reconnect by themselves); when that fails, `onLost` is told,
 * and the process should exit so that whatever supervises it starts everything again. Queries of
 * the serving pools are bounded (DB_STATEMENT_TIMEOUT_MS, DB_CONNECT_TIMEOUT_MS), so a frozen
 * database fails calls promptly; migrations and the seed run on a connection of their own
 * without those bounds.
 */
export async function startDatabase(
  config: Config,
  log: (msg: string) => void,
  options: { onLost?: (err: Error) => void } = {},
): Promise<DatabaseRuntime> {
  let embedded: EmbeddedPostgresHandle | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    const dataDir = path.resolve(config.DATA_DIR, 'postgres');
    log(`Starting the embedded PostgreSQL (data in ${dataDir}, port ${config.EMBEDDED_PG_PORT})…`);
    embedded = await startEmbeddedPostgres({
      dataDir,
      port: config.EMBEDDED_PG_PORT,
      database: 'portal',
      log: (line) => {
        if (/FATAL|PANIC|ERROR/.test(line)) log(`postgres: ${line}`);
      },
      supervise: {
        onEvent: (line) => log(line),
        onGiveUp: (err) => options.onLost?.(err),
      },
    });
    url = embedded.url;
  }
  let stopping = false;
  const database = connectDatabase(url, {
    max: 20,
    timeouts: { statementMs: config.DB_STATEMENT_TIMEOUT_MS, connectMs: config.DB_CONNECT_TIMEOUT_MS },
    onIdleError: (err) => {
      if (!stopping) log(`database connection lost (it will be replaced): ${err.message}`);
    },
  });
  // Migrations and the seed may take longer than a call's statement: a connection of their own.
  const setup = connectDatabase(url, { max: 2 });
  try {
    const version = await setup.pool.query<{ server_version_num: string }>('SHOW server_version_num');
    if (Number(version.rows[0]?.server_version_num) < 150000) {
      throw new Error('PostgreSQL 15 or newer is required.');
    }
    await migrateDatabase(setup.db as never);
    // Demo export files go to the private storage the server serves them from.
    const files = new LocalStorage(uploadDir(config));
    const seeded = config.SEED_DEMO_DATA ? (await seedDemoData(setup.db, { files })).created : [];
    await setup.close();
    return {
      database,
      embedded,
      seeded,
      stop: async () => {
        stopping = true;
        await database.close();
        if (embedded) await embedded.stop();
      },
    };
  } catch (err) {
    await setup.close().catch(() => {});
    await database.close().catch(() => {});
    if (embedded) await embedded.stop().catch(() => {});
    throw err;
  }
}
