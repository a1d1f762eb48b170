import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  pageOffset,
  toPage,
  type AdminMessage,
  type CallParsedRequest,
  type findAdminMessages,
} from '@portal/contract';
import { schema, type Db, type Tx } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { requireFound } from '../../platform/errors.ts';

const m = schema.onlineMessages;
const u = schema.enterpriseUsers;

/** The back office's lists count at most this many rows: no page counts a whole table. */
const COUNT_CAP = 10_000;

const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const fields = {
  id: m.id,
  accountId: m.accountId,
  realName: u.realName,
  userName: u.userName,
  title: m.title,
  messageContent: m.messageContent,
  createdAt: m.createdAt,
  replyContent: m.replyContent,
  repliedAt: m.repliedAt,
};
interface Row {
  id: number;
  accountId: number;
  realName: string;
  userName: string;
  title: string;
  messageContent: string;
  createdAt: Date;
  replyContent: string | null;
  repliedAt: Date | null;
}

const present = (r: Row): AdminMessage => ({
  id: r.id,
  accountId: r.accountId,
  learnerName: r.realName || r.userName,
  title: r.title,
  messageContent: r.messageContent,
  messageDate: r.createdAt.toISOString(),
  replyContent: r.replyContent,
  repliedAt: r.repliedAt ? r.repliedAt.toISOString() : null,
});

interface Filter {
  keyword?: string | undefined;
  replied?: boolean | undefined;
}

/**
 * The message board in the back office (decision 043): every learner's messages, newest first,
 * replied or not, and the staff's reply (or a changed reply), audited. The learner reads the reply
 * through their own message calls (decision 015), which read the row: nothing caches it.
 */
export class MessageAdmin {
  constructor(private readonly db: Db) {}

  private where(eid: number, f: Filter): SQL {
    const where: SQL[] = [eq(m.eid, eid)];
    if (f.replied !== undefined) where.push(f.replied ? isNotNull(m.replyContent) : isNull(m.replyContent));
    if (f.keyword) where.push(or(ilike(m.title, likeOf(f.keyword)), ilike(m.messageContent, likeOf(f.keyword)))!);
    return and(...where)!;
  }

  private select(tx: Tx | Db) {
    return tx
      .select(fields)
      .from(m)
      .innerJoin(u, and(eq(u.eid, m.eid), eq(u.accountId, m.accountId)));
  }

  async findMessages(eid: number, q: CallParsedRequest<typeof findAdminMessages>) {
    const filter = {
      keyword: q.keyword || undefined,
      replied: q.replied === undefined ? undefined : q.replied === 'yes',
    };
    const offset = pageOffset(q.pageCurrent, q.pageSize);
    const inner = this.db
      .select({ one: sql`1` })
      .from(m)
      .where(this.where(eid, filter))
      .limit(COUNT_CAP)
      .as('x');
    const [rows, [counted]] = await Promise.all([
      offset >= COUNT_CAP
        ? Promise.resolve([])
        : this.select(this.db)
            .where(this.where(eid, filter))
            .orderBy(desc(m.createdAt), desc(m.id))
            .limit(q.pageSize)
            .offset(offset),
      this.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(inner),
    ]);
    return toPage(rows.map(present), counted?.n ?? 0, q.pageCurrent, q.pageSize);
  }

  private async one(tx: Tx, eid: number, id: number) {
    const [row] = await this.select(tx).where(and(eq(m.eid, eid), eq(m.id, id)));
    return row ? present(row) : null;
  }

  async replyMessage({ eid, audit }: { eid: number; audit: AdminAudit }, id: number, replyContent: string) {
    return this.db.transaction(async (tx) => {
      const before = requireFound(await this.one(tx, eid, id));
      await tx
        .update(m)
        .set({ replyContent, repliedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(m.eid, eid), eq(m.id, id)));
      const after = requireFound(await this.one(tx, eid, id));
      await audit.record(tx, { entityType: 'online_message', entityId: id, before, after });
      return after;
    });
  }
}
