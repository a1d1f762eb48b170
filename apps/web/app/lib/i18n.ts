import { createContext, useContext } from 'react';
import type { Lang } from './navigation.ts';

/** The page language, from the path (`/en` prefix); provided by the root. */
export const LangContext = createContext<Lang>('zh');

export function useLang(): Lang {
  return useContext(LangContext);
}

/**
 * Messages live beside the feature that shows them, as `{ zh: {...}, en: {...} }` with the same
 * keys; Chinese is the default and the fallback.
 */
export type Messages<K extends string> = { zh: Record<K, string>; en: Partial<Record<K, string>> };

export function defineMessages<K extends string>(m: { zh: Record<K, string>; en: Record<K, string> }): Messages<K> {
  return m;
}

export function useMessages<K extends string>(m: Messages<K>): Record<K, string> {
  const lang = useLang();
  return pick(m, lang);
}

export function pick<K extends string>(m: Messages<K>, lang: Lang): Record<K, string> {
  return lang === 'en' ? ({ ...m.zh, ...m.en } as Record<K, string>) : m.zh;
}

/** `format('共{n}条', { n: 3 })` → `共3条`. */
export function format(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
}
