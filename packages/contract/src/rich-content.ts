/**
 * The framework-free part of the rich-content renderer (platform.md section 2, "Rich content":
 * "Clicking an embedded video, audio or file image in content opens a resource preview or
 * downloads the file by materialId.").
 *
 * Sanitised rich text keeps only style, class, mode and data-id (sanitize.ts), so an embedded
 * resource is an element carrying data-id = materialId, and its kind is told by:
 *   1. the mode attribute: mode="video" | "audio" | "file";
 *   2. the tag: <video> is a video, <audio> an audio, a <source> takes its parent's kind;
 *   3. a class token naming the kind: "video", "audio", "file", or one starting or ending with
 *      "<kind>-" / "-<kind>" / "_<kind>" (e.g. "file-icon", "rich-video", "attachment_file").
 * The renderer attaches one click listener to the content root and passes `event.target`.
 */

/** The part of a DOM Element this module reads; a real Element satisfies it. */
export interface ElementLike {
  readonly tagName: string;
  getAttribute(name: string): string | null;
  readonly parentElement: ElementLike | null;
}

export type MediaKind = 'video' | 'audio' | 'file';

export interface MediaTarget {
  materialId: string;
  kind: MediaKind;
}

export type MediaAction = 'preview' | 'download';

const KINDS: readonly MediaKind[] = ['video', 'audio', 'file'];

/** Guards against cyclic or absurdly deep parent chains from hand-made objects. */
const MAX_DEPTH = 200;

/** The media kind an element itself declares, or null. */
export function mediaKindOf(element: ElementLike): MediaKind | null {
  const mode = element.getAttribute('mode')?.trim().toLowerCase();
  if (mode && (KINDS as readonly string[]).includes(mode)) return mode as MediaKind;

  const tag = element.tagName.toLowerCase();
  if (tag === 'video' || tag === 'audio') return tag;
  if (tag === 'source') {
    const parentTag = element.parentElement?.tagName.toLowerCase();
    if (parentTag === 'video' || parentTag === 'audio') return parentTag;
  }

  const tokens = (element.getAttribute('class') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  for (const kind of KINDS) {
    if (tokens.some((token) => classTokenNames(token, kind))) return kind;
  }
  return null;
}

function classTokenNames(token: string, kind: MediaKind): boolean {
  return (
    token === kind ||
    token.startsWith(`${kind}-`) ||
    token.startsWith(`${kind}_`) ||
    token.endsWith(`-${kind}`) ||
    token.endsWith(`_${kind}`)
  );
}

/**
 * The embedded resource a click landed on: walks from `element` up to the nearest ancestor (or
 * itself) that has a non-empty data-id and a media kind. The kind comes from that element, or,
 * when it declares none, from the nearest element with a kind between it and the click (a
 * `<div data-id="7"><video></video></div>` wrapper). A data-id element with no kind anywhere on
 * the path is skipped and the walk goes on upwards. The walk stops at `root` (the content
 * container, inclusive) when given. Returns null when the click was not on a resource.
 */
export function findMediaTarget(
  element: ElementLike | null | undefined,
  root?: ElementLike | null,
): MediaTarget | null {
  let pathKind: MediaKind | null = null;
  let node: ElementLike | null | undefined = element;
  for (let depth = 0; node && depth < MAX_DEPTH; depth++) {
    const ownKind = mediaKindOf(node);
    const materialId = node.getAttribute('data-id')?.trim();
    if (materialId) {
      const kind = ownKind ?? pathKind;
      if (kind) return { materialId, kind };
    }
    pathKind ??= ownKind;
    if (node === root) break;
    node = node.parentElement;
  }
  return null;
}

/** Video and audio open in the resource preview; a file is downloaded. */
export function mediaAction(kind: MediaKind): MediaAction {
  return kind === 'file' ? 'download' : 'preview';
}
