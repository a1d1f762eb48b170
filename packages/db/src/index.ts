import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';
import { TenantPool } from './tenancy.ts';
import { DatabaseChanges } from './changes.ts';

export * as schema from './schema.ts';
export type { AttemptQuestion, PaperRule } from './schema.ts';
export { migrateDatabase, MIGRATIONS_FOLDER } from './migrate.ts';
export { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './embedded.ts';
export { seedDemoData, DEMO_ACCOUNTS, DEMO_ADMINS, DEMO_LECTURE_SOURCE, DEMO_PASSWORD, DEMO_TENANTS } from './seed.ts';

export { CHANGES_CHANNEL, DatabaseChanges, parseChange, type TableChange } from './changes.ts';
export {
  APP_ROLE,
  ACCOUNT_COLUMNS,
  GLOBAL_TABLES,
  TENANT_SETTING,
  currentTenant,
  runInTenantScope,
  withTenant,
  type TenantScope,
} from './tenancy.ts';

export type Db = NodePgDatabase<typeof schema>;

/** A transaction of either database (the callback's argument of `db.transaction`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  /**
   * The tables' owner: migrations, the seed, housekeeping and cross-enterprise work (sign-in,
   * session and domain look-ups). Row-level security does not bind it: use it only where the work
   * is not one tenant's.
   */
  db: Db;
  pool: pg.Pool;
  /** Tenant work: the app's role, which sees only the rows of the current tenant scope's enterprise. */
  tenantDb: Db;
  tenantPool: pg.Pool;
  /** Changes of watched tables announced by the database (LISTEN, one connection of its own). */
  changes: DatabaseChanges;
  close(): Promise<void>;
}

/**
 * Bounds on a query, so a database that is frozen or gone gives the caller a prompt error instead
 * of a hang: `statementMs` is PostgreSQL's statement_timeout (the server cancels a slow statement);
 * the client gives up on an answer `statementMs` + 1 s after asking (a server that answers
 * nothing) and on getting a connection, from the pool or a new one, after `connectMs`.
 */
export interface QueryTimeouts {
  statementMs: number;
  connectMs: number;
}

function timeoutConfig(t: QueryTimeouts | undefined): pg.PoolConfig {
  if (!t) return {};
  return {
    statement_timeout: t.statementMs,
    query_timeout: t.statementMs + 1000,
    connectionTimeoutMillis: t.connectMs,
    idle_in_transaction_session_timeout: t.statementMs * 2,
  };
}

export function connectDatabase(
  url: string,
  options: { max?: number; onIdleError?: (err: Error) => void; timeouts?: QueryTimeouts } = {},
): Database {
  const max = options.max ?? 10;
  const bounds = timeoutConfig(options.timeouts);
  // Owner work is the lesser part (session and domain look-ups, sign-in): a third of the
  // connections, at least two.
  const pool = new pg.Pool({ connectionString: url, max: Math.max(2, Math.ceil(max / 3)), ...bounds });
  const tenantPool = new TenantPool({ connectionString: url, max, ...bounds });
  // An idle connection the server ends (restart, shutdown) must not bring the process down; the
  // pool replaces it on the next query.
  pool.on('error', (err) => options.onIdleError?.(err));
  tenantPool.on('error', (err) => options.onIdleError?.(err));
  const changes = new DatabaseChanges(url);
  return {
    db: drizzle(pool, { schema }),
    pool,
    tenantDb: drizzle(tenantPool, { schema }),
    tenantPool,
    changes,
    close: async () => {
      await Promise.all([changes.close(), pool.end(), tenantPool.end()]);
    },
  };
}
