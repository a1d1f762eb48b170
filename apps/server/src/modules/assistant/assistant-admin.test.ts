import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteAiModel,
  findAdminAiModels,
  findAuditLog,
  findAvailableAiModels,
  rebuildAssistantIndex,
  saveAiModel,
  saveAssistantSettings,
  viewAssistantSettings,
  viewAssistantUsage,
  type CallDef,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createTextCourse } from '../../test/assistant-factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createEnterprise, type Learner } from '../../test/factories.ts';

/**
 * The back office’s assistant (issue 24 item 4, decision 061): the service’s key is write-only
 * (never answered, never in the audit log, encrypted at rest, dropped when the address moves to
 * another origin), internal addresses refused, models per enterprise, the index rebuilt on
 * request, the usage by day; all refused to learners and invisible to another enterprise.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let admin: Learner;
let adminOfB: Learner;
let learner: Learner;
const KEY = 'sk-very-secret-0123456789';
const db = () => t.database.db;
const as = (who: Learner) => ({ as: who });
const settingsForm = { enabled: true, baseUrl: 'https://203.0.113.10/v1', dailyLimit: 30 };

beforeAll(async () => {
  // As in production: service addresses inside the portal's network are refused.
  t = await createTestApp({ TENANT_CODES: '', RATE_LIMIT_PER_MINUTE: '100000', AI_ALLOW_PRIVATE_HOSTS: 'false' });
  a = await createEnterprise(db());
  const b = await createEnterprise(db());
  admin = await t.learner(a, { member: { isAdmin: true, realName: '管理员' } });
  adminOfB = await t.learner(b, { member: { isAdmin: true } });
  learner = await t.learner(a, { member: { realName: '王学员' } });
  await createTextCourse(db(), a.eid, { title: '安全生产', summary: '安全生产的基本要求。' }, [
    { title: '消防', content: '<p>灭火器的使用方法。</p>' },
  ]);
});
afterAll(async () => t?.close());

describe('the assistant’s settings', () => {
  it('keep the key write-only: never answered, never audited, encrypted at rest', async () => {
    const saved = await t.call(saveAssistantSettings, { ...settingsForm, apiKey: KEY }, as(admin));
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject({
      enabled: true,
      baseUrl: 'https://203.0.113.10/v1',
      apiKeySet: true,
      dailyLimit: 30,
    });
    const viewed = await t.call(viewAssistantSettings, {}, as(admin));
    expect(viewed.data.apiKeySet).toBe(true);
    const audit = await t.call(findAuditLog, { entityType: 'assistant_settings' }, as(admin));
    expect(audit.data.list).toHaveLength(1);
    for (const answer of [saved, viewed, audit]) expect(JSON.stringify(answer)).not.toContain(KEY);
    const [row] = await db().select().from(schema.assistantSettings).where(eq(schema.assistantSettings.eid, a.eid));
    expect(row!.apiKey).not.toContain(KEY);
    expect(t.platform.vault.decrypt(row!.apiKey)).toBe(KEY);
  });

  it('keep the key for the same origin, drop it when the address moves elsewhere, clear it when asked', async () => {
    await t.call(saveAssistantSettings, { ...settingsForm, apiKey: KEY }, as(admin));
    const samePlace = await t.call(
      saveAssistantSettings,
      { ...settingsForm, baseUrl: 'https://203.0.113.10/v2/' },
      as(admin),
    );
    expect(samePlace.data).toMatchObject({ baseUrl: 'https://203.0.113.10/v2', apiKeySet: true });
    const moved = await t.call(
      saveAssistantSettings,
      { ...settingsForm, baseUrl: 'https://203.0.113.99/v1' },
      as(admin),
    );
    expect(moved.data.apiKeySet).toBe(false);
    await t.call(saveAssistantSettings, { ...settingsForm, apiKey: KEY }, as(admin));
    const cleared = await t.call(saveAssistantSettings, { ...settingsForm, clearApiKey: true }, as(admin));
    expect(cleared.data.apiKeySet).toBe(false);
    const audit = await t.call(findAuditLog, { entityType: 'assistant_settings', pageSize: 1 }, as(admin));
    expect(audit.data.list[0]!.after).toMatchObject({ apiKeySet: false, keyChange: 'cleared' });
  });

  it('refuse an address on this machine or an internal network, and what is not http(s)', async () => {
    for (const baseUrl of ['http://127.0.0.1:11434/v1', 'http://169.254.169.254/latest', 'http://[::1]/v1']) {
      const res = await t.call(saveAssistantSettings, { ...settingsForm, baseUrl }, as(admin));
      expect(res.code, baseUrl).toBe(9810);
      expect(res.message).toBe('模型服务地址不可用：地址指向本机或内部网络，平台未允许访问');
    }
    expect(
      (await t.call(saveAssistantSettings, { ...settingsForm, baseUrl: 'ftp://203.0.113.10' }, as(admin))).code,
    ).toBe(400);
    expect((await t.call(viewAssistantSettings, {}, as(admin))).data.baseUrl).toBe('https://203.0.113.10/v1');
  });
});

describe('the models', () => {
  it('are the enterprise’s own: added, named once, changed, deleted; learners see the enabled ones', async () => {
    const c = await createEnterprise(db());
    const adminOfC = await t.learner(c, { member: { isAdmin: true } });
    const learnerOfC = await t.learner(c);
    // Enabling a model needs the service first.
    expect(
      (await t.call(saveAiModel, { name: 'deepseek-chat', label: 'DeepSeek', enabled: true }, as(adminOfC))).code,
    ).toBe(9811);
    await t.call(saveAssistantSettings, { ...settingsForm, apiKey: KEY }, as(adminOfC));
    const first = await t.call(
      saveAiModel,
      { name: 'deepseek-chat', label: 'DeepSeek', enabled: true, sort: 2 },
      as(adminOfC),
    );
    const second = await t.call(
      saveAiModel,
      { name: 'qwen-plus', label: '通义千问', enabled: true, sort: 1 },
      as(adminOfC),
    );
    expect([first.code, second.code]).toEqual([200, 200]);
    expect((await t.call(saveAiModel, { name: 'qwen-plus', label: '又一个', enabled: false }, as(adminOfC))).code).toBe(
      9812,
    );
    expect((await t.call(findAvailableAiModels, {}, as(learnerOfC))).data.map((m) => [m.label, m.isDefault])).toEqual([
      ['通义千问', true],
      ['DeepSeek', false],
    ]);
    expect((await t.call(viewAssistantSettings, {}, as(adminOfC))).data.mode).toBe('model');
    const changed = await t.call(
      saveAiModel,
      { id: second.data.id, name: 'qwen-plus', label: '通义千问', enabled: false },
      as(adminOfC),
    );
    expect(changed.data.enabled).toBe(false);
    expect((await t.call(findAvailableAiModels, {}, as(learnerOfC))).data.map((m) => m.label)).toEqual(['DeepSeek']);
    // Another enterprise's administrator sees none of them and changes none.
    expect((await t.call(findAdminAiModels, {}, as(adminOfB))).data).toEqual([]);
    expect((await t.call(deleteAiModel, { id: first.data.id }, as(adminOfB))).code).toBe(9813);
    expect(
      (await t.call(saveAiModel, { id: first.data.id, name: 'x', label: 'x', enabled: false }, as(adminOfB))).code,
    ).toBe(9813);
    expect((await t.call(deleteAiModel, { id: first.data.id }, as(adminOfC))).code).toBe(200);
    expect((await t.call(findAdminAiModels, {}, as(adminOfC))).data.map((m) => m.name)).toEqual(['qwen-plus']);
    const audit = await t.call(findAuditLog, { entityType: 'ai_model' }, as(adminOfC));
    expect(audit.data.list).toHaveLength(4);
  });
});

describe('the index and the usage', () => {
  it('rebuilds the index on request, in the background, audited', async () => {
    const asked = await t.call(rebuildAssistantIndex, {}, as(admin));
    expect(asked.code).toBe(200);
    expect(asked.data.rebuilding).toBe(true);
    let state = asked.data;
    for (let i = 0; i < 100 && state.rebuilding; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = (await t.call(viewAssistantSettings, {}, as(admin))).data.index;
    }
    expect(state).toMatchObject({ rebuilding: false, passages: 2 });
    expect(state.indexedAt).not.toBeNull();
    expect((await t.call(findAuditLog, { entityType: 'assistant_index' }, as(admin))).data.list).toHaveLength(1);
  });

  it('sums questions and tokens by China day over a period, with the learners who asked most', async () => {
    await db()
      .insert(schema.aiUsage)
      .values([
        {
          eid: a.eid,
          accountId: learner.accountId,
          day: '2026-03-01',
          questions: 4,
          promptTokens: 1000,
          completionTokens: 200,
        },
        {
          eid: a.eid,
          accountId: admin.accountId,
          day: '2026-03-01',
          questions: 1,
          promptTokens: 10,
          completionTokens: 2,
        },
        {
          eid: a.eid,
          accountId: learner.accountId,
          day: '2026-03-03',
          questions: 2,
          promptTokens: 500,
          completionTokens: 100,
        },
        {
          eid: a.eid,
          accountId: learner.accountId,
          day: '2026-04-01',
          questions: 9,
          promptTokens: 9,
          completionTokens: 9,
        },
      ]);
    const usage = await t.call(viewAssistantUsage, { from: '2026-03-01', to: '2026-03-31' }, as(admin));
    expect(usage.data.days).toEqual([
      { day: '2026-03-01', questions: 5, learners: 2, promptTokens: 1010, completionTokens: 202 },
      { day: '2026-03-03', questions: 2, learners: 1, promptTokens: 500, completionTokens: 100 },
    ]);
    expect(usage.data.totals).toEqual({ questions: 7, learners: 2, promptTokens: 1510, completionTokens: 302 });
    expect(usage.data.top[0]).toEqual({
      accountId: learner.accountId,
      name: '王学员',
      questions: 6,
      promptTokens: 1500,
      completionTokens: 300,
    });
    expect((await t.call(viewAssistantUsage, { from: '2026-03-02', to: '2026-03-01' }, as(admin))).code).toBe(9526);
    expect(
      (await t.call(viewAssistantUsage, { from: '2026-03-01', to: '2026-03-31' }, as(adminOfB))).data.totals.questions,
    ).toBe(0);
  });
});

describe('access', () => {
  it('refuses every back-office call of the assistant to a learner (3403)', async () => {
    const inputs: Array<[CallDef, object]> = [
      [viewAssistantSettings, {}],
      [saveAssistantSettings, settingsForm],
      [findAdminAiModels, {}],
      [saveAiModel, { name: 'm', label: 'm', enabled: false }],
      [deleteAiModel, { id: 1 }],
      [rebuildAssistantIndex, {}],
      [viewAssistantUsage, { from: '2026-03-01', to: '2026-03-02' }],
    ];
    for (const [call, input] of inputs) {
      expect((await t.call(call, input as never, as(learner))).code, call.name).toBe(3403);
    }
    expect((await t.call(viewAssistantSettings, {}, as(learner))).data).toBeNull();
  });
});
