import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  deleteAiModel,
  findAdminAiModels,
  saveAssistantSettings,
  viewAssistantSettings,
} from '@portal/contract/calls/assistant';
import { connectDatabase, schema, type Db } from '@portal/db';
import { expectAccessible } from '../a11y.ts';
import { createLearner } from '../accounts.ts';
import { openedDialog } from '../antd.ts';
import { browserAvailable, url } from '../browser.ts';
import { browserSession } from '../session.ts';
import { signInAs, signInByCall } from '../sign-in-as.ts';
import { portal } from '../portal.ts';
import { chinaMinute } from '../china-time.ts';

// The back office's AI study assistant (/crm/assistant, issue 24 item 4): the demo administrator
// finds it in the menu, sees that with no model the learners get the extractive answer, saves the
// service with a key that is never shown again (nor stored as typed), adds a model (the form's own
// checks, the gateway's refusal of a name taken shown on its field) and sees a model answer, sees
// the key dropped when the address moves to another host, rebuilds the index and reads its
// passages, reads the usage of a period and the audit log; then the English pages' texts.
const EID = 1001;
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };
/** A period of its own for the usage: nothing else asks the assistant in February 2024. */
const PERIOD = { from: '2024-02-01', to: '2024-02-29' };
const DEFAULTS = { enabled: true, baseUrl: '', clearApiKey: true, dailyLimit: 50 } as const;

/** The messages under the form field labelled `label`, '' when none. */
const fieldError = (scope: Locator, p: Page, label: string) =>
  scope
    .locator('.ant-form-item')
    .filter({ has: p.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error')
    .allTextContents()
    .then((all) => all.join(' '));

/** A statistic card's number (antd groups thousands). */
const total = (p: Page, key: string) =>
  p
    .locator(`[data-total="${key}"] .ant-statistic-content-value`)
    .textContent()
    .then((v) => Number(v!.replace(/,/g, '')));

describe.runIf(browserAvailable())('the AI study assistant in the back office (/crm/assistant)', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;
  let admin: Awaited<ReturnType<typeof signInByCall>>;
  /** The service as the demo site has it, whatever a test left. */
  const reset = async () => {
    for (const m of await admin(findAdminAiModels, {})) await admin(deleteAiModel, { id: m.id });
    await admin(saveAssistantSettings, DEFAULTS);
  };

  beforeAll(async () => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
    admin = await signInByCall(ADMIN);
    await reset();
  });
  afterAll(async () => {
    await reset();
    await database?.close();
  });

  it('sets the service with a write-only key, adds a model, rebuilds the index, reads the usage', async () => {
    // Two learners' questions in February 2024: the usage the period shows.
    const accounts = [];
    for (let i = 0; i < 2; i += 1) {
      const { phone } = await createLearner(EID);
      const [row] = await db
        .select({ id: schema.accounts.id, name: schema.enterpriseUsers.realName })
        .from(schema.accounts)
        .innerJoin(
          schema.enterpriseUsers,
          and(eq(schema.enterpriseUsers.accountId, schema.accounts.id), eq(schema.enterpriseUsers.eid, EID)),
        )
        .where(eq(schema.accounts.phone, phone));
      accounts.push(row!);
    }
    const [a, b] = accounts as [{ id: number; name: string }, { id: number; name: string }];
    await db.insert(schema.aiUsage).values([
      { eid: EID, accountId: a.id, day: '2024-02-10', questions: 4, promptTokens: 1200, completionTokens: 400 },
      { eid: EID, accountId: a.id, day: '2024-02-12', questions: 3, promptTokens: 900, completionTokens: 300 },
      { eid: EID, accountId: b.id, day: '2024-02-12', questions: 2, promptTokens: 500, completionTokens: 100 },
    ]);
    const key = `sk-e2e-${Date.now()}-secret`;
    try {
      await signInAs(session.b, ADMIN, { path: '/crm' });
      const p = page();
      const menu = p.getByRole('navigation', { name: '管理后台' });
      await menu.getByRole('link', { name: 'AI学习助手' }).click();
      await p.waitForURL((u) => u.pathname === '/crm/assistant');
      await p.getByRole('heading', { level: 4, name: 'AI学习助手' }).waitFor();
      expect(await p.getByRole('tab').allTextContents()).toEqual(['助手设置', '使用统计']);
      // No service, no model: the learners get the extractive answer, and the page says so and why.
      const mode = p.locator('[data-assistant-mode]');
      expect(await mode.getAttribute('data-assistant-mode')).toBe('extractive');
      expect(await mode.textContent()).toContain('无大模型时使用摘录式回答');
      expect(await mode.textContent()).toContain('请填写并保存模型服务地址，再启用至少一个模型');
      const service = p.getByRole('region', { name: '服务设置' });
      const keyState = () => p.locator('[data-key-state="apiKey"]').textContent();
      expect(await keyState()).toBe('未设置');
      expect(await service.getByLabel('开启AI学习助手', { exact: true }).getAttribute('aria-checked')).toBe('true');
      await expectAccessible(p, 'back-office assistant settings');

      // The service: the address checked as it is typed, the key kept and never shown.
      await p.waitForLoadState('networkidle');
      const address = service.getByLabel('模型服务地址', { exact: true });
      await address.fill('ftp://models.example.com/v1');
      await expect.poll(() => fieldError(service, p, '模型服务地址')).toContain('以 http:// 或 https:// 开头');
      await address.fill('http://127.0.0.1:11434/v1/');
      await service.getByLabel('API 密钥', { exact: true }).fill(key);
      await service.getByLabel('每人每日提问次数', { exact: true }).fill('30');
      await service.getByRole('button', { name: '保存设置' }).click();
      await p.locator('.ant-message').getByText('AI学习助手设置已保存', { exact: true }).waitFor();
      await expect.poll(keyState).toBe('已设置');
      expect(await service.getByLabel('API 密钥', { exact: true }).inputValue()).toBe('');
      // The address as the gateway keeps it (no trailing slash); still extractive: no model yet.
      expect(await address.inputValue()).toBe('http://127.0.0.1:11434/v1');
      await expect.poll(() => mode.textContent()).toContain('请在下方启用至少一个模型');
      await p.reload();
      await expect.poll(keyState).toBe('已设置');
      expect(await service.getByLabel('每人每日提问次数', { exact: true }).inputValue()).toBe('30');
      expect(await p.content()).not.toContain(key);
      const [stored] = await db.select().from(schema.assistantSettings).where(eq(schema.assistantSettings.eid, EID));
      expect(stored!.apiKey).not.toBe('');
      expect(stored!.apiKey).not.toContain(key);
      expect(stored!.dailyLimit).toBe(30);

      // A model: the form's checks, then added (enabled: the address is saved) as the default.
      await p.waitForLoadState('networkidle');
      const models = p.getByRole('region', { name: '模型' });
      expect(await models.textContent()).toContain('尚未添加模型');
      await models.getByRole('button', { name: '添加模型' }).click();
      const dialog = await openedDialog(p, p.getByRole('dialog').filter({ hasText: '添加模型' }));
      await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
      await expect.poll(() => fieldError(dialog, p, '显示名称')).toBe('请填写显示名称');
      expect(await fieldError(dialog, p, '模型名称')).toBe('请填写模型名称');
      await dialog.getByLabel('显示名称', { exact: true }).fill('本地模型');
      await dialog.getByLabel('模型名称', { exact: true }).fill('llama 3');
      await expect.poll(() => fieldError(dialog, p, '模型名称')).toBe('模型名称只能包含字母、数字和 . _ : / @ + -');
      await dialog.getByLabel('模型名称', { exact: true }).fill('llama3.1:8b');
      expect(await dialog.getByLabel('启用', { exact: true }).getAttribute('aria-checked')).toBe('true');
      expect(await dialog.getByLabel('排序', { exact: true }).inputValue()).toBe('0');
      expect(await dialog.getByLabel('最长回答（tokens）', { exact: true }).inputValue()).toBe('1024');
      await expectAccessible(p, 'back-office assistant model dialog');
      await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
      await p.locator('.ant-message').getByText('模型已保存', { exact: true }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      const row = models.locator('tbody tr.ant-table-row').filter({ hasText: 'llama3.1:8b' });
      await row.waitFor();
      for (const part of ['本地模型', '默认', '启用', '1024']) expect(await row.textContent()).toContain(part);
      await expect.poll(() => mode.getAttribute('data-assistant-mode')).toBe('model');
      expect(await mode.textContent()).toContain('学员的提问由大模型回答，默认模型为“本地模型”。');
      // The same model again: the gateway's refusal on its field.
      await models.getByRole('button', { name: '添加模型' }).click();
      const again = await openedDialog(p, p.getByRole('dialog').filter({ hasText: '添加模型' }));
      await again.getByLabel('显示名称', { exact: true }).fill('重复的模型');
      await again.getByLabel('模型名称', { exact: true }).fill('llama3.1:8b');
      await again.getByRole('button', { name: /^保\s?存$/ }).click();
      await expect.poll(() => fieldError(again, p, '模型名称')).toBe('该模型已添加');
      await again.getByRole('button', { name: /^取\s?消$/ }).click();
      await again.waitFor({ state: 'detached' });
      const [model] = await db
        .select()
        .from(schema.aiModels)
        .where(and(eq(schema.aiModels.eid, EID), eq(schema.aiModels.name, 'llama3.1:8b')));
      expect(model).toMatchObject({ label: '本地模型', enabled: true, sort: 0, maxTokens: 1024 });

      // Another host: the page warns that the key goes, and the gateway drops it.
      await address.fill('http://127.0.0.2:11434/v1');
      const warning = service.getByText('服务地址的主机已更改：保存后将删除已保存的密钥', { exact: false });
      await warning.waitFor();
      await service.getByRole('checkbox', { name: '删除已保存的密钥' }).check();
      await warning.waitFor({ state: 'detached' });
      await service.getByRole('checkbox', { name: '删除已保存的密钥' }).uncheck();
      await warning.waitFor();
      await service.getByRole('button', { name: '保存设置' }).click();
      await p.locator('.ant-message').getByText('服务地址的主机已更改，原来的密钥已删除', { exact: true }).waitFor();
      await expect.poll(keyState).toBe('未设置');
      expect(await service.getByRole('checkbox', { name: '删除已保存的密钥' }).count()).toBe(0);

      // The index: rebuilt in the background, followed until done, its passages as the database has them.
      const index = p.getByRole('region', { name: '检索索引' });
      // A build under way (the server's own at its start) is followed first: the button waits for it.
      await expect.poll(() => index.locator('[data-index="state"]').textContent()).not.toBe('正在重建');
      const started = new Date();
      await index.getByRole('button', { name: '重建索引' }).click();
      const done = p.locator('.ant-message').getByText(/^索引已重建，共 \d+ 个段落$/);
      await done.waitFor();
      await expect.poll(() => index.locator('[data-index="state"]').textContent()).toBe('正常');
      const { rows } = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM search_passages WHERE eid = ${EID}`,
      );
      const passages = rows[0]!.n;
      expect(passages).toBeGreaterThan(0); // the demo site's courses and news
      expect(await done.textContent()).toBe(`索引已重建，共 ${passages} 个段落`);
      expect(await index.locator('[data-index="passages"]').textContent()).toBe(String(passages));
      const [after] = await db
        .select({ indexedAt: schema.assistantSettings.indexedAt })
        .from(schema.assistantSettings)
        .where(eq(schema.assistantSettings.eid, EID));
      expect(after!.indexedAt!.getTime()).toBeGreaterThanOrEqual(started.getTime() - 1000);
      expect(await index.locator('[data-index="indexedAt"]').textContent()).toBe(chinaMinute(after!.indexedAt!));

      // Deleted after a confirm: the extractive answer again.
      await row.getByRole('button', { name: '删除 本地模型' }).click();
      const confirm = p.getByRole('dialog').filter({ hasText: '删除模型“本地模型”？' });
      expect(await confirm.textContent()).toContain('已有回答中的模型名称保留');
      await confirm.getByRole('button', { name: /^删\s?除$/ }).click();
      await p.locator('.ant-message').getByText('模型已删除', { exact: true }).waitFor();
      await row.waitFor({ state: 'detached' });
      await expect.poll(() => mode.getAttribute('data-assistant-mode')).toBe('extractive');

      // The usage of the period: the totals, by day, the learners who asked most.
      await p.waitForLoadState('networkidle');
      await p.getByRole('tab', { name: '使用统计' }).click();
      await p.waitForURL((u) => u.pathname === '/crm/assistant/usage');
      await p.goto(url(`/crm/assistant/usage?from=${PERIOD.from}&to=${PERIOD.to}`));
      await p.getByRole('heading', { level: 4, name: 'AI学习助手' }).waitFor();
      expect(await p.getByRole('tab', { selected: true }).textContent()).toBe('使用统计');
      expect(await total(p, 'questions')).toBe(9);
      expect(await total(p, 'learners')).toBe(2);
      expect(await total(p, 'promptTokens')).toBe(2600);
      expect(await total(p, 'completionTokens')).toBe(800);
      const byDay = p.getByRole('region', { name: '每日用量' });
      const dayRows = await byDay.locator('tbody tr.ant-table-row').allInnerTexts();
      expect(dayRows.map((r) => r.split('\t').map((c) => c.trim()))).toEqual([
        ['2024-02-12', '5', '2', '1400', '400'],
        ['2024-02-10', '4', '1', '1200', '400'],
      ]);
      const top = p.getByRole('region', { name: '提问最多的学员' });
      const topRows = await top.locator('tbody tr.ant-table-row').allInnerTexts();
      expect(topRows.map((r) => r.split('\t').map((c) => c.trim()))).toEqual([
        ['1', a.name, '7', '2100', '700'],
        ['2', b.name, '2', '500', '100'],
      ]);
      await p.getByText('每日提问', { exact: true }).waitFor();
      await expectAccessible(p, 'back-office assistant usage');

      // The audit log names the assistant's writes.
      await p.goto(url(`/crm/audit?entityType=ai_model`));
      const audit = p.locator('tbody');
      await expect.poll(() => audit.textContent()).toContain(`删除AI模型`);
      expect(await audit.textContent()).toContain(`AI模型 ${model!.id}`);
      expect(await audit.textContent()).toContain('保存AI模型');
    } finally {
      await db.delete(schema.aiUsage).where(
        and(
          eq(schema.aiUsage.eid, EID),
          inArray(
            schema.aiUsage.accountId,
            accounts.map((x) => x.id),
          ),
        ),
      );
    }
  });

  it('speaks English: the settings, the model dialog, the index, the usage and the audit log', async () => {
    // The settings saved once more (as the demo site has them): an audited write to find.
    await admin(saveAssistantSettings, DEFAULTS);
    const settings = await admin(viewAssistantSettings, {});
    await signInAs(session.b, ADMIN, { path: '/crm/assistant', lang: 'en' });
    const p = page();
    await p.getByRole('heading', { level: 4, name: 'AI study assistant' }).waitFor();
    const menu = p.getByRole('navigation', { name: 'Back office' });
    expect(await menu.getByRole('link', { name: 'AI study assistant' }).getAttribute('href')).toBe('/en/crm/assistant');
    expect(await menu.getByRole('menuitem', { name: 'System' }).count()).toBe(1);
    expect(await p.getByRole('tab').allTextContents()).toEqual(['Settings', 'Usage']);
    expect(await p.locator('.ant-breadcrumb').textContent()).toContain('AI study assistant');
    const mode = p.locator('[data-assistant-mode]');
    expect(await mode.textContent()).toContain('No model: answers quote the best passages');
    expect(await mode.textContent()).toContain('save the model service address, then enable a model');

    const service = p.getByRole('region', { name: 'Service' });
    expect(await service.locator('.ant-form-item-label label').allTextContents()).toEqual([
      'AI study assistant on',
      'Model service address',
      'API key',
      'Questions per learner a day',
    ]);
    expect(await p.locator('[data-key-state="apiKey"]').textContent()).toBe(settings.apiKeySet ? 'Set' : 'Not set');
    expect(await service.textContent()).toContain('A saved key is never shown again; leave empty to keep it.');
    await service.getByRole('button', { name: 'Save settings' }).waitFor();

    const models = p.getByRole('region', { name: 'Models' });
    expect(await models.getByRole('columnheader').allTextContents()).toEqual([
      'Shown name',
      'Model name',
      'Status',
      'Order',
      'Longest answer (tokens)',
      'Updated',
      'Actions',
    ]);
    expect(await models.textContent()).toContain('No models yet');
    await p.waitForLoadState('networkidle');
    await models.getByRole('button', { name: 'Add model' }).click();
    const dialog = await openedDialog(p, p.getByRole('dialog').filter({ hasText: 'Add model' }));
    expect(await dialog.locator('.ant-form-item-label label').allTextContents()).toEqual([
      'Shown name',
      'Model name',
      'Enabled',
      'Order',
      'Longest answer (tokens)',
    ]);
    // No address saved: a new model starts disabled, and the hint says why.
    expect(await dialog.getByLabel('Enabled', { exact: true }).getAttribute('aria-checked')).toBe('false');
    expect(await dialog.textContent()).toContain('save the model service address first');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => fieldError(dialog, p, 'Shown name')).toBe('Shown name is required');
    expect(await fieldError(dialog, p, 'Model name')).toBe('Model name is required');
    // Enabled without an address: the gateway's refusal (9811) on the switch.
    await dialog.getByLabel('Shown name', { exact: true }).fill('DeepSeek');
    await dialog.getByLabel('Model name', { exact: true }).fill('deepseek-chat');
    await dialog.getByLabel('Enabled', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => fieldError(dialog, p, 'Enabled'))
      .toBe('Fill in the model service address before enabling a model');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    const index = p.getByRole('region', { name: 'Search index' });
    expect(await index.locator('.ant-descriptions-item-label').allTextContents()).toEqual([
      'Passages indexed',
      'Last full build',
      'State',
    ]);
    await index.getByRole('button', { name: 'Rebuild index' }).waitFor();

    // The usage: a period the gateway refuses, then the figures' names.
    await p.goto(url('/en/crm/assistant/usage?from=2022-01-01&to=2024-01-01'));
    await p.getByRole('alert').filter({ hasText: 'The dates are not valid' }).waitFor();
    expect(await p.getByRole('alert').filter({ hasText: 'The dates are not valid' }).textContent()).toContain(
      'at most 366 days',
    );
    await p.goto(url(`/en/crm/assistant/usage?from=${PERIOD.from}&to=${PERIOD.to}`));
    await p.getByRole('tab', { name: 'Usage', selected: true }).waitFor();
    expect(await p.locator('[data-total] .ant-statistic-title').allTextContents()).toEqual([
      'Questions',
      'Learners who asked',
      'Prompt tokens',
      'Completion tokens',
    ]);
    const byDay = p.getByRole('region', { name: 'By day' });
    expect(await byDay.getByRole('columnheader').allTextContents()).toEqual([
      'Day',
      'Questions',
      'Learners who asked',
      'Prompt tokens',
      'Completion tokens',
    ]);
    const top = p.getByRole('region', { name: 'Learners who asked most' });
    expect(await top.getByRole('columnheader').allTextContents()).toEqual([
      'Rank',
      'Learner',
      'Questions',
      'Prompt tokens',
      'Completion tokens',
    ]);
    expect(await p.locator('#portal-main').textContent()).toContain(
      'Quoted answers use no language model and no tokens',
    );
    await expectAccessible(p, 'back-office assistant usage (English)');

    await p.goto(url('/en/crm/audit?entityType=assistant_settings'));
    await expect.poll(() => p.locator('tbody').textContent()).toContain('Saved the AI study assistant settings');
    expect(await p.locator('tbody').textContent()).toContain(`AI study assistant settings ${EID}`);
  });
});
