import { and, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';

const m = schema.onlineMessages;

/** `%keyword%` for ILIKE, with the keyword's own % and _ taken literally. */
const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export type MessageRow = typeof m.$inferSelect;

/** SQL of the message board: always by enterprise and by the person who wrote the message. */
export class MessageRepository {
  constructor(private readonly db: Db) {}

  private mine(eid: number, accountId: number): SQL[] {
    return [eq(m.eid, eid), eq(m.accountId, accountId)];
  }

  async saveMessage(eid: number, accountId: number, values: { title: string; messageContent: string }) {
    const [row] = await this.db
      .insert(m)
      .values({ eid, accountId, ...values })
      .returning();
    return row!;
  }

  /** Edits a message not yet replied to; null when there is no such message of mine without a reply. */
  async editMessage(
    eid: number,
    accountId: number,
    id: number,
    values: { title: string; messageContent: string },
  ): Promise<MessageRow | null> {
    const [row] = await this.db
      .update(m)
      .set({ ...values, updatedAt: new Date() })
      .where(and(...this.mine(eid, accountId), eq(m.id, id), isNull(m.replyContent)))
      .returning();
    return row ?? null;
  }

  async viewMessage(eid: number, accountId: number, id: number): Promise<MessageRow | null> {
    const [row] = await this.db
      .select()
      .from(m)
      .where(and(...this.mine(eid, accountId), eq(m.id, id)));
    return row ?? null;
  }

  async findMessages(eid: number, accountId: number, filter: { keyword?: string }, offset: number, limit: number) {
    const where = this.mine(eid, accountId);
    if (filter.keyword) {
      where.push(or(ilike(m.title, likeOf(filter.keyword)), ilike(m.messageContent, likeOf(filter.keyword)))!);
    }
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(m)
        .where(and(...where))
        .orderBy(desc(m.createdAt), desc(m.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ total: count() })
        .from(m)
        .where(and(...where)),
    ]);
    return { rows, total: total?.total ?? 0 };
  }
}
