import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetAnnouncementState,
  markPopupShown,
  normalizeUnread,
  popupShown,
  refreshUnread,
  resetUnread,
  setUnreadOwner,
  unreadSnapshot,
  type FlagStorage,
} from './unread.ts';

describe('the unread count from a gateway answer', () => {
  it('takes the object shape', () => {
    expect(normalizeUnread({ count: 5, entCount: 3, sysCount: 2 })).toEqual({ count: 5, entCount: 3, sysCount: 2 });
  });

  it('turns a bare number into count only', () => {
    expect(normalizeUnread(7)).toEqual({ count: 7, entCount: 0, sysCount: 0 });
    expect(normalizeUnread('4')).toEqual({ count: 4, entCount: 0, sysCount: 0 });
    expect(normalizeUnread(0)).toEqual({ count: 0, entCount: 0, sysCount: 0 });
  });

  it('defaults missing or odd values to 0', () => {
    expect(normalizeUnread(null)).toEqual({ count: 0, entCount: 0, sysCount: 0 });
    expect(normalizeUnread(undefined)).toEqual({ count: 0, entCount: 0, sysCount: 0 });
    expect(normalizeUnread('')).toEqual({ count: 0, entCount: 0, sysCount: 0 });
    expect(normalizeUnread({ count: 2 })).toEqual({ count: 2, entCount: 0, sysCount: 0 });
    expect(normalizeUnread({ count: -1, entCount: 'x', sysCount: 1.5 })).toEqual({
      count: 0,
      entCount: 0,
      sysCount: 1,
    });
    expect(normalizeUnread(Number.NaN)).toEqual({ count: 0, entCount: 0, sysCount: 0 });
  });
});

/** A sessionStorage stand-in. */
function memoryStorage(): FlagStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get length() {
      return entries.size;
    },
    key: (i) => [...entries.keys()][i] ?? null,
    getItem: (k) => entries.get(k) ?? null,
    setItem: (k, v) => void entries.set(k, String(v)),
    removeItem: (k) => void entries.delete(k),
  };
}

// The request layer refreshUnread loads: answers what the test says.
let gateway: () => Promise<unknown> = async () => null;
vi.mock('./api.ts', () => ({ request: () => gateway() }));

/** Sets the store's count as an answer of the gateway would. */
async function answer(count: number) {
  gateway = async () => ({ count, entCount: count, sysCount: 0 });
  await refreshUnread();
}

describe('the popup flag, by person and enterprise', () => {
  beforeEach(() => forgetAnnouncementState(memoryStorage()));

  it('is kept per person and enterprise, and only once marked', () => {
    const s = memoryStorage();
    setUnreadOwner(1, '13900000001', s);
    expect(popupShown(1, '13900000001', s)).toBe(false);
    markPopupShown(1, '13900000001', s);
    expect(popupShown(1, '13900000001', s)).toBe(true);
    // Another enterprise of the same person, another person of the same enterprise: not yet.
    expect(popupShown(2, '13900000001', s)).toBe(false);
    expect(popupShown(1, '13900000002', s)).toBe(false);
    // The phone is not stored as it is.
    expect([...s.entries.keys()].join()).not.toContain('13900000001');
  });

  it('every flag goes on sign-out, also the old unkeyed one', () => {
    const s = memoryStorage();
    s.setItem('portal.announcementPopupShown', '1');
    s.setItem('portal.other', 'kept');
    setUnreadOwner(1, 'p', s);
    markPopupShown(1, 'p', s);
    forgetAnnouncementState(s);
    expect(popupShown(1, 'p', s)).toBe(false);
    expect([...s.entries.keys()]).toEqual(['portal.other']);
  });

  it('another person or enterprise in the tab (also after a page load) forgets the flags', async () => {
    const s = memoryStorage();
    setUnreadOwner(1, 'p', s);
    markPopupShown(1, 'p', s);
    setUnreadOwner(1, 'p', s); // the same: kept
    expect(popupShown(1, 'p', s)).toBe(true);
    setUnreadOwner(2, 'p', s); // chose another enterprise
    expect(popupShown(1, 'p', s)).toBe(false);
    markPopupShown(2, 'p', s);
    // A new page (this module's state gone, the tab's storage kept): the same person keeps the
    // flag; another person's page forgets it.
    vi.resetModules();
    const page2 = await import('./unread.ts');
    page2.setUnreadOwner(2, 'p', s);
    expect(page2.popupShown(2, 'p', s)).toBe(true);
    vi.resetModules();
    const page3 = await import('./unread.ts');
    page3.setUnreadOwner(2, 'q', s);
    expect(page3.popupShown(2, 'p', s)).toBe(false);
  });

  it('works without storage (refused or absent)', () => {
    const refusing: FlagStorage = {
      length: 0,
      key: () => null,
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(() => setUnreadOwner(1, 'p', refusing)).not.toThrow();
    expect(popupShown(1, 'p', refusing)).toBe(false);
    expect(() => markPopupShown(1, 'p', refusing)).not.toThrow();
    expect(() => forgetAnnouncementState(undefined)).not.toThrow();
  });
});

describe('the unread count store', () => {
  beforeEach(() => forgetAnnouncementState(memoryStorage()));

  it('is forgotten on sign-out and when the person or enterprise changes', async () => {
    const s = memoryStorage();
    setUnreadOwner(1, 'p', s);
    await answer(4);
    expect(unreadSnapshot().count).toBe(4);
    setUnreadOwner(1, 'p', s);
    expect(unreadSnapshot().count).toBe(4);
    setUnreadOwner(2, 'p', s);
    expect(unreadSnapshot()).toEqual({ count: 0, entCount: 0, sysCount: 0 });
    await answer(2);
    forgetAnnouncementState(s);
    expect(unreadSnapshot().count).toBe(0);
  });

  it('an answer of a call started before a reset is not taken', async () => {
    let release: ((v: unknown) => void) | undefined;
    gateway = () => new Promise((resolve) => (release = resolve));
    const pending = refreshUnread();
    await vi.waitFor(() => expect(release).toBeDefined()); // the request is under way
    resetUnread();
    release!({ count: 9, entCount: 9, sysCount: 0 });
    await pending;
    expect(unreadSnapshot().count).toBe(0);
    // A call after the reset is taken.
    await answer(3);
    expect(unreadSnapshot().count).toBe(3);
  });
});
