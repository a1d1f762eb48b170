import { and, eq, sql } from 'drizzle-orm';
import {
  ASSISTANT_USAGE_MAX_DAYS,
  ErrorCode,
  type AdminAiModel,
  type AssistantSettings,
  type CallParsedRequest,
  type saveAiModel,
  type saveAssistantSettings,
} from '@portal/contract';
import { schema, type Tx } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { IdCardVault } from '../../platform/id-card-vault.ts';
import type { AssistantRepository, ModelRow, SettingsRow } from './assistant.repository.ts';
import { addressRefusal } from './assistant.service.ts';
import { addressProblem } from './provider-address.ts';
import { INDEX_VERSION, type SearchIndex } from './search-index.ts';

/** An administrator's call: the session's enterprise and the call's audit. */
export interface AdminCaller {
  eid: number;
  audit: AdminAudit;
}

const models = schema.aiModels;

/** A unique index refused the row (another model of the enterprise has the name). */
const uniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** The origin a key was given for: a key is never sent anywhere else. */
const originOf = (url: string) => {
  try {
    return url ? new URL(url).origin : '';
  } catch {
    return '';
  }
};

/** The settings as the audit log keeps them: whether a key is set, never the key. */
const shownSettings = (s: SettingsRow) => ({
  enabled: s.enabled,
  baseUrl: s.baseUrl,
  apiKeySet: s.apiKey !== '',
  dailyLimit: s.dailyLimit,
});

function presentModel(m: ModelRow): AdminAiModel {
  return {
    id: m.id,
    name: m.name,
    label: m.label,
    enabled: m.enabled,
    sort: m.sort,
    maxTokens: m.maxTokens,
    updatedAt: m.updatedAt.toISOString(),
  };
}

const dayNo = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * The back office's assistant (issue 24 item 4, decision 061): the enterprise's service (its key
 * write-only, encrypted with the platform's vault and dropped when the address moves to another
 * origin), its models, the daily limit, rebuilding the index and the usage. Every write is audited
 * without the key.
 */
export class AssistantAdmin {
  constructor(
    private readonly o: {
      repo: AssistantRepository;
      index: SearchIndex;
      vault: IdCardVault;
      allowInternalHosts: boolean;
      onError: (err: unknown, what: string) => void;
    },
  ) {}

  async settings(eid: number, tx?: Tx): Promise<AssistantSettings> {
    const [settings, enabled, passages] = await Promise.all([
      this.o.repo.settingsOf(eid, tx),
      this.o.repo.modelsOf(eid, true, tx),
      this.o.repo.passageCount(eid),
    ]);
    return {
      enabled: settings.enabled,
      baseUrl: settings.baseUrl,
      apiKeySet: settings.apiKey !== '',
      dailyLimit: settings.dailyLimit,
      mode: settings.baseUrl && enabled.length > 0 ? 'model' : 'extractive',
      index: {
        indexedAt: settings.indexedAt?.toISOString() ?? null,
        passages,
        rebuilding: settings.indexVersion !== INDEX_VERSION,
      },
    };
  }

  async saveSettings(c: AdminCaller, q: CallParsedRequest<typeof saveAssistantSettings>): Promise<AssistantSettings> {
    const baseUrl = q.baseUrl.replace(/\/+$/, '');
    if (baseUrl) {
      const problem = await addressProblem(baseUrl, this.o.allowInternalHosts);
      if (problem) throw addressRefusal(problem);
    }
    const repo = this.o.repo;
    await repo.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM ${schema.assistantSettings} WHERE eid = ${c.eid} FOR UPDATE`);
      const before = await repo.settingsOf(c.eid, tx);
      let apiKey = before.apiKey;
      let keyChange: 'replaced' | 'cleared' | 'dropped' | null = null;
      if (q.clearApiKey) {
        apiKey = '';
        keyChange = 'cleared';
      } else if (q.apiKey) {
        apiKey = this.o.vault.encryptText(q.apiKey);
        keyChange = 'replaced';
      } else if (apiKey && originOf(baseUrl) !== originOf(before.baseUrl)) {
        // A key goes only where it was given for: a new address needs the key again.
        apiKey = '';
        keyChange = 'dropped';
      }
      const values = { enabled: q.enabled, baseUrl, apiKey, dailyLimit: q.dailyLimit, updatedAt: new Date() };
      const [after] = await tx
        .insert(schema.assistantSettings)
        .values({ eid: c.eid, ...values })
        .onConflictDoUpdate({ target: schema.assistantSettings.eid, set: values })
        .returning();
      await c.audit.record(tx, {
        entityType: 'assistant_settings',
        entityId: c.eid,
        before: shownSettings(before),
        after: { ...shownSettings(after!), keyChange },
      });
    });
    return this.settings(c.eid);
  }

  models(eid: number): Promise<AdminAiModel[]> {
    return this.o.repo.modelsOf(eid, false).then((rows) => rows.map(presentModel));
  }

  async saveModel(c: AdminCaller, q: CallParsedRequest<typeof saveAiModel>): Promise<AdminAiModel> {
    const repo = this.o.repo;
    try {
      return await repo.db.transaction(async (tx) => {
        if (q.enabled && !(await repo.settingsOf(c.eid, tx)).baseUrl) {
          throw new AppError(ErrorCode.ASSISTANT_PROVIDER_UNSET);
        }
        const values = {
          name: q.name,
          label: q.label,
          enabled: q.enabled,
          sort: q.sort,
          maxTokens: q.maxTokens,
          updatedAt: new Date(),
        };
        let before: ModelRow | null = null;
        let after: ModelRow | undefined;
        if (q.id === undefined) {
          [after] = await tx
            .insert(models)
            .values({ eid: c.eid, ...values })
            .returning();
        } else {
          [before = null] = await tx
            .select()
            .from(models)
            .where(and(eq(models.eid, c.eid), eq(models.id, q.id)))
            .for('update');
          if (!before) throw new AppError(ErrorCode.AI_MODEL_NOT_FOUND);
          [after] = await tx
            .update(models)
            .set(values)
            .where(and(eq(models.eid, c.eid), eq(models.id, q.id)))
            .returning();
        }
        const shown = presentModel(after!);
        await c.audit.record(tx, {
          entityType: 'ai_model',
          entityId: shown.id,
          before: before && presentModel(before),
          after: shown,
        });
        return shown;
      });
    } catch (err) {
      throw uniqueViolation(err) ? new AppError(ErrorCode.AI_MODEL_NAME_TAKEN) : err;
    }
  }

  async deleteModel(c: AdminCaller, id: number): Promise<null> {
    await this.o.repo.db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(models)
        .where(and(eq(models.eid, c.eid), eq(models.id, id)))
        .returning();
      if (!gone) throw new AppError(ErrorCode.AI_MODEL_NOT_FOUND);
      await c.audit.record(tx, { entityType: 'ai_model', entityId: id, before: presentModel(gone), after: null });
    });
    return null;
  }

  /**
   * Asks for a full rebuild: recorded (the index's version set to 0, so a process that stops
   * before the end rebuilds at its next start) and audited, then built in the background; learners
   * keep asking the index as it is, course by course replaced.
   */
  async rebuildIndex(c: AdminCaller) {
    const before = await this.settings(c.eid);
    await this.o.repo.db.transaction(async (tx) => {
      await tx
        .insert(schema.assistantSettings)
        .values({ eid: c.eid, indexVersion: 0 })
        .onConflictDoUpdate({ target: schema.assistantSettings.eid, set: { indexVersion: 0 } });
      await c.audit.record(tx, {
        entityType: 'assistant_index',
        entityId: c.eid,
        before: before.index,
        after: { ...before.index, rebuilding: true },
      });
    });
    this.o.index.rebuild(c.eid).catch((err: unknown) => this.o.onError(err, `index of enterprise ${c.eid}`));
    return { ...before.index, rebuilding: true };
  }

  /** Questions and tokens by day, the period's totals and the ten who asked most (9526 for a bad period). */
  async usage(eid: number, from: string, to: string) {
    const days = dayNo(to) - dayNo(from) + 1;
    if (!(days >= 1 && days <= ASSISTANT_USAGE_MAX_DAYS)) {
      throw new AppError(ErrorCode.REPORT_PERIOD, { params: { days: ASSISTANT_USAGE_MAX_DAYS } });
    }
    const u = schema.aiUsage;
    const inPeriod = sql`u.eid = ${eid} AND u.day BETWEEN ${from}::date AND ${to}::date`;
    const db = this.o.repo.db;
    type Sums = { questions: number; learners: number; prompt: number; completion: number };
    const [{ rows: byDay }, { rows: totals }, { rows: top }] = await Promise.all([
      db.execute<Sums & { day: string }>(sql`
        SELECT to_char(u.day, 'YYYY-MM-DD') AS day, sum(u.questions)::int AS questions,
               count(*) FILTER (WHERE u.questions > 0)::int AS learners,
               sum(u.prompt_tokens)::float8 AS prompt, sum(u.completion_tokens)::float8 AS completion
          FROM ${u} u WHERE ${inPeriod} GROUP BY u.day ORDER BY u.day`),
      db.execute<Sums>(sql`
        SELECT coalesce(sum(u.questions), 0)::int AS questions,
               count(DISTINCT u.account_id) FILTER (WHERE u.questions > 0)::int AS learners,
               coalesce(sum(u.prompt_tokens), 0)::float8 AS prompt,
               coalesce(sum(u.completion_tokens), 0)::float8 AS completion
          FROM ${u} u WHERE ${inPeriod}`),
      db.execute<{ account_id: number; name: string; questions: number; prompt: number; completion: number }>(sql`
        SELECT u.account_id, coalesce(nullif(m.real_name, ''), m.user_name, '') AS name,
               sum(u.questions)::int AS questions,
               sum(u.prompt_tokens)::float8 AS prompt, sum(u.completion_tokens)::float8 AS completion
          FROM ${u} u
          LEFT JOIN ${schema.enterpriseUsers} m ON m.eid = u.eid AND m.account_id = u.account_id
         WHERE ${inPeriod}
         GROUP BY u.account_id, m.real_name, m.user_name
         HAVING sum(u.questions) > 0
         ORDER BY questions DESC, u.account_id LIMIT 10`),
    ]);
    const sums = (r: Sums) => ({
      questions: r.questions,
      learners: r.learners,
      promptTokens: Math.round(r.prompt),
      completionTokens: Math.round(r.completion),
    });
    return {
      days: byDay.map((r) => ({ day: r.day, ...sums(r) })),
      totals: sums(totals[0] ?? { questions: 0, learners: 0, prompt: 0, completion: 0 }),
      top: top.map((r) => ({
        accountId: r.account_id,
        name: r.name,
        questions: r.questions,
        promptTokens: Math.round(r.prompt),
        completionTokens: Math.round(r.completion),
      })),
    };
  }
}
