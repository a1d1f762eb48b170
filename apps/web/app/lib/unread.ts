// The learner's unread announcement count, shared by the header bell and the account area's
// notices (decision 014). Light: in the shell's first load; the call is imported when first used.

export interface UnreadCount {
  count: number;
  entCount: number;
  sysCount: number;
}

export const NO_UNREAD: UnreadCount = Object.freeze({ count: 0, entCount: 0, sysCount: 0 });

const whole = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);

/**
 * The unread count from a gateway answer (account-area.md: default all 0; "a numeric unread
 * response becomes count only"): `{count, entCount, sysCount}`, a bare number (or numeric string),
 * or anything else as all 0.
 */
export function normalizeUnread(raw: unknown): UnreadCount {
  if (typeof raw === 'number' || (typeof raw === 'string' && raw.trim() !== '' && !Number.isNaN(Number(raw)))) {
    return { count: whole(Number(raw)), entCount: 0, sysCount: 0 };
  }
  if (raw && typeof raw === 'object') {
    const o = raw as Record<string, unknown>;
    return { count: whole(o.count), entCount: whole(o.entCount), sysCount: whole(o.sysCount) };
  }
  return NO_UNREAD;
}

let current: UnreadCount = NO_UNREAD;
const listeners = new Set<() => void>();
/** Calls started; only the latest one's answer counts (an older one may predate a read). */
let started = 0;

export function subscribeUnread(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const unreadSnapshot = (): UnreadCount => current;
export const unreadServerSnapshot = (): UnreadCount => NO_UNREAD;

function set(next: UnreadCount): void {
  if (next.count === current.count && next.entCount === current.entCount && next.sysCount === current.sysCount) return;
  current = next;
  for (const l of listeners) l();
}

/**
 * Asks the gateway for the unread count (quietly: no loading bar, no toast on a network error) and
 * tells every subscriber. Called by the bell's polling and after the learner reads or deletes.
 */
export async function refreshUnread(): Promise<void> {
  const mine = ++started;
  try {
    const [{ announcementWaitReadCount }, { request }] = await Promise.all([
      import('@portal/contract/calls/announcement'),
      import('./api.ts'),
    ]);
    const data: unknown = await request(announcementWaitReadCount, {}, { quiet: true });
    if (mine === started) set(normalizeUnread(data));
  } catch {
    // Offline or signed out: the request layer has said so; the badge keeps its number.
  }
}

/** Forget the count (signed out). */
export function resetUnread(): void {
  set(NO_UNREAD);
}
