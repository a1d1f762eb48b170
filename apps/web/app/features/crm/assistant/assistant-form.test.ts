import { describe, expect, it } from 'vitest';
import {
  saveAiModel,
  saveAssistantSettings,
  type AdminAiModel,
  type AssistantSettings,
} from '@portal/contract/calls/assistant';
import { pick } from '../../../lib/i18n.ts';
import {
  baseUrlProblem,
  dailyLimitProblem,
  defaultModelOf,
  everyDay,
  extractiveReason,
  keyWillDrop,
  modelFieldProblem,
  modelRequest,
  modelValues,
  originOf,
  settingsRequest,
  settingsValues,
  type AiModelValues,
  type AssistantSettingsValues,
} from './assistant-form.ts';
import { assistantMessages } from './assistant-messages.ts';

const zh = pick(assistantMessages, 'zh');
const en = pick(assistantMessages, 'en');

const settings = (over: Partial<AssistantSettings> = {}): AssistantSettings => ({
  enabled: true,
  baseUrl: 'https://api.deepseek.com/v1',
  apiKeySet: true,
  dailyLimit: 50,
  mode: 'model',
  index: { indexedAt: '2026-05-01T02:00:00.000Z', passages: 120, rebuilding: false },
  ...over,
});

const model = (over: Partial<AdminAiModel> = {}): AdminAiModel => ({
  id: 1,
  name: 'deepseek-chat',
  label: 'DeepSeek',
  enabled: true,
  sort: 0,
  maxTokens: 1024,
  updatedAt: '2026-05-01T02:00:00.000Z',
  ...over,
});

const values = (over: Partial<AssistantSettingsValues> = {}): AssistantSettingsValues => ({
  ...settingsValues(settings()),
  ...over,
});

describe('the settings form', () => {
  it('starts from the stored settings with the key box empty and nothing to remove', () => {
    expect(settingsValues(settings())).toEqual({
      enabled: true,
      baseUrl: 'https://api.deepseek.com/v1',
      apiKey: '',
      clearApiKey: false,
      dailyLimit: 50,
    });
  });

  it('keeps the stored key when the box is left empty: no key is sent', () => {
    const sent = settingsRequest(values({ apiKey: '   ', baseUrl: ' https://api.deepseek.com/v1 ' }));
    expect(sent).toEqual({ enabled: true, baseUrl: 'https://api.deepseek.com/v1', dailyLimit: 50 });
    expect('apiKey' in sent).toBe(false);
    expect(saveAssistantSettings.request.parse(sent).clearApiKey).toBe(false);
  });

  it('sends a typed key trimmed, and removing sends clearApiKey without the key typed', () => {
    expect(settingsRequest(values({ apiKey: ' sk-new ' })).apiKey).toBe('sk-new');
    const removing = settingsRequest(values({ apiKey: 'sk-typed', clearApiKey: true }));
    expect(removing.clearApiKey).toBe(true);
    expect('apiKey' in removing).toBe(false);
    // What the form sends is what the gateway takes.
    expect(saveAssistantSettings.request.safeParse(removing).success).toBe(true);
  });

  it('warns that the key goes when the address moves to another host without a new key', () => {
    const stored = settings();
    expect(keyWillDrop(stored, values())).toBe(false);
    // Another path on the same origin keeps it, as the server does.
    expect(keyWillDrop(stored, values({ baseUrl: 'https://api.deepseek.com/beta/' }))).toBe(false);
    expect(keyWillDrop(stored, values({ baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1' }))).toBe(true);
    expect(keyWillDrop(stored, values({ baseUrl: 'http://api.deepseek.com/v1' }))).toBe(true);
    expect(keyWillDrop(stored, values({ baseUrl: '' }))).toBe(true);
    // Not when a new key comes with it, when it is removed anyway, or when none is stored.
    expect(keyWillDrop(stored, values({ baseUrl: 'https://other.example.com/v1', apiKey: 'sk-2' }))).toBe(false);
    expect(keyWillDrop(stored, values({ baseUrl: 'https://other.example.com/v1', clearApiKey: true }))).toBe(false);
    expect(keyWillDrop(settings({ apiKeySet: false }), values({ baseUrl: 'https://other.example.com' }))).toBe(false);
  });

  it('compares origins as URLs do', () => {
    expect(originOf('https://API.deepseek.com:443/v1')).toBe('https://api.deepseek.com');
    expect(originOf('http://10.0.0.5:11434/v1')).toBe('http://10.0.0.5:11434');
    expect(originOf('')).toBe('');
    expect(originOf('not a url')).toBe('');
  });

  it('takes the addresses the contract takes, in the page language', () => {
    for (const ok of ['', 'https://api.deepseek.com/v1', 'http://192.168.1.20:11434/v1', ' https://x.example.com '])
      expect(baseUrlProblem(ok, zh), ok).toBeNull();
    expect(baseUrlProblem('ftp://x.example.com', zh)).toBe(zh.baseUrlInvalid);
    expect(baseUrlProblem('https://user:pw@x.example.com/v1', en)).toBe(en.baseUrlInvalid);
    expect(baseUrlProblem('api.deepseek.com', en)).toBe(en.baseUrlInvalid);
    expect(baseUrlProblem(`https://x.example.com/${'a'.repeat(500)}`, zh)).toBe('模型服务地址最多 500 个字符');
  });

  it('takes a daily limit from 1 to 100000', () => {
    expect(dailyLimitProblem(1, zh)).toBeNull();
    expect(dailyLimitProblem(100_000, zh)).toBeNull();
    for (const bad of [0, 100_001, 2.5, null, undefined])
      expect(dailyLimitProblem(bad, en)).toBe('Questions per learner a day: a whole number from 1 to 100000');
  });
});

describe('what the page says answers the learners', () => {
  it('names why the extractive answer serves: no address, or no model enabled', () => {
    const models = [model({ enabled: false })];
    expect(extractiveReason(settings({ mode: 'model' }), [model()])).toBeNull();
    expect(extractiveReason(settings({ mode: 'extractive', baseUrl: '' }), [model()])).toBe('address');
    expect(extractiveReason(settings({ mode: 'extractive' }), models)).toBe('model');
    expect(extractiveReason(settings({ mode: 'extractive' }), [])).toBe('model');
  });

  it('takes the first enabled model in the list order as the default', () => {
    const models = [model({ id: 1, enabled: false }), model({ id: 2 }), model({ id: 3 })];
    expect(defaultModelOf(models)?.id).toBe(2);
    expect(defaultModelOf([model({ enabled: false })])).toBeNull();
  });
});

describe('the model form', () => {
  it('puts a new model after the others, enabled only when a service address is saved', () => {
    const models = [model({ sort: 3 }), model({ id: 2, sort: 7 })];
    expect(modelValues(null, models, settings())).toEqual({
      label: '',
      name: '',
      enabled: true,
      sort: 8,
      maxTokens: 1024,
    });
    expect(modelValues(null, [], settings({ baseUrl: '' }))).toMatchObject({ enabled: false, sort: 0 });
    expect(modelValues(null, [model({ sort: 9999 })], settings()).sort).toBe(9999);
  });

  it('edits a model with its own values and sends its id', () => {
    const m = model({ id: 9, sort: 2, maxTokens: 2048, enabled: false });
    const v = modelValues(m, [m], settings());
    expect(v).toEqual({ label: 'DeepSeek', name: 'deepseek-chat', enabled: false, sort: 2, maxTokens: 2048 });
    const sent = modelRequest({ ...v, label: ' 深度求索 ', name: ' deepseek-reasoner ' }, 9);
    expect(sent).toEqual({
      id: 9,
      label: '深度求索',
      name: 'deepseek-reasoner',
      enabled: false,
      sort: 2,
      maxTokens: 2048,
    });
    expect(saveAiModel.request.safeParse(sent).success).toBe(true);
    expect('id' in modelRequest(v)).toBe(false);
  });

  it('checks each field as the contract does, in the page language', () => {
    const v: AiModelValues = { label: 'Qwen', name: 'qwen-plus', enabled: true, sort: 0, maxTokens: 1024 };
    for (const field of ['label', 'name', 'enabled', 'sort', 'maxTokens'] as const)
      expect(modelFieldProblem(field, v, zh), field).toBeNull();
    for (const name of ['llama3.1:8b', 'Qwen/Qwen2.5-7B-Instruct', 'deepseek-ai/DeepSeek-V3@latest'])
      expect(modelFieldProblem('name', { ...v, name }, zh), name).toBeNull();
    expect(modelFieldProblem('label', { ...v, label: '  ' }, zh)).toBe('请填写显示名称');
    expect(modelFieldProblem('name', { ...v, name: '' }, en)).toBe('Model name is required');
    expect(modelFieldProblem('name', { ...v, name: 'qwen plus' }, zh)).toBe(zh.nameChars);
    expect(modelFieldProblem('name', { ...v, name: 'x'.repeat(101) }, zh)).toBe('模型名称最多 100 个字符');
    expect(modelFieldProblem('label', { ...v, label: 'x'.repeat(51) }, zh)).toBe('显示名称最多 50 个字符');
    expect(modelFieldProblem('sort', { ...v, sort: null }, zh)).toBe('排序为 0 到 9999 的整数');
    expect(modelFieldProblem('sort', { ...v, sort: 10_000 }, zh)).toBe('排序为 0 到 9999 的整数');
    expect(modelFieldProblem('maxTokens', { ...v, maxTokens: 63 }, en)).toBe(
      'Longest answer: a whole number from 64 to 32000',
    );
    expect(modelFieldProblem('maxTokens', { ...v, maxTokens: 32_000 }, en)).toBeNull();
  });
});

describe('the usage by day', () => {
  it('has every day of the period, zero where nobody asked', () => {
    const asked = { questions: 3, learners: 2, promptTokens: 900, completionTokens: 300 };
    const days = everyDay('2026-02-27', '2026-03-02', [{ day: '2026-03-01', ...asked }]);
    expect(days.map((d) => d.day)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(days[2]).toEqual({ day: '2026-03-01', ...asked });
    expect(days[0]).toEqual({ day: '2026-02-27', questions: 0, learners: 0, promptTokens: 0, completionTokens: 0 });
    expect(everyDay('2026-03-02', '2026-03-01', [])).toEqual([]);
    expect(everyDay('2025-01-01', '2025-12-31', [])).toHaveLength(365);
  });
});
