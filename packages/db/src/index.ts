import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export * as schema from './schema.ts';
export { migrateDatabase, MIGRATIONS_FOLDER } from './migrate.ts';
export { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './embedded.ts';
export { seedDemoData, DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TENANTS } from './seed.ts';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function connectDatabase(
  url: string,
  options: { max?: number; onIdleError?: (err: Error) => void } = {},
): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle connection the server ends (restart, shutdown) must not bring the process down; the
  // pool replaces it on the next query.
  pool.on('error', (err) => options.onIdleError?.(err));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}
