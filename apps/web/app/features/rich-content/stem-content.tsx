import { useMemo } from 'react';
import { escapeHtml, markStemBlanks, stemHtml } from '@portal/contract/rich-stem';
import { useLang } from '../../lib/i18n.ts';
import { RichContent } from './rich-content.tsx';
import './rich-content.css';

/** What a screen reader says of a picture in a stem (the stored HTML keeps no alt text, decision 005). */
const IMAGE_ALT = { zh: '题干图片', en: 'Picture in the question' } as const;

/**
 * The HTML a stem shows as: the gateway's sanitised HTML (a plain stem converted, should one come),
 * a fill-in's blanks shown as `blank(n)` where given, and each picture named for screen readers.
 * Only markup of our own is added, so the HTML stays what the server sanitised.
 */
export function stemDisplayHtml(stem: string, lang: 'zh' | 'en', blank?: (n: number) => string): string {
  const html = stemHtml(stem);
  const marked = blank
    ? markStemBlanks(html, (n) => `<span class="portal-exam-gap">${escapeHtml(blank(n))}</span>`)
    : html;
  return marked.replace(/<img\b/gi, `<img alt="${escapeHtml(IMAGE_ALT[lang])}"`);
}

/**
 * A question's stem (decision 054) wherever a learner or a marker reads it: rich text rendered as
 * sanitised rich content, its pictures no wider than the page (a phone's included).
 */
export function StemContent({
  stem,
  blank,
  className,
  id,
}: {
  stem: string;
  /** A fill-in's blank as shown, by its number from 1 (the exam's paper and results: （1）). */
  blank?: (n: number) => string;
  className: string;
  id?: string;
}) {
  const lang = useLang();
  const html = useMemo(() => stemDisplayHtml(stem, lang, blank), [stem, lang, blank]);
  return <RichContent html={html} className={`${className} portal-stem`} id={id} />;
}
