/**
 * The exam page's timer (issue 13 item 3, DESIGN.md section 9: the server is the clock). The page
 * never reads the PC's clock for it: each answer of the server (the paper, get/duration, every
 * save) says how long is left by the database's clock — its deadline minus its now, to the
 * millisecond — and the page counts that down on the browser's monotonic clock
 * (`performance.now()`, which a changed PC clock does not move), corrected on every answer.
 */
export interface ServerClock {
  /** Whole seconds left by the server's clock. */
  secondsLeft: number;
  deadlineAt: string;
  serverNow: string;
}

/** Milliseconds left by one answer of the server: its deadline minus its now (whole seconds if those do not parse). */
export function serverMsLeft(clock: ServerClock): number {
  const ms = Date.parse(clock.deadlineAt) - Date.parse(clock.serverNow);
  return Math.max(0, Number.isFinite(ms) ? ms : clock.secondsLeft * 1000);
}

const monotonic = () => performance.now();

export class ExamClock {
  private leftMs: number;
  private at: number;

  constructor(
    clock: ServerClock,
    private readonly now: () => number = monotonic,
  ) {
    this.leftMs = serverMsLeft(clock);
    this.at = now();
  }

  /** Follows the server's latest answer: what it says is left, counted from now. */
  follow(clock: ServerClock): void {
    this.leftMs = serverMsLeft(clock);
    this.at = this.now();
  }

  remainingMs(): number {
    return Math.max(0, this.leftMs - (this.now() - this.at));
  }

  /** Whole seconds left, rounded up: the timer shows 00:00 only when the time is over. */
  remainingSeconds(): number {
    return Math.ceil(this.remainingMs() / 1000);
  }
}

const two = (n: number) => String(n).padStart(2, '0');

/** 19:59, or 1:05:09 from an hour up. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${two(m)}:${two(s % 60)}`;
}
