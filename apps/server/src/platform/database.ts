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
 */
export async function startDatabase(config: Config, log: (msg: string) => void): Promise<DatabaseRuntime> {
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
    });
    url = embedded.url;
  }
  let stopping = false;
  const database = connectDatabase(url, {
    max: 20,
    onIdleError: (err) => {
      if (!stopping) log(`database connection lost (it will be replaced): ${err.message}`);
    },
  });
  try {
    const version = await database.pool.query<{ server_version_num: string }>('SHOW server_version_num');
    if (Number(version.rows[0]?.server_version_num) < 150000) {
      throw new Error('PostgreSQL 15 or newer is required.');
    }
    await migrateDatabase(database.db as never);
    // Demo export files go to the private storage the server serves them from.
    const files = new LocalStorage(uploadDir(config));
    const seeded = config.SEED_DEMO_DATA ? (await seedDemoData(database.db, { files })).created : [];
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
    await database.close().catch(() => {});
    if (embedded) await embedded.stop().catch(() => {});
    throw err;
  }
}
