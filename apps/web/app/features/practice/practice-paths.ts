import { localePath, type Lang } from '../../lib/navigation.ts';

/** The practice pages (platform.md section 2) and the training records' practice list. */
export const practiceSetsPath = (lang: Lang) => `${localePath('/account', lang)}?change=2&section=practice`;
export const practiceDetailPath = (recordId: number, lang: Lang) =>
  `${localePath('/account/practice/detail', lang)}?recordId=${recordId}`;
export const practiceSuccessPath = (recordId: number, lang: Lang) =>
  `${localePath('/account/practice/success', lang)}?recordId=${recordId}`;
export const errorBookPath = (lang: Lang) => localePath('/account/practice/error', lang);
export const practiceAnalysisPath = (lang: Lang) => localePath('/account/practice/analysis', lang);

/** A positive id of the address (`?recordId=`), or undefined. */
export function positiveId(raw: string | null): number | undefined {
  const n = Number(raw);
  return raw && /^\d+$/.test(raw) && n > 0 && n < 2 ** 31 ? n : undefined;
}
