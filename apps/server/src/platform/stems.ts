import { LRUCache } from 'lru-cache';

/** A stem as learners, markers and the editor get it: sanitised HTML (decision 054). */
export type StemHtml = (stem: string) => string;

let sanitizer: Promise<(stem: string) => string> | undefined;

// A paper's stems are the same for every taker: their sanitised HTML is kept by the stored text,
// bounded by count and by characters (a few MB of the portal's 192 MB heap at most, decision 007).
const sanitised = new LRUCache<string, string>({
  max: 5000,
  maxSize: 2_000_000,
  sizeCalculation: (v, k) => v.length + k.length,
});

/**
 * The presenter of stems: every stem, whether stored as HTML or as plain text (seeded, imported or
 * in an attempt's snapshot from before stems were rich), answered as sanitised HTML by
 * `sanitizeStem`: rich text sanitised again as it is served (as news is, decision 043), plain text
 * escaped with its line breaks. The sanitiser (sanitize-html, with its parser) loads on first use,
 * not at start (decision 007).
 */
export async function stemPresenter(): Promise<StemHtml> {
  const sanitize = await (sanitizer ??= import('@portal/contract/sanitize').then((m) => m.sanitizeStem));
  return (stem) => {
    const hit = sanitised.get(stem);
    if (hit !== undefined) return hit;
    const html = sanitize(stem);
    sanitised.set(stem, html);
    return html;
  };
}
