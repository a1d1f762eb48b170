import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineCall } from '@portal/contract';
import {
  ACCOUNT_COLUMNS,
  APP_ROLE,
  GLOBAL_TABLES,
  connectDatabase,
  migrateDatabase,
  schema,
  withTenant,
} from '@portal/db';
import { ensureDatabase } from '@portal/db/embedded';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createEnterprise, type Learner } from '../test/factories.ts';
import { defineModule } from './module.ts';

/**
 * Row-level security, the second wall of tenancy (decision 020): probes registered on the real
 * gateway run queries that forget their `eid` filter, through the request path a feature's calls
 * take, and see, change and add only the signed-in enterprise's rows.
 */
const message = z.object({ eid: z.number(), id: z.number(), title: z.string() });
const forgetfulRead = defineCall({
  name: 'probeForgetfulRead',
  method: 'GET',
  path: '/probe/auth/forgetful/read',
  summary: 'test probe',
  tags: ['probe'],
  request: z.object({}),
  response: z.array(message),
});
const forgetfulUpdate = defineCall({
  name: 'probeForgetfulUpdate',
  method: 'POST',
  path: '/probe/auth/forgetful/update',
  summary: 'test probe',
  tags: ['probe'],
  request: z.object({ title: z.string() }),
  response: z.array(message),
});
const forgetfulInsert = defineCall({
  name: 'probeForgetfulInsert',
  method: 'POST',
  path: '/probe/auth/forgetful/insert',
  summary: 'test probe',
  tags: ['probe'],
  request: z.object({ eid: z.number().int() }),
  response: z.null(),
});
const publicRead = defineCall({
  name: 'probePublicRead',
  method: 'GET',
  path: '/probe/api/forgetful/read',
  summary: 'test probe',
  tags: ['probe'],
  request: z.object({ resolve: z.enum(['yes', 'no']) }),
  response: z.array(message),
});

const pick = { eid: schema.onlineMessages.eid, id: schema.onlineMessages.id, title: schema.onlineMessages.title };
const probes = defineModule({
  name: 'probe',
  register(gateway, { db }) {
    // Each handler forgets `where eid = …` on purpose.
    gateway.call(forgetfulRead, () => db.select(pick).from(schema.onlineMessages).orderBy(schema.onlineMessages.id));
    gateway.call(forgetfulUpdate, (q) => db.update(schema.onlineMessages).set({ title: q.title }).returning(pick));
    gateway.call(forgetfulInsert, async (q, ctx) => {
      await db
        .insert(schema.onlineMessages)
        .values({ eid: q.eid, accountId: ctx.session.accountId, title: '越界', messageContent: '越界' });
      return null;
    });
    gateway.call(publicRead, async (q, ctx) => {
      if (q.resolve === 'yes') await ctx.eid();
      return db.select(pick).from(schema.onlineMessages).orderBy(schema.onlineMessages.id);
    });
  },
});

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
let inA: Learner;
let inB: Learner;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' }, { extraModules: [probes] });
  const db = t.database.db;
  a = await createEnterprise(db, { name: '甲企业' });
  b = await createEnterprise(db, { name: '乙企业' });
  inA = await t.learner(a);
  inB = await t.learner(b);
  await db.insert(schema.onlineMessages).values([
    { eid: a.eid, accountId: inA.accountId, title: '甲的留言', messageContent: '甲' },
    { eid: b.eid, accountId: inB.accountId, title: '乙的留言', messageContent: '乙' },
    { eid: b.eid, accountId: inB.accountId, title: '乙的第二条', messageContent: '乙' },
  ]);
});
afterAll(async () => t?.close());

const titlesOf = async (eid: number) =>
  (await t.database.db.select().from(schema.onlineMessages).where(eq(schema.onlineMessages.eid, eid))).map(
    (m) => m.title,
  );

describe('row-level security through the request path', () => {
  it('a query that forgets eid reads only the signed-in enterprise’s rows', async () => {
    const fromA = await t.call(forgetfulRead, {}, { as: inA });
    expect(fromA.code).toBe(200);
    expect(fromA.data.map((m: { eid: number }) => m.eid)).toEqual([a.eid]);
    const fromB = await t.call(forgetfulRead, {}, { as: inB });
    expect(fromB.data.map((m: { title: string }) => m.title).sort()).toEqual(['乙的留言', '乙的第二条'].sort());
  });

  it('an update that forgets eid changes only the signed-in enterprise’s rows', async () => {
    const answer = await t.call(forgetfulUpdate, { title: '改了' }, { as: inA });
    expect(answer.data).toHaveLength(1);
    expect(await titlesOf(a.eid)).toEqual(['改了']);
    expect((await titlesOf(b.eid)).sort()).toEqual(['乙的留言', '乙的第二条'].sort());
  });

  it('a row written for another enterprise is refused by the database, and nothing is stored', async () => {
    const answer = await t.call(forgetfulInsert, { eid: b.eid }, { as: inA });
    expect(answer.code).toBe(500);
    expect(await titlesOf(b.eid)).not.toContain('越界');
    // Its own enterprise's row goes in.
    expect((await t.call(forgetfulInsert, { eid: a.eid }, { as: inA })).code).toBe(200);
    expect(await titlesOf(a.eid)).toContain('越界');
  });

  it('a public call sees no tenant’s rows until it resolves its site, then only that site’s', async () => {
    const before = await t.call(publicRead, { resolve: 'no' }, { query: { eid: String(b.eid) } });
    expect(before.data).toEqual([]);
    const after = await t.call(publicRead, { resolve: 'yes' }, { query: { eid: String(b.eid) } });
    expect(after.data.map((m: { eid: number }) => m.eid)).toEqual([b.eid, b.eid]);
  });

  it('the app’s connection outside any request sees nothing; withTenant sees one enterprise', async () => {
    const { db } = t.platform;
    expect(await db.select(pick).from(schema.onlineMessages)).toEqual([]);
    const rows = await withTenant(b.eid, async () => await db.select(pick).from(schema.onlineMessages));
    expect(rows.map((m) => m.eid)).toEqual([b.eid, b.eid]);
  });
});

describe('the policies and roles', () => {
  it('every table with an eid column but the global ones has row-level security and the policy', async () => {
    const { rows } = await t.database.pool.query<{ name: string; secured: boolean; policies: number }>(`
      SELECT c.relname AS name, c.relrowsecurity AS secured,
             (SELECT count(*)::int FROM pg_policies p WHERE p.tablename = c.relname AND p.policyname = 'tenant_isolation') AS policies
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'eid' AND NOT a.attisdropped
       WHERE c.relkind IN ('r', 'p')`);
    const tenantOwned = rows.filter((r) => !(GLOBAL_TABLES as readonly string[]).includes(r.name));
    expect(tenantOwned.length).toBeGreaterThan(20);
    for (const r of tenantOwned)
      expect({ table: r.name, secured: r.secured, policies: r.policies }).toEqual({
        table: r.name,
        secured: true,
        policies: 1,
      });
  });

  it('the app role owns no table and cannot bypass row-level security; its connections are that role', async () => {
    const { rows } = await t.database.pool.query<{ super: boolean; bypass: boolean; owned: number }>(
      `SELECT r.rolsuper AS super, r.rolbypassrls AS bypass,
              (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public' AND tableowner = r.rolname) AS owned
         FROM pg_roles r WHERE r.rolname = $1`,
      [APP_ROLE],
    );
    expect(rows).toEqual([{ super: false, bypass: false, owned: 0 }]);
    const who = await t.platform.db.execute<{ user: string }>(sql`SELECT current_user AS user`);
    expect(who.rows[0]!.user).toBe(APP_ROLE);
  });
});

describe('the app role reaches only tenant tables (decision 020)', () => {
  /** The SQLSTATE of a statement run as the app role in enterprise A's scope, or 'ok'. */
  const asAppIn = (eid: number, statement: string) =>
    withTenant(eid, async () => {
      try {
        await t.platform.db.execute(sql.raw(statement));
        return 'ok';
      } catch (err) {
        const e = err as { code?: string; cause?: { code?: string } };
        return e.code ?? e.cause?.code ?? 'error';
      }
    });

  it('cannot read or write sessions, handoffs, the audit log, captchas, SMS codes, identities or applications', async () => {
    const closed = [
      'sessions',
      'session_handoffs',
      'audit_log',
      'captchas',
      'sms_codes',
      'sms_outbox',
      'third_party_identities',
      'enterprise_applications',
      'enterprise_domains',
    ];
    for (const table of closed) {
      expect({ table, read: await asAppIn(a.eid, `SELECT * FROM ${table} LIMIT 1`) }).toEqual({ table, read: '42501' });
      expect({ table, wipe: await asAppIn(a.eid, `DELETE FROM ${table}`) }).toEqual({ table, wipe: '42501' });
    }
    // The owner still has them (nothing above was refused for want of rows).
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM sessions')).rows[0].n).toBeGreaterThan(0);
  });

  it('reads no password hash or encrypted ID number, writes no account, and sees only its members’ accounts', async () => {
    expect(await asAppIn(a.eid, 'SELECT password_hash FROM accounts')).toBe('42501');
    expect(await asAppIn(a.eid, 'SELECT id_card_encrypted FROM accounts')).toBe('42501');
    expect(await asAppIn(a.eid, 'SELECT * FROM accounts')).toBe('42501');
    expect(await asAppIn(a.eid, `UPDATE accounts SET phone = phone`)).toBe('42501');
    expect(await asAppIn(a.eid, `INSERT INTO accounts (phone) VALUES ('13000000000')`)).toBe('42501');
    expect(await asAppIn(a.eid, 'DELETE FROM accounts')).toBe('42501');
    const seen = await withTenant(
      a.eid,
      async () =>
        (await t.platform.db.execute<{ id: number }>(sql.raw(`SELECT ${ACCOUNT_COLUMNS.join(', ')} FROM accounts`)))
          .rows,
    );
    expect(seen.map((r) => r.id)).toEqual([inA.accountId]);
    // Outside any enterprise it sees no one.
    expect((await t.platform.db.execute(sql`SELECT id FROM accounts`)).rows).toEqual([]);
  });

  it('sees only its own enterprise’s row and changes none', async () => {
    const rows = await withTenant(
      b.eid,
      async () => (await t.platform.db.execute<{ eid: number }>(sql`SELECT eid FROM enterprises`)).rows,
    );
    expect(rows).toEqual([{ eid: b.eid }]);
    expect(await asAppIn(b.eid, `UPDATE enterprises SET name = name`)).toBe('42501');
  });

  it('holds privileges on no global table but its enterprise’s row and its members’ account columns', async () => {
    const { rows } = await t.database.pool.query<{ name: string; privileges: string[] }>(
      `SELECT c.relname AS name,
              array(SELECT p FROM unnest(ARRAY['SELECT','INSERT','UPDATE','DELETE','TRUNCATE','REFERENCES','TRIGGER']) p
                     WHERE has_table_privilege($1, c.oid, p)) AS privileges
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
        WHERE c.relkind IN ('r', 'p')
          AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'eid' AND NOT a.attisdropped)
           OR c.relname = ANY($2)`,
      [APP_ROLE, GLOBAL_TABLES],
    );
    const granted = Object.fromEntries(rows.filter((r) => r.privileges.length > 0).map((r) => [r.name, r.privileges]));
    expect(granted).toEqual({ enterprises: ['SELECT'] });
    const { rows: columns } = await t.database.pool.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute
        WHERE attrelid = 'accounts'::regclass AND attnum > 0 AND NOT attisdropped
          AND has_column_privilege($1, attrelid, attnum, 'SELECT') ORDER BY attname`,
      [APP_ROLE],
    );
    expect(columns.map((c) => c.name)).toEqual([...ACCOUNT_COLUMNS].sort());
  });
});

describe('an owner that is not a superuser (DATABASE_URL)', () => {
  it('migrates, and its tenant connections are the app role held to their enterprise', async () => {
    const admin = connectDatabase(inject('pgAdminUrl'), { max: 1 });
    const { rows } = await admin.pool.query<{ super: boolean }>(
      'SELECT rolsuper AS super FROM pg_roles WHERE rolname = current_user',
    );
    if (!rows[0]!.super) {
      // A DATABASE_URL run whose user may not create roles: the embedded run covers this case.
      await admin.close();
      return;
    }
    const name = `portal_owner_${randomBytes(4).toString('hex')}`;
    // What the README asks of an administrator when the owner may not create roles.
    await admin.pool.query(`CREATE ROLE ${name} LOGIN PASSWORD '${name}' CREATEDB`);
    await admin.pool.query(`GRANT ${APP_ROLE} TO ${name}`);
    await ensureDatabase(inject('pgAdminUrl'), name);
    await admin.pool.query(`ALTER DATABASE ${name} OWNER TO ${name}`);
    const url = new URL(inject('pgAdminUrl'));
    url.username = name;
    url.password = name;
    url.pathname = `/${name}`;
    const owned = connectDatabase(url.href, { max: 2 });
    try {
      await migrateDatabase(owned.db as never);
      await owned.db.insert(schema.enterprises).values({ eid: 7, name: '七', correctDomain: 'seven.example' });
      await owned.db.insert(schema.newsCategories).values({ eid: 7, name: '动态' });
      const who = await owned.tenantDb.execute<{ user: string }>(sql`SELECT current_user AS user`);
      expect(who.rows[0]!.user).toBe(APP_ROLE);
      expect(await owned.tenantDb.select().from(schema.newsCategories)).toEqual([]);
      expect(await withTenant(7, async () => (await owned.tenantDb.select().from(schema.newsCategories)).length)).toBe(
        1,
      );
    } finally {
      await owned.close();
      await admin.pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.pool.query(`DROP OWNED BY ${name}`).catch(() => {});
      await admin.pool.query(`DROP ROLE IF EXISTS ${name}`);
      await admin.close();
    }
  });
});
