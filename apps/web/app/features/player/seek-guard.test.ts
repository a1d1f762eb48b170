import { describe, expect, it } from 'vitest';
import { SEEK_TOLERANCE_SECONDS } from '@portal/contract/calls/study';
import { SeekGuard } from './seek-guard.ts';

describe('the seek guard (no skipping forward on first viewing)', () => {
  it('lets a seek back or up to the tolerance past the furthest point through, and sends one beyond back to it', () => {
    const g = new SeekGuard(40, false);
    expect(g.check(10)).toBeNull();
    expect(g.check(40 + SEEK_TOLERANCE_SECONDS)).toBeNull();
    expect(g.check(40 + SEEK_TOLERANCE_SECONDS + 0.5)).toBe(40);
    expect(g.check(600)).toBe(40);
  });

  it('moves the furthest point on by watching, not by jumping', () => {
    const g = new SeekGuard(0, false);
    for (let t = 0; t <= 20; t += 0.25) g.played(t);
    expect(g.furthest).toBe(20);
    g.played(45); // a jump between two time updates (not through a seek) does not count
    expect(g.furthest).toBe(20);
    g.jumped(5); // an allowed seek back, then watching again below the furthest point
    for (let t = 5; t <= 15; t += 0.25) g.played(t);
    expect(g.furthest).toBe(20);
    expect(g.check(30)).toBe(20);
  });

  it('follows the server: its furthest point when higher, its refusal always, and free seeking once complete', () => {
    const g = new SeekGuard(10, false);
    g.confirmed({ furthestSeconds: 30, completed: false });
    expect(g.furthest).toBe(30);
    g.confirmed({ furthestSeconds: 20, completed: false });
    expect(g.furthest).toBe(30);
    g.refused(18);
    expect(g.furthest).toBe(18);
    expect(g.check(25)).toBe(18);
    g.confirmed({ furthestSeconds: 18, completed: true });
    expect(g.completed).toBe(true);
    expect(g.check(3600)).toBeNull();
  });

  it('lets a completed period seek anywhere from the start', () => {
    expect(new SeekGuard(0, true).check(500)).toBeNull();
  });
});
