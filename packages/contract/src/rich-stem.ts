/**
 * A question's stem (decision 054): rich text (HTML, sanitised by the server when stored and again
 * when served) or, for stems stored before stems were rich (seeded, imported, kept in attempts'
 * snapshots), plain text. The rule telling them apart is `isHtmlStem`; a plain stem is shown as
 * its escaped text with its line breaks (`plainStemToHtml`). Everything here is pure string work,
 * shared by the server and the browser (no DOM, no sanitiser): the sanitiser is `sanitizeStem` in
 * sanitize.ts, which only the server loads.
 */

/** A stem that begins with an element (`<p`, `<ul`, `<img`…) is HTML; any other is plain text. */
export function isHtmlStem(stem: string): boolean {
  return /^\s*<[a-z][a-z0-9]*(?:[\s/>]|$)/i.test(stem);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text escaped for HTML (element content or a quoted attribute value). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * A plain-text stem as HTML: every line a paragraph of its escaped text (an empty line an empty
 * paragraph), so it shows exactly as written and `htmlToText` gives the same text back.
 */
export function plainStemToHtml(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
}

/** The stem as HTML: an HTML stem as it is, a plain one converted (not sanitised: the server does that). */
export function stemHtml(stem: string): string {
  return isHtmlStem(stem) ? stem : plainStemToHtml(stem);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes character references (named ones HTML text commonly has, and every numeric one). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

const BLOCK_END = /<\/(?:p|div|section|h[1-6]|li|blockquote|pre|tr|figure|figcaption|caption)\s*>|<(?:br|hr)\b[^>]*>/gi;

/**
 * The text of rich text, for the places where only text makes sense (a list's excerpt, an XLSX
 * cell, a report's column, a search, the blanks' count): each paragraph, list item, heading or
 * line break ends a line, other markup goes, character references are decoded, whitespace of the
 * markup collapses as a browser collapses it. An image is `imageText` on a line ('' unless told:
 * left out).
 */
export function htmlToText(html: string, imageText = ''): string {
  return decodeEntities(
    html
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/[ \t\r\n\f]+/g, ' ')
      .replace(BLOCK_END, '\n')
      .replace(/<img\b[^>]*>/gi, imageText === '' ? '' : `${imageText}\n`)
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/\u00a0/g, ' ').trim())
    .join('\n')
    .trim();
}

/** What stands for a picture where a stem is shown as text (a list, an export). */
export const STEM_IMAGE_TEXT = { zh: '[图片]', en: '[image]' } as const;

/** The stem's plain text: a plain stem as it is, an HTML one by `htmlToText`. */
export function stemText(stem: string, imageText = ''): string {
  return isHtmlStem(stem) ? htmlToText(stem, imageText) : stem;
}

/** A fill-in blank: a run of two or more underscores in the stem's text. */
const BLANK = /_{2,}/g;

/** The stem's text runs where blanks may be (an HTML stem's text between its tags). */
const textRuns = (stem: string) => (isHtmlStem(stem) ? stem.split(/<[^>]*>/) : [stem]);

/** The blanks of a fill-in stem: each run of two or more underscores in its text is one. */
export function stemBlankCount(stem: string): number {
  return textRuns(stem).reduce((n, run) => n + (run.match(BLANK)?.length ?? 0), 0);
}

/**
 * The HTML stem with each blank replaced by `marker(n)` (n from 1), in its text only: what the
 * exam and practice pages show for a fill-in (the marker is HTML the caller makes safe).
 */
export function markStemBlanks(html: string, marker: (n: number) => string): string {
  let n = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : part.replace(BLANK, () => marker(++n))))
    .join('');
}

/** The image addresses of HTML: each `<img>`'s src and every CSS `url(…)` of a style. */
export function htmlImageAddresses(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
    const src = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    const value = src?.[1] ?? src?.[2] ?? src?.[3];
    if (value !== undefined) found.push(decodeEntities(value));
  }
  for (const [, , url] of decodeEntities(html).matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/gi)) found.push(url ?? '');
  return found;
}

/**
 * An image address a stem may show: the site's own uploads (`/uploads/…`, what the editor's upload
 * gives) or its shipped demo pictures (`/demo/…`); never another host, a data: or script URL.
 */
export function isOwnImageAddress(url: string): boolean {
  return /^\/(?:uploads|demo)\/[\w\-./%]+$/.test(url) && !url.includes('..') && !url.includes('//');
}

/** Whether the HTML shows an image. */
export const hasImage = (html: string) => /<img\b/i.test(html);
