import { ProgressEvent } from '@portal/contract/calls/study';

/**
 * When the player tells the server where the learner is (issue 12 item 4, DESIGN.md section 9). The
 * server is the clock: it credits at most the wall-clock time since this player's previous report,
 * so the player only has to say what happened, when it happened:
 *
 * - a video: RESUME when it plays (the first play, after a pause, on coming back to the page),
 *   TICK every `intervalMs` while it plays, PAUSE, ENDED; a seek while playing says TICK where the
 *   video was (what was watched up to the seek counts) and RESUME where it went (the server's clock
 *   starts again there: a RESUME credits nothing and moves nothing forward);
 * - a document or image-text: RESUME when it is opened, then TICK every `intervalMs` while the page
 *   is visible (position 0);
 * - both: HIDDEN when the page is hidden (no ticks until it is visible again, then RESUME first)
 *   and LEAVE when the page is left (sent with keepalive, the page may be gone before the answer).
 *
 * Reports go one after another (a report waits for the one before), so the server sees them in
 * order; LEAVE goes at once. After `stop()` (another player of the learner took over, 8010) or
 * `leave()` nothing more is sent.
 */
export type ProgressEventCode = (typeof ProgressEvent)[keyof typeof ProgressEvent];

export interface ReporterOptions {
  /** Sends one report; rejections are the caller's to show (the reporter goes on). */
  send: (event: ProgressEventCode, position: number, options: { keepalive: boolean }) => Promise<unknown>;
  /** The player's position in seconds now (documents: 0). */
  position: () => number;
  /** TICK every this many milliseconds while studying. */
  intervalMs: number;
  /** A video (ticks while playing) or a page to read (ticks while visible). */
  kind: 'video' | 'reading';
  /** The page is hidden at start (document.visibilityState). */
  hidden?: boolean;
}

export class ProgressReporter {
  private readonly options: ReporterOptions;
  private playing = false;
  private hidden: boolean;
  private done = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: ReporterOptions) {
    this.options = options;
    this.hidden = options.hidden ?? false;
    // Reading counts from the moment the period is opened: the server's clock starts with RESUME.
    if (options.kind === 'reading' && !this.hidden) {
      this.report(ProgressEvent.RESUME);
      this.schedule();
    }
  }

  /** No more reports (left, or another player took over). */
  get stopped(): boolean {
    return this.done;
  }

  /** The video started playing: the server's clock starts again here. */
  play(): void {
    if (this.done || this.options.kind !== 'video' || this.playing) return;
    this.playing = true;
    if (this.hidden) return;
    this.report(ProgressEvent.RESUME);
    this.schedule();
  }

  /** The video paused (a pause after it ended says nothing more). */
  pause(): void {
    if (this.done || !this.playing) return;
    this.playing = false;
    this.unschedule();
    this.report(ProgressEvent.PAUSE);
  }

  /** The video reached its end. */
  ended(): void {
    if (this.done || this.options.kind !== 'video') return;
    this.playing = false;
    this.unschedule();
    this.report(ProgressEvent.ENDED);
  }

  /**
   * The video jumped from `from` to another position while playing: what was watched up to `from`
   * is said (TICK there), then the new position (RESUME), and the ticks count from here on.
   */
  seeked(from: number): void {
    if (this.done || !this.playing || this.hidden) return;
    this.report(ProgressEvent.TICK, from);
    this.report(ProgressEvent.RESUME);
    this.schedule();
  }

  /** The page was hidden: nothing counts until it is visible again. */
  hide(): void {
    if (this.done || this.hidden) return;
    this.hidden = true;
    const studying = this.options.kind === 'reading' || this.playing;
    this.unschedule();
    if (studying) this.report(ProgressEvent.HIDDEN);
  }

  /** The page is visible again: RESUME first, then the ticks. */
  show(): void {
    if (this.done || !this.hidden) return;
    this.hidden = false;
    if (this.options.kind === 'reading' || this.playing) {
      this.report(ProgressEvent.RESUME);
      this.schedule();
    }
  }

  /** The page is left (pagehide, another route): LEAVE with keepalive, then nothing more. */
  leave(): void {
    if (this.done) return;
    this.done = true;
    this.unschedule();
    void this.options.send(ProgressEvent.LEAVE, this.position(), { keepalive: true }).catch(() => undefined);
  }

  /** Another player took over (8010) or the period closed: no more reports, nothing sent. */
  stop(): void {
    this.done = true;
    this.playing = false;
    this.unschedule();
  }

  /** Resolves when the reports sent so far have been answered (tests, switching periods). */
  settled(): Promise<unknown> {
    return this.queue;
  }

  private position(): number {
    const p = this.options.position();
    return Number.isFinite(p) && p > 0 ? p : 0;
  }

  private report(event: ProgressEventCode, at?: number): void {
    const position = at !== undefined && Number.isFinite(at) && at > 0 ? at : this.position();
    this.queue = this.queue
      .catch(() => undefined)
      .then(() => (this.done ? undefined : this.options.send(event, position, { keepalive: false })))
      .catch(() => undefined);
  }

  private schedule(): void {
    this.unschedule();
    if (this.hidden || this.done) return;
    this.timer = setInterval(() => this.report(ProgressEvent.TICK), this.options.intervalMs);
  }

  private unschedule(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }
}
