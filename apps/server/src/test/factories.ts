import { sql } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';
import type { SessionStore } from '../platform/session.ts';

let seq = 0;
const next = () => ++seq;

/** An enterprise with its website settings and a default domain. */
export async function createEnterprise(
  db: Db,
  overrides: {
    name?: string;
    domain?: string;
    lang?: 'zh' | 'en';
    settings?: Partial<typeof schema.websiteSettings.$inferInsert>;
  } = {},
) {
  const n = next();
  const name = overrides.name ?? `测试企业${n}`;
  const domain = overrides.domain ?? `t${n}.example.com`;
  const [ent] = await db
    .insert(schema.enterprises)
    .values({ name, correctDomain: `learn.${domain}`, lang: overrides.lang ?? 'zh' })
    .returning();
  const eid = ent!.eid;
  await db.insert(schema.enterpriseDomains).values({ eid, domain, isDefault: true });
  await db.insert(schema.websiteSettings).values({ eid, entName: name, ...overrides.settings });
  return { eid, name, domain };
}

export async function createNavItems(db: Db, eid: number, names: string[]) {
  return db
    .insert(schema.navItems)
    .values(names.map((name, i) => ({ eid, name, nameEn: `${name}-en`, menuType: (i % 7) + 1, url: `/p${i}`, sort: i })))
    .returning();
}

export async function createBanner(db: Db, eid: number, values: Partial<typeof schema.banners.$inferInsert> = {}) {
  const [row] = await db
    .insert(schema.banners)
    .values({ eid, title: `Banner ${next()}`, imageUrl: '/b.png', ...values })
    .returning();
  return row!;
}

/** A person who is a member of the given enterprises, signed in to the first. */
export async function createSignedInUser(
  db: Db,
  sessions: SessionStore,
  eids: number[],
  options: { status?: number; isAdmin?: boolean } = {},
) {
  const phone = `139${String(10_000_000 + next()).slice(-8)}`;
  const [account] = await db.insert(schema.accounts).values({ phone }).returning();
  for (const eid of eids) {
    await db.insert(schema.enterpriseUsers).values({
      eid,
      accountId: account!.id,
      userName: `学员${seq}`,
      status: options.status ?? 1,
      isAdmin: options.isAdmin ?? false,
    });
  }
  const { token } = await sessions.create(account!.id, eids[0] ?? null);
  return { accountId: account!.id, phone, token };
}

export async function expireSession(db: Db, token: string) {
  const { hashToken } = await import('../platform/session.ts');
  await db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashToken(token)}`);
}
