import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { ENFORCE_TENANCY_SQL } from './tenancy.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Applies every pending migration (drizzle's journal in the `drizzle` schema), in one transaction
 * each, then row-level security on every tenant-owned table (tenancy.ts): a table a migration adds
 * with an `eid` column is held to its tenant without anyone remembering to.
 */
export async function migrateDatabase(db: NodePgDatabase<Record<string, unknown>>): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  await db.execute(sql.raw(ENFORCE_TENANCY_SQL));
}
