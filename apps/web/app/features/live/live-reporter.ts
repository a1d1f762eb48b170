/**
 * When the room page tells the server the learner is watching (issue 24, decision 060). The server
 * is the clock: each report credits the time since this learner's previous one (at most
 * LIVE_REPORT_GAP_SECONDS; a report after a longer gap is a new join that credits nothing), so the
 * page only says when watching starts, goes on and stops:
 *
 * - WATCH (watchLive while the live stream plays, watchPlayback while the recording plays) when the
 *   player starts playing — the join — then every `intervalMs` while it plays;
 * - LEAVE (leaveLive) when it pauses or ends, when the page is hidden (nothing counts while hidden;
 *   WATCH again when it is visible and still playing), and when the page is left (pagehide,
 *   another route: sent with keepalive, the page may be gone before the answer).
 *
 * Reports go one after another (a report waits for the one before), so the server sees them in
 * order; the last LEAVE goes at once. After `leave()` or `stop()` nothing more is sent.
 */
export type LiveReportKind = 'watch' | 'leave';

export interface LiveReporterOptions {
  /** Sends one report; rejections are the caller's to act on (the reporter goes on). */
  send: (kind: LiveReportKind, options: { keepalive: boolean }) => Promise<unknown>;
  /** WATCH every this many milliseconds while playing. */
  intervalMs: number;
  /** The page is hidden at start (document.visibilityState). */
  hidden?: boolean;
}

export class LiveReporter {
  private readonly options: LiveReporterOptions;
  private playing = false;
  private hidden: boolean;
  /** A WATCH was said since the last LEAVE: the server counts this learner as watching. */
  private joined = false;
  /** LEAVEs waiting in the queue behind earlier reports. */
  private leavesQueued = 0;
  private done = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: LiveReporterOptions) {
    this.options = options;
    this.hidden = options.hidden ?? false;
  }

  /** No more reports (left, or stopped). */
  get stopped(): boolean {
    return this.done;
  }

  /** Whether the server is being told the learner watches (joined and not left since). */
  get watching(): boolean {
    return this.joined;
  }

  /** The player started playing: the join, then the reports every interval. */
  play(): void {
    if (this.done || this.playing) return;
    this.playing = true;
    if (!this.hidden) this.join();
  }

  /** The player paused (or is waiting for the learner): the learner leaves until it plays again. */
  pause(): void {
    if (this.done || !this.playing) return;
    this.playing = false;
    this.part();
  }

  /** The stream or the recording reached its end. */
  ended(): void {
    this.pause();
  }

  /** The page was hidden: nothing counts until it is visible again. */
  hide(): void {
    if (this.done || this.hidden) return;
    this.hidden = true;
    this.part();
  }

  /** The page is visible again: a new join if the player still plays. */
  show(): void {
    if (this.done || !this.hidden) return;
    this.hidden = false;
    if (this.playing) this.join();
  }

  /** The page is left (pagehide, another route, another state): LEAVE with keepalive, then nothing more. */
  leave(): void {
    if (this.done) return;
    this.done = true;
    this.unschedule();
    // A LEAVE still queued goes now, with keepalive, instead of after the page is gone.
    if (!this.joined && this.leavesQueued === 0) return;
    this.joined = false;
    this.leavesQueued = 0;
    void this.options.send('leave', { keepalive: true }).catch(() => undefined);
  }

  /** Nothing more, nothing sent (the room changed state: the server has stopped counting). */
  stop(): void {
    this.done = true;
    this.playing = false;
    this.joined = false;
    this.leavesQueued = 0;
    this.unschedule();
  }

  /** Resolves when the reports sent so far have been answered (tests). */
  settled(): Promise<unknown> {
    return this.queue;
  }

  private join(): void {
    this.joined = true;
    this.report('watch');
    this.unschedule();
    this.timer = setInterval(() => this.report('watch'), this.options.intervalMs);
  }

  private part(): void {
    this.unschedule();
    if (!this.joined) return;
    this.joined = false;
    this.leavesQueued += 1;
    this.report('leave');
  }

  private report(kind: LiveReportKind): void {
    this.queue = this.queue
      .catch(() => undefined)
      .then(() => {
        if (kind === 'leave') {
          // Sent already, at once, by leave().
          if (this.leavesQueued === 0) return undefined;
          this.leavesQueued -= 1;
        } else if (this.done) return undefined;
        return this.options.send(kind, { keepalive: false });
      })
      .catch(() => undefined);
  }

  private unschedule(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }
}
