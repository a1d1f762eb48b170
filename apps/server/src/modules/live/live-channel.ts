/**
 * The portal's own live channel (decision 060): a transcoded video's HLS segments published as a
 * live playlist. The stream runs on the server's clock from the room's first start, looping over
 * the video: the playlist is a sliding window of the last segments whose media sequence advances
 * with the clock, a discontinuity where the loop starts over, and no end tag while the room is
 * live (with one once it has ended, the last window kept). Players join at the live edge and cannot
 * seek ahead of it: what is not yet "broadcast" is not in the playlist.
 */

export interface Segment {
  /** Seconds. */
  duration: number;
  /** The segment's address, resolved against the playlist's. */
  uri: string;
}

/** A media playlist's segments, or the first variant's address of a master playlist. */
export type ParsedPlaylist = { segments: Segment[]; variant: null } | { segments: []; variant: string };

/** Segments a live playlist lists. */
export const CHANNEL_WINDOW = 4;

/** Resolves `uri` against the playlist's `base` address (a site path or an absolute URL). */
export function resolveUri(base: string, uri: string): string {
  if (/^[a-z]+:\/\//i.test(uri) || uri.startsWith('/')) return uri;
  const absolute = /^[a-z]+:\/\//i.test(base);
  const resolved = new URL(uri, absolute ? base : `http://x${base.startsWith('/') ? '' : '/'}${base}`);
  return absolute ? resolved.href : `${resolved.pathname}${resolved.search}`;
}

export function parsePlaylist(text: string, base: string): ParsedPlaylist {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const segments: Segment[] = [];
  let duration: number | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('#EXT-X-STREAM-INF')) {
      const next = lines.slice(i + 1).find((l) => l && !l.startsWith('#'));
      if (next) return { segments: [], variant: resolveUri(base, next) };
    } else if (line.startsWith('#EXTINF:')) {
      duration = Number.parseFloat(line.slice(8));
    } else if (line && !line.startsWith('#') && duration !== null) {
      if (Number.isFinite(duration) && duration > 0) segments.push({ duration, uri: resolveUri(base, line) });
      duration = null;
    }
  }
  return { segments, variant: null };
}

/**
 * The live playlist at `nowMs` of a stream that began at `epochMs`, looping over `segments`.
 * `ended`: the room is over; the last window is given with an end tag.
 */
export function livePlaylist(segments: Segment[], epochMs: number, nowMs: number, ended: boolean): string {
  const count = segments.length;
  const loopMs = segments.reduce((n, s) => n + s.duration * 1000, 0);
  const elapsed = Math.max(0, nowMs - epochMs);
  const loops = Math.floor(elapsed / loopMs);
  let within = elapsed - loops * loopMs;
  let k = 0;
  while (k < count - 1 && within >= segments[k]!.duration * 1000) {
    within -= segments[k]!.duration * 1000;
    k++;
  }
  // The segment being "broadcast" now is the live edge, the last of the window.
  const edge = loops * count + k;
  const first = Math.max(0, edge - CHANNEL_WINDOW + 1);
  const target = Math.ceil(Math.max(...segments.map((s) => s.duration)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    // Every loop after the first starts with a discontinuity: the first segment's number of them.
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / count)}`,
  ];
  for (let n = first; n <= edge; n++) {
    const segment = segments[n % count]!;
    if (n > first && n % count === 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${segment.duration.toFixed(3)},`, segment.uri);
  }
  if (ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
