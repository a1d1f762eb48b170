// The learner's unread announcement count, shared by the header bell and the account area's
// notices (decision 014). Light: in the shell's first load; the call is imported when first used.

interface UnreadCount {
  count: number;
  entCount: number;
  sysCount: number;
}

const NO_UNREAD: UnreadCount = Object.freeze({ count: 0, entCount: 0, sysCount: 0 });

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
    const [{ countUnreadAnnouncements }, { request }] = await Promise.all([
      import('@portal/contract/calls/announcement'),
      import('./api.ts'),
    ]);
    const data: unknown = await request(countUnreadAnnouncements, {}, { quiet: true });
    if (mine === started) set(normalizeUnread(data));
  } catch {
    // Offline or signed out: the request layer has said so; the badge keeps its number.
  }
}

/** Forget the count (signed out, another person or enterprise); answers of calls already started are not taken. */
export function resetUnread(): void {
  started++;
  set(NO_UNREAD);
}

// Whose count and popup flags these are (decision 014). The popup is offered once a browser
// session per person and enterprise: its flag is keyed by both, and every flag goes when the person
// signs out or the tab's person or enterprise changes.

/** The storage of the flags: the tab's sessionStorage (when the browser allows it). */
export type FlagStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const POPUP_SHOWN = 'portal.announcementPopupShown';
const OWNER = 'portal.announcementOwner';

function tabStorage(): FlagStorage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // storage disabled: nothing is remembered
  }
}

/** FNV-1a: the person (their phone) is not written to storage as it is. */
function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** One person in one enterprise. `person` is what names the account on the page (its phone). */
const unreadOwner = (eid: number, person: string): string => `${eid}.${digest(person)}`;

/** The key of "the popup was offered" of one person in one enterprise. */
const popupShownKey = (eid: number, person: string): string => `${POPUP_SHOWN}:${unreadOwner(eid, person)}`;

let owner: string | null = null;

/**
 * Names the person and enterprise the page is for. When they differ from those before (in this
 * page, or the tab's last page), the count and every popup flag are forgotten.
 */
export function setUnreadOwner(eid: number, person: string, storage: FlagStorage | undefined = tabStorage()): void {
  const next = unreadOwner(eid, person);
  if (owner === next) return;
  let before = owner;
  try {
    before ??= storage?.getItem(OWNER) ?? null;
  } catch {
    // unreadable storage: only this page's owner counts
  }
  if (before !== null && before !== next) forgetAnnouncementState(storage);
  owner = next;
  try {
    storage?.setItem(OWNER, next);
  } catch {
    // full or refused: the flags are keyed by person and enterprise anyway
  }
}

/** Whether the popup was already offered to this person in this enterprise in this tab. */
export function popupShown(eid: number, person: string, storage: FlagStorage | undefined = tabStorage()): boolean {
  try {
    return storage?.getItem(popupShownKey(eid, person)) === '1';
  } catch {
    return false;
  }
}

/** Remembers that the popup was offered (after its list came). */
export function markPopupShown(eid: number, person: string, storage: FlagStorage | undefined = tabStorage()): void {
  try {
    storage?.setItem(popupShownKey(eid, person), '1');
  } catch {
    // not remembered: the popup may be offered again, its shown items are read already
  }
}

/** Signed out, or another person or enterprise: the count and every popup flag are forgotten. */
export function forgetAnnouncementState(storage: FlagStorage | undefined = tabStorage()): void {
  resetUnread();
  owner = null;
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null && (key.startsWith(POPUP_SHOWN) || key === OWNER)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // storage refused: nothing to forget
  }
}
