/**
 * How the back office's rich-text editor writes what the spec's sanitiser keeps (platform.md
 * section 2: only style, class, mode and data-id survive; decision 005). An image's `src` would be
 * dropped, so the editor writes the address twice: `src` for the editor itself and a CSS
 * `content: url(…)` in `style`, which sanitize.ts keeps for http(s) and relative addresses and
 * which every current browser honours on an element (CSS element replacement). The portal thus
 * shows the image although it never sees a `src`.
 */

/** The class of an image the editor wrote (the portal's rich-content CSS may style it). */
export const RICH_IMAGE_CLASS = 'rich-image';

/**
 * An image address the editor accepts: http(s) or a site path (an upload's `/uploads/…`).
 * Anything else (javascript:, data:, a bare word) is refused before it reaches the document.
 */
export function isImageAddress(url: string): boolean {
  const u = url.trim();
  if (/^https?:\/\/[^\s]+$/i.test(u)) return true;
  return /^\/(?!\/)[^\s]*$/.test(u);
}

/** A link address the editor accepts: http(s) or mailto. */
export function isLinkAddress(url: string): boolean {
  return /^(?:https?:\/\/|mailto:)[^\s]+$/i.test(url.trim());
}

/**
 * Percent-encodes the characters that could end a CSS url("…") early or break the declaration
 * list (quotes, parentheses, backslash, semicolon, whitespace); the address stays the same.
 */
function cssSafeAddress(url: string): string {
  return url.trim().replace(/["'()\\;\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** The inline style that shows an image at `url` once its `src` is gone. */
export function imageStyle(url: string): string {
  return `content: url(${cssSafeAddress(url)}); max-width: 100%; height: auto`;
}

/** The image address an inline style names in `content: url(…)`, or null. */
export function imageAddressFromStyle(style: string | null | undefined): string | null {
  if (!style) return null;
  const match = /(?:^|;)\s*content\s*:\s*url\(\s*(['"]?)(.*?)\1\s*\)/i.exec(style);
  const url = match?.[2];
  return url ? url : null;
}

/** The editor's empty document as TipTap writes it: the form keeps '' instead. */
export function normaliseEditorHtml(html: string, isEmpty: boolean): string {
  return isEmpty ? '' : html;
}
