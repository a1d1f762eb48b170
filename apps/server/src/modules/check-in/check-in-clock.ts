import type { Platform } from '../../platform/platform.ts';

/**
 * The server's clock as check-ins read it (DESIGN.md section 9: the server is the clock; the
 * browser's never counts). One per platform; tests set it to a moment (`set`) to check in at a
 * given China time without sleeping or depending on when the run happens. Nothing else sets it.
 */
export class CheckInClock {
  private fixed: Date | null = null;

  now(): Date {
    return this.fixed ? new Date(this.fixed) : new Date();
  }

  /** Tests: the clock shows `at` from now on (null: the system clock again). */
  set(at: Date | null): void {
    this.fixed = at ? new Date(at) : null;
  }
}

const buildClock = (): CheckInClock => new CheckInClock();

/** The platform's check-in clock (the module's service and tests share it). */
export const checkInClockOf = (platform: Platform): CheckInClock => platform.shared(buildClock);
