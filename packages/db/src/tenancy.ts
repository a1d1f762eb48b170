import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/**
 * Row-level security on `eid`: the second wall of tenancy (DESIGN.md section 4, decision 020).
 *
 * The app's tenant work runs as the role APP_ROLE, which owns no table and is granted only the
 * tenant-owned tables: every table with an `eid` column (but the few in GLOBAL_TABLES) lets it see
 * and write only the rows of the enterprise in the connection's `app.eid` setting. Of the global
 * tables it reads only its own enterprise's row and a few columns of its members' accounts
 * (ACCOUNT_COLUMNS); sessions, handoffs, the audit log, captchas, SMS codes, third-party identities
 * and enterprise applications are the owner's alone. A request sets that enterprise once, in the gateway
 * (`runInTenantScope`); the pool (`TenantPool`) hands each query a connection whose `app.eid` is the
 * current scope's, and with no scope (or no enterprise yet) `app.eid` is empty and the policies let
 * nothing through. Migrations, the seed, housekeeping and cross-enterprise work (sign-in, session
 * and domain look-ups) use the owner's connection, which the policies do not bind.
 */
export const APP_ROLE = 'portal_app';

/** The setting the policies read: the enterprise of the work running on the connection. */
export const TENANT_SETTING = 'app.eid';

/**
 * Tables with an `eid` column that are not one tenant's rows: the enterprises and their domains
 * (a site is found from any domain before its tenant is known), sessions and handoff tickets (a
 * token is looked up before its enterprise is known) and the security audit log (sign-in attempts
 * name a site, not a tenant's data).
 */
export const GLOBAL_TABLES = [
  'enterprises',
  'enterprise_domains',
  'sessions',
  'session_handoffs',
  'audit_log',
] as const;

/**
 * The columns of `accounts` the app's role may read, and only of the current enterprise's members:
 * the member rows tenant work shows join them. Everything else of an account (the password hash,
 * the encrypted ID number) and every write of one is the owner's work (sign-in, registration,
 * profile changes across enterprises).
 */
export const ACCOUNT_COLUMNS = ['id', 'phone', 'real_name', 'id_card_hash', 'verified_at'] as const;

/** The enterprise of the work under way; `eid` null until a public call's site is resolved. */
export interface TenantScope {
  eid: number | null;
}

const storage = new AsyncLocalStorage<TenantScope>();

/** Runs `fn` in a tenant scope (the gateway: one per request; `scope.eid` may be set later). */
export function runInTenantScope<T>(scope: TenantScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** Runs `fn` as work of one enterprise, outside a request (page loaders, cached site settings). */
export function withTenant<T>(eid: number, fn: () => T): T {
  return storage.run({ eid }, fn);
}

/** The enterprise of the current scope, or null. */
export function currentTenant(): number | null {
  return storage.getStore()?.eid ?? null;
}

const BOUND = Symbol('portal.tenant');
type BoundClient = pg.PoolClient & { [BOUND]?: string };
type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pool of APP_ROLE connections whose `app.eid` follows the scope of the code that asks for one.
 * The setting is session-level and kept per connection, so it is sent only when a connection
 * changes enterprise (never inside a transaction: drizzle opens its transactions on a connection
 * this pool has already bound). `pool.query` goes through `connect`, so every path is bound.
 */
export class TenantPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    // The role is a startup parameter: a connection is the app's role from its first statement,
    // and RESET ROLE comes back to it.
    const options = [config.options, `-c role=${APP_ROLE}`].filter(Boolean).join(' ');
    super({ ...config, options });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const eid = currentTenant();
    const wanted = eid === null ? '' : String(eid);
    if (!callback) {
      return super.connect().then(async (client) => {
        if ((client as BoundClient)[BOUND] === wanted) return client;
        try {
          await bind(client as BoundClient, wanted);
          return client;
        } catch (err) {
          client.release(err as Error);
          throw err;
        }
      });
    }
    super.connect((err, client, done) => {
      if (err || !client) return callback(err, client, done);
      // The common case (the connection already works for this enterprise) stays synchronous.
      if ((client as BoundClient)[BOUND] === wanted) return callback(undefined, client, done);
      bind(client as BoundClient, wanted).then(
        () => callback(undefined, client, done),
        (bindErr: Error) => {
          done(bindErr);
          callback(bindErr, undefined, () => {});
        },
      );
    });
  }
}

async function bind(client: BoundClient, wanted: string): Promise<void> {
  if (client[BOUND] === wanted) return;
  // Forget the binding first: if the statement fails, the next use sets it again.
  client[BOUND] = undefined;
  await client.query('SELECT set_config($1, $2, false)', [TENANT_SETTING, wanted]);
  client[BOUND] = wanted;
}

/**
 * Idempotent: the app's role (made when missing), its privileges (only the tenant-owned tables, its
 * enterprise's row and ACCOUNT_COLUMNS of its members), and row-level security with one policy on
 * every table that has an `eid` column and is not in GLOBAL_TABLES, including tables later
 * migrations add. Run after every migration (migrate.ts), as the tables' owner.
 */
export const ENFORCE_TENANCY_SQL = `
DO $tenancy$
DECLARE
  t record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
    CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
  -- The owner's connections take the role (the tenant pool's startup parameter): PostgreSQL 16
  -- and later give a role's creator only ADMIN on it, so the SET option is granted explicitly.
  IF current_setting('server_version_num')::int >= 160000 THEN
    IF NOT pg_has_role(current_user, '${APP_ROLE}', 'SET') THEN
      EXECUTE format('GRANT ${APP_ROLE} TO %I WITH SET TRUE', current_user);
    END IF;
  ELSIF NOT pg_has_role(current_user, '${APP_ROLE}', 'MEMBER') THEN
    EXECUTE format('GRANT ${APP_ROLE} TO %I', current_user);
  END IF;
  EXECUTE format('GRANT CONNECT ON DATABASE %I TO ${APP_ROLE}', current_database());
  GRANT USAGE ON SCHEMA public TO ${APP_ROLE};
  -- Only what tenant work needs: every grant below is made again after each migration, so a
  -- table gains nothing by being new and loses what an earlier version granted (column grants go
  -- with the table's).
  REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${APP_ROLE};
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE};
  -- Its own site's enterprise row (the site's settings name it), never another's.
  GRANT SELECT ON enterprises TO ${APP_ROLE};
  ALTER TABLE enterprises ENABLE ROW LEVEL SECURITY;
  IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = 'enterprises' AND policyname = 'own_enterprise') THEN
    CREATE POLICY own_enterprise ON enterprises AS PERMISSIVE FOR SELECT TO ${APP_ROLE}
      USING (eid = nullif(current_setting('${TENANT_SETTING}', true), '')::int);
  END IF;
  -- Of accounts (people, not tenant-owned): what a member's row shows beside it (phone, name,
  -- whether verified, the ID number's keyed hash a certificate carries), of the enterprise's
  -- members only. Password hashes and encrypted ID numbers stay with the owner.
  GRANT SELECT (${ACCOUNT_COLUMNS.join(', ')}) ON accounts TO ${APP_ROLE};
  ALTER TABLE accounts ENABLE ROW LEVEL SECURITY;
  IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = 'accounts' AND policyname = 'enterprise_members') THEN
    CREATE POLICY enterprise_members ON accounts AS PERMISSIVE FOR SELECT TO ${APP_ROLE}
      USING (EXISTS (SELECT 1 FROM enterprise_users m WHERE m.account_id = accounts.id
                        AND m.eid = nullif(current_setting('${TENANT_SETTING}', true), '')::int));
  END IF;
  FOR t IN
    SELECT c.relname AS name, c.relrowsecurity AS secured
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'eid' AND NOT a.attisdropped
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
       AND c.relname <> ALL (ARRAY[${GLOBAL_TABLES.map((n) => `'${n}'`).join(', ')}])
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO ${APP_ROLE}', t.name);
    IF NOT t.secured THEN
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.name);
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t.name AND policyname = 'tenant_isolation') THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I AS PERMISSIVE FOR ALL TO ${APP_ROLE} '
        'USING (eid = nullif(current_setting(''${TENANT_SETTING}'', true), '''')::int) '
        'WITH CHECK (eid = nullif(current_setting(''${TENANT_SETTING}'', true), '''')::int)',
        t.name);
    END IF;
  END LOOP;
END
$tenancy$;
`;
