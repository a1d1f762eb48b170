import type { CallRequest } from '@portal/contract/call';
import {
  saveAiModel,
  saveAssistantSettings,
  type AdminAiModel,
  type AssistantSettings,
} from '@portal/contract/calls/assistant';
import { format } from '../../../lib/i18n.ts';
import type { AssistantText } from './assistant-messages.ts';

/**
 * The assistant's settings form and model form without React (issue 24 item 4): the values as
 * the antd forms hold them, the requests they send, their checks in the page's language (the
 * contract's own fields decide what is valid), and what the page derives from the settings.
 */

const settingsShape = saveAssistantSettings.request.shape;
const modelShape = saveAiModel.request.shape;

export const BASE_URL_MAX = 500;
export const API_KEY_MAX = 500;
export const DAILY_LIMIT_MAX = 100_000;
export const MODEL_NAME_MAX = 100;
export const MODEL_LABEL_MAX = 50;
export const SORT_MAX = 9999;
export const MAX_TOKENS_MIN = 64;
export const MAX_TOKENS_MAX = 32_000;
export const MAX_TOKENS_DEFAULT = 1024;

/** The settings form's values: the key's box always starts empty (the key is never answered). */
export interface AssistantSettingsValues {
  enabled: boolean;
  baseUrl: string;
  apiKey: string;
  clearApiKey: boolean;
  dailyLimit: number | null;
}

export function settingsValues(s: AssistantSettings): AssistantSettingsValues {
  return { enabled: s.enabled, baseUrl: s.baseUrl, apiKey: '', clearApiKey: false, dailyLimit: s.dailyLimit };
}

/**
 * What saving sends: the address trimmed; a key typed replaces the stored one, an empty box keeps
 * it (no `apiKey` sent), and removing it sends `clearApiKey` (and no key, whatever was typed).
 */
export function settingsRequest(v: AssistantSettingsValues): CallRequest<typeof saveAssistantSettings> {
  const apiKey = (v.apiKey ?? '').trim();
  return {
    enabled: v.enabled,
    baseUrl: (v.baseUrl ?? '').trim(),
    ...(v.clearApiKey ? { clearApiKey: true } : apiKey ? { apiKey } : {}),
    dailyLimit: v.dailyLimit ?? 0,
  };
}

/** An address's origin as the server compares them ('' for none or a malformed one). */
export function originOf(url: string): string {
  try {
    return url.trim() ? new URL(url.trim()).origin : '';
  } catch {
    return '';
  }
}

/**
 * Whether saving these values drops the stored key: the server sends a key only to the origin it
 * was given for, so an address on another host (or none) without a new key removes it.
 */
export function keyWillDrop(stored: Pick<AssistantSettings, 'apiKeySet' | 'baseUrl'>, v: AssistantSettingsValues) {
  return (
    stored.apiKeySet &&
    !v.clearApiKey &&
    !(v.apiKey ?? '').trim() &&
    originOf(v.baseUrl ?? '') !== originOf(stored.baseUrl)
  );
}

/** What is wrong with the address typed, or null: what the contract takes. */
export function baseUrlProblem(value: string | undefined, t: AssistantText): string | null {
  const text = (value ?? '').trim();
  if (text.length > BASE_URL_MAX) return format(t.tooLong, { label: t.baseUrl, max: BASE_URL_MAX });
  return settingsShape.baseUrl.safeParse(text).success ? null : t.baseUrlInvalid;
}

/** What is wrong with the day's limit, or null. */
export function dailyLimitProblem(value: number | null | undefined, t: AssistantText): string | null {
  const ok = settingsShape.dailyLimit.safeParse(value).success;
  return ok ? null : format(t.range, { label: t.dailyLimit, min: 1, max: DAILY_LIMIT_MAX });
}

/**
 * Why learners get the extractive answer ('address': no service address saved; 'model': no model
 * enabled), or null when a model answers.
 */
export function extractiveReason(s: AssistantSettings, models: readonly AdminAiModel[]): 'address' | 'model' | null {
  if (s.mode === 'model') return null;
  return s.baseUrl === '' ? 'address' : models.some((m) => m.enabled) ? null : 'model';
}

/** The model learners get when they choose none: the first enabled one in the list's order. */
export function defaultModelOf(models: readonly AdminAiModel[]): AdminAiModel | null {
  return models.find((m) => m.enabled) ?? null;
}

/** The model form's values as antd holds them. */
export interface AiModelValues {
  label: string;
  name: string;
  enabled: boolean;
  sort: number | null;
  maxTokens: number | null;
}

/** A model's values to edit, or a new one's: after the others, enabled when a service address is saved. */
export function modelValues(
  model: AdminAiModel | null,
  models: readonly AdminAiModel[],
  settings: Pick<AssistantSettings, 'baseUrl'>,
): AiModelValues {
  if (model) {
    const { label, name, enabled, sort, maxTokens } = model;
    return { label, name, enabled, sort, maxTokens };
  }
  const last = models.reduce((n, m) => Math.max(n, m.sort), -1);
  return {
    label: '',
    name: '',
    enabled: settings.baseUrl !== '',
    sort: Math.min(last + 1, SORT_MAX),
    maxTokens: MAX_TOKENS_DEFAULT,
  };
}

export function modelRequest(v: AiModelValues, id?: number): CallRequest<typeof saveAiModel> {
  return {
    ...(id !== undefined ? { id } : {}),
    label: (v.label ?? '').trim(),
    name: (v.name ?? '').trim(),
    enabled: v.enabled,
    sort: v.sort ?? 0,
    maxTokens: v.maxTokens ?? MAX_TOKENS_DEFAULT,
  };
}

export type AiModelField = keyof AiModelValues;

/** What is wrong with one field of the model form, or null: the contract's rules in the page's words. */
export function modelFieldProblem(field: AiModelField, v: Partial<AiModelValues>, t: AssistantText): string | null {
  switch (field) {
    case 'label': {
      const text = (v.label ?? '').trim();
      if (!text) return format(t.required, { label: t.label });
      return text.length > MODEL_LABEL_MAX ? format(t.tooLong, { label: t.label, max: MODEL_LABEL_MAX }) : null;
    }
    case 'name': {
      const text = (v.name ?? '').trim();
      if (!text) return format(t.required, { label: t.name });
      if (text.length > MODEL_NAME_MAX) return format(t.tooLong, { label: t.name, max: MODEL_NAME_MAX });
      return modelShape.name.safeParse(text).success ? null : t.nameChars;
    }
    case 'sort':
      return typeof v.sort === 'number' && modelShape.sort.safeParse(v.sort).success
        ? null
        : format(t.range, { label: t.sort, min: 0, max: SORT_MAX });
    case 'maxTokens':
      return typeof v.maxTokens === 'number' && modelShape.maxTokens.safeParse(v.maxTokens).success
        ? null
        : format(t.range, { label: t.maxTokensName, min: MAX_TOKENS_MIN, max: MAX_TOKENS_MAX });
    default:
      return null;
  }
}

/** One day of the usage, zero where nobody asked. */
export interface UsageDay {
  day: string;
  questions: number;
  learners: number;
  promptTokens: number;
  completionTokens: number;
}

/** Every day of the period in order, the days the call answered with their figures, the others zero. */
export function everyDay(from: string, to: string, days: readonly UsageDay[]): UsageDay[] {
  const known = new Map(days.map((d) => [d.day, d]));
  const out: UsageDay[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= end && out.length <= 366; at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    out.push(known.get(day) ?? { day, questions: 0, learners: 0, promptTokens: 0, completionTokens: 0 });
  }
  return out;
}
