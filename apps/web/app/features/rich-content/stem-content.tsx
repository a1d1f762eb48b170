import { useMemo } from 'react';
import { useLang } from '../../lib/i18n.ts';
import { RichContent } from './rich-content.tsx';
import { stemDisplayHtml } from './stem-html.ts';
import './rich-content.css';

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
