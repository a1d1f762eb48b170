import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ASSISTANT_DEFAULT_DAILY_LIMIT } from '@portal/contract';
import { schema, type Db, type Tx } from '@portal/db';
import type { Learner } from '../../platform/learner.ts';

const settings = schema.assistantSettings;
const models = schema.aiModels;
const conversations = schema.aiConversations;
const messages = schema.aiMessages;
const usage = schema.aiUsage;

export type SettingsRow = typeof settings.$inferSelect;
export type ModelRow = typeof models.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** An enterprise without a settings row: open, no service, the default limit, never indexed. */
export const defaultSettings = (eid: number): SettingsRow => ({
  eid,
  enabled: true,
  baseUrl: '',
  apiKey: '',
  dailyLimit: ASSISTANT_DEFAULT_DAILY_LIMIT,
  indexVersion: 0,
  indexedAt: null,
  updatedAt: new Date(0),
});

/** Today in China (Asia/Shanghai) by the database's clock: the day a question is counted on. */
const CHINA_TODAY = sql`(now() AT TIME ZONE 'Asia/Shanghai')::date`;

/** An answer as stored when it ends (done, stopped or failed). */
export interface AnswerToSave {
  content: string;
  sources: schema.AiMessageSource[];
  status: 'done' | 'stopped' | 'failed';
  errorCode: number | null;
  mode: 'model' | 'extractive';
  model: string;
  promptTokens: number;
  completionTokens: number;
  tokensEstimated: boolean;
}

/** SQL of the assistant's settings, models, conversations and usage: always by enterprise (and account). */
export class AssistantRepository {
  constructor(readonly db: Db) {}

  async settingsOf(eid: number, tx: Db | Tx = this.db): Promise<SettingsRow> {
    const [row] = await tx.select().from(settings).where(eq(settings.eid, eid));
    return row ?? defaultSettings(eid);
  }

  /** The enterprise's models in their order (`enabledOnly`: those learners may pick). */
  modelsOf(eid: number, enabledOnly: boolean, tx: Db | Tx = this.db): Promise<ModelRow[]> {
    return tx
      .select()
      .from(models)
      .where(enabledOnly ? and(eq(models.eid, eid), eq(models.enabled, true)) : eq(models.eid, eid))
      .orderBy(asc(models.sort), asc(models.id));
  }

  async passageCount(eid: number): Promise<number> {
    const { rows } = await this.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${schema.searchPassages} WHERE eid = ${eid}`,
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * Counts one question against the account's limit for today, atomically: the day's row is
   * created or raised by one only while below `limit` (concurrent questions wait on the row and see
   * each other's count), so each is counted exactly once and none past the limit. Null: the limit
   * is reached. Answers the count with this question and the day it is counted on.
   */
  async countQuestion(tx: Tx, who: Learner, limit: number): Promise<{ questions: number; day: string } | null> {
    const { rows } = await tx.execute<{ questions: number; day: string }>(sql`
      INSERT INTO ${usage} (eid, account_id, day, questions)
      SELECT ${who.eid}, ${who.accountId}, ${CHINA_TODAY}, 1 WHERE ${limit} >= 1
      ON CONFLICT (eid, account_id, day) DO UPDATE SET questions = ${usage.questions} + 1
       WHERE ${usage.questions} < ${limit}
      RETURNING questions, to_char(day, 'YYYY-MM-DD') AS day`);
    return rows[0] ?? null;
  }

  /** Gives a question back (the service failed before answering anything) and adds the tokens it used. */
  async settleUsage(who: Learner, day: string, refund: boolean, promptTokens: number, completionTokens: number) {
    await this.db.execute(sql`
      UPDATE ${usage} SET questions = greatest(0, questions - ${refund ? 1 : 0}),
        prompt_tokens = prompt_tokens + ${promptTokens}, completion_tokens = completion_tokens + ${completionTokens}
       WHERE eid = ${who.eid} AND account_id = ${who.accountId} AND day = ${day}::date`);
  }

  /** A new conversation of the learner, titled by its first question. */
  async createConversation(tx: Tx, who: Learner, title: string): Promise<ConversationRow> {
    const [row] = await tx
      .insert(conversations)
      .values({ eid: who.eid, accountId: who.accountId, title, messageCount: 1 })
      .returning();
    return row!;
  }

  /**
   * The learner's conversation taking one more question, when it has room for it and its answer:
   * null when it is not theirs (or gone); 'full' when it holds `max` messages already.
   */
  async takeQuestion(tx: Tx, who: Learner, id: number, max: number): Promise<ConversationRow | 'full' | null> {
    const [row] = await tx
      .update(conversations)
      .set({ messageCount: sql`${conversations.messageCount} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(conversations.eid, who.eid),
          eq(conversations.accountId, who.accountId),
          eq(conversations.id, id),
          sql`${conversations.messageCount} <= ${max - 2}`,
        ),
      )
      .returning();
    if (row) return row;
    const [exists] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.eid, who.eid), eq(conversations.accountId, who.accountId), eq(conversations.id, id)));
    return exists ? 'full' : null;
  }

  async insertQuestion(tx: Tx, eid: number, conversationId: number, content: string): Promise<MessageRow> {
    const [row] = await tx.insert(messages).values({ eid, conversationId, role: 'user', content }).returning();
    return row!;
  }

  /**
   * Stores an answer in its conversation. Null when the learner deleted the conversation while it
   * was being answered (nothing is kept of it then).
   */
  async saveAnswer(who: Learner, conversationId: number, answer: AnswerToSave): Promise<MessageRow | null> {
    return this.db.transaction(async (tx) => {
      const [conversation] = await tx
        .update(conversations)
        .set({ messageCount: sql`${conversations.messageCount} + 1`, updatedAt: sql`now()` })
        .where(
          and(
            eq(conversations.eid, who.eid),
            eq(conversations.accountId, who.accountId),
            eq(conversations.id, conversationId),
          ),
        )
        .returning({ id: conversations.id });
      if (!conversation) return null;
      const [row] = await tx
        .insert(messages)
        .values({ eid: who.eid, conversationId, role: 'assistant', ...answer })
        .returning();
      return row!;
    });
  }

  /** The conversation's last `n` questions and answers before message `beforeId`, oldest first. */
  async historyOf(eid: number, conversationId: number, beforeId: number, n: number): Promise<MessageRow[]> {
    const rows = await this.db
      .select()
      .from(messages)
      .where(and(eq(messages.eid, eid), eq(messages.conversationId, conversationId), sql`${messages.id} < ${beforeId}`))
      .orderBy(desc(messages.id))
      .limit(n);
    return rows.reverse();
  }

  async conversationPage(who: Learner, offset: number, limit: number) {
    const mine = and(eq(conversations.eid, who.eid), eq(conversations.accountId, who.accountId));
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(conversations)
        .where(mine)
        .orderBy(desc(conversations.updatedAt), desc(conversations.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(conversations)
        .where(mine),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }

  async conversationOf(who: Learner, id: number): Promise<ConversationRow | null> {
    const [row] = await this.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.eid, who.eid), eq(conversations.accountId, who.accountId), eq(conversations.id, id)));
    return row ?? null;
  }

  messagesOf(eid: number, conversationId: number): Promise<MessageRow[]> {
    return this.db
      .select()
      .from(messages)
      .where(and(eq(messages.eid, eid), eq(messages.conversationId, conversationId)))
      .orderBy(asc(messages.id));
  }

  /** Deletes the learner's conversations (one, or all when `id` is null), their messages with them. */
  async deleteConversations(who: Learner, id: number | null): Promise<number> {
    const rows = await this.db
      .delete(conversations)
      .where(
        and(
          eq(conversations.eid, who.eid),
          eq(conversations.accountId, who.accountId),
          id === null ? undefined : eq(conversations.id, id),
        ),
      )
      .returning({ id: conversations.id });
    return rows.length;
  }
}
