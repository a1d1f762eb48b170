import { ScreenEvent, type ExamPaperQuestion } from '@portal/contract/calls/exam';
import { AnswerSaver, type SaveAnswer, type SaverState } from './answer-saver.ts';
import { AnswerStore, type PendingAnswer, type StorageLike } from './answer-store.ts';
import { ExamClock, type ServerClock } from './exam-clock.ts';
import { isTyped, toSaved, type AnswerState } from './paper-answers.ts';

/**
 * One attempt on the exam page (/account/exam/examQuestion; issue 13 item 3), apart from React and
 * the DOM so it can be tested: the answers shown (the server's, with the unsent ones kept in the
 * browser over them), the saves (answer-saver.ts), the timer on the server's clock (exam-clock.ts,
 * corrected by every save and by get/duration at start and every minute), the leaves of the page
 * reported as get/duration events 1 and 2 (counted by the server past its grace; the start is a
 * return, pagehide a leave, so a reload is none), and the end of the attempt:
 * submitted by the taker (交卷, after every answer is held by the server), at zero (time over), or
 * by the server (7603 switch limit, 7610 time over, 7605 submitted elsewhere). The page renders its
 * snapshot (useSyncExternalStore) and feeds it the DOM's events.
 */
export type EndReason = 'submitted' | 'timeOver' | 'switchLimit';

export interface DurationAnswer extends ServerClock {
  screenSwitches: number;
  screenSwitchLimit: number;
  submitted: boolean;
}

/** The calls of an attempt (the page binds them to the gateway); refusals carry `code`. */
export interface ExamApi {
  save(answers: PendingAnswer[], options: { keepalive: boolean }): Promise<SaveAnswer>;
  duration(event: number | undefined, options: { keepalive: boolean }): Promise<DurationAnswer>;
  finish(): Promise<unknown>;
}

export interface ExamPaper extends ServerClock {
  attemptId: number;
  questions: ExamPaperQuestion[];
  answers: Array<{ questionId: number; answer: string[]; flagged: boolean; seq: number }>;
  lastSeq: number;
  screenSwitches: number;
  screenSwitchLimit: number;
}

/** What the page is told besides the snapshot. */
export interface ExamUi {
  /** The attempt is over: the notice (switch limit, time over) and the result. */
  onEnd(reason: EndReason): void;
  /** The learner came back to the page after a leave the server counted: its count of leaves. */
  onReturn?(switches: number, limit: number): void;
}

export interface ExamSnapshot {
  answers: ReadonlyMap<number, AnswerState>;
  /** The question the learner is at (the answer sheet marks it). */
  current: number;
  secondsLeft: number;
  switches: number;
  save: SaverState;
  online: boolean;
  /** Started in the browser: inputs take changes. */
  ready: boolean;
  /** Submitting (交卷 or time over) is under way. */
  finishing: boolean;
  ended: boolean;
  /** The last time warning due: 300 (five minutes left) or 60 (one), else null. */
  warning: 300 | 60 | null;
}

export interface ExamSessionOptions {
  paper: ExamPaper;
  api: ExamApi;
  /** localStorage in the browser (read at start); null where unavailable. */
  storage: () => StorageLike | null;
  online: () => boolean;
  /** The monotonic clock (performance.now). */
  now?: () => number;
  tickMs?: number;
  /** get/duration without an event this often, besides every save's clock. */
  pollMs?: number;
}

const codeOf = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : null;
};

/** What a refusal of the server means for the attempt, or null (the page goes on). */
function endingOf(code: number | null): EndReason | null {
  if (code === 7603) return 'switchLimit';
  if (code === 7610) return 'timeOver';
  if (code === 7605 || code === 404) return 'submitted';
  return null;
}

export class ExamSession {
  private state: ExamSnapshot;
  private readonly listeners = new Set<() => void>();
  private clock: ExamClock;
  private store: AnswerStore | null = null;
  private saver: AnswerSaver | null = null;
  private timers: Array<ReturnType<typeof setInterval>> = [];
  private ui: ExamUi | null = null;
  private away = false;
  /** The count of leaves the page was last told of on a return (a short leave tells nothing). */
  private warned: number;
  /** The get/duration reports under way, in order. */
  private reports: Promise<unknown> = Promise.resolve();
  /** The leave of a page unmounted a moment ago, unless it mounts again at once. */
  private leaving: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly o: ExamSessionOptions) {
    const answers = new Map<number, AnswerState>(
      o.paper.questions.map((q) => [q.questionId, { answer: [], flagged: false }]),
    );
    for (const a of o.paper.answers) answers.set(a.questionId, { answer: a.answer, flagged: a.flagged });
    this.clock = new ExamClock(o.paper, o.now);
    this.warned = o.paper.screenSwitches;
    this.state = {
      answers,
      current: o.paper.questions[0]?.questionId ?? 0,
      secondsLeft: o.paper.secondsLeft,
      switches: o.paper.screenSwitches,
      save: { unsent: 0, sending: false, failed: false },
      online: true,
      ready: false,
      finishing: false,
      ended: false,
      warning: null,
    };
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly snapshot = (): ExamSnapshot => this.state;

  private set(patch: Partial<ExamSnapshot>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /**
   * In the browser: the answers kept from before a reload over the server's, the saver (which sends
   * them at once), the timer and the server's clock asked at once.
   */
  start(ui: ExamUi): void {
    this.ui = ui;
    // Mounted again at once (React's StrictMode in development): the page was not left.
    if (this.leaving !== undefined) {
      clearTimeout(this.leaving);
      this.leaving = undefined;
      this.away = false;
    }
    if (this.state.ended || this.saver) return;
    const { paper } = this.o;
    const store = new AnswerStore(paper.attemptId, paper, this.o.storage());
    const answers = new Map(this.state.answers);
    for (const p of store.list()) answers.set(p.questionId, { answer: p.answer, flagged: p.flagged });
    this.store = store;
    this.saver = new AnswerSaver({
      store,
      send: (list, options) => this.o.api.save(list, options),
      online: this.o.online,
      onClock: (clock) => this.follow(clock),
      onState: (save) => this.set({ save }),
      onEnd: (code) => this.end(endingOf(code) ?? 'submitted'),
    });
    this.set({ answers, ready: true, online: this.o.online() });
    this.saver.start();
    this.timers.push(setInterval(() => this.tick(), this.o.tickMs ?? 250));
    this.timers.push(setInterval(() => void this.poll(), this.o.pollMs ?? 60_000));
    // The page is here: the return of a leave reported before a reload (the server forgets one
    // shorter than the grace; it also takes the opening of the paper as the return, this covers a
    // leave that reached it after that), and the server's clock.
    void this.report(ScreenEvent.RETURN, false);
  }

  /**
   * The page is closed or left for another page of the app: what waits goes with keepalive, and
   * going elsewhere in the app is a leave of the exam page like any other (reported unless it was
   * reported already, the tab being hidden); nothing more runs.
   */
  stop(): void {
    if (this.saver && !this.state.ended && !this.away) {
      this.away = true;
      this.leaving = setTimeout(() => {
        this.leaving = undefined;
        void this.o.api.duration(ScreenEvent.LEAVE, { keepalive: true }).catch(() => undefined);
      }, 0);
    }
    this.saver?.leave();
    this.saver?.stop();
    this.saver = null;
    this.store = null;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }

  /**
   * The tab is being closed or reloaded: a leave (unless reported already), and what waits goes,
   * both with keepalive (the saver goes on if the page is not unloaded). A reload comes back at
   * once, and the server counts a leave only past its grace (issue 19 item 12).
   */
  pageHide(): void {
    if (this.saver && !this.state.ended && !this.away) {
      this.away = true;
      void this.report(ScreenEvent.LEAVE, true);
    }
    this.saver?.leave();
  }

  /** A change of one question's answer (its parts as the inputs hold them). */
  change(questionId: number, answer: string[]): void {
    const q = this.o.paper.questions.find((x) => x.questionId === questionId);
    if (!q) return;
    const flagged = this.state.answers.get(questionId)?.flagged ?? false;
    this.apply(questionId, { answer, flagged }, isTyped(q.questionType));
  }

  /** Flag for review, or not: saved at once. */
  toggleFlag(questionId: number): void {
    const now = this.state.answers.get(questionId) ?? { answer: [], flagged: false };
    this.apply(questionId, { answer: now.answer, flagged: !now.flagged }, false);
  }

  /** The learner is at this question (focus, the answer sheet). */
  focus(questionId: number): void {
    if (this.state.current !== questionId) this.set({ current: questionId });
  }

  private apply(questionId: number, next: AnswerState, typed: boolean): void {
    if (!this.saver || this.state.ended || this.state.finishing) return;
    const answers = new Map(this.state.answers).set(questionId, next);
    this.set({ answers, current: questionId });
    this.saver.change(questionId, toSaved(next.answer), next.flagged, { typed });
  }

  /**
   * The page was left (hidden, or the window lost focus): event 1, with keepalive (the tab may be
   * closing). The server counts it when the page stays away past the site's grace (default 3 s).
   */
  left(): void {
    if (this.away || !this.saver || this.state.ended) return;
    this.away = true;
    void this.report(ScreenEvent.LEAVE, true);
  }

  /** The page is back (visible and focused): event 2. */
  returned(): void {
    if (!this.away || !this.saver || this.state.ended) return;
    this.away = false;
    void this.report(ScreenEvent.RETURN, false).then((d) => {
      if (!d || this.state.ended || d.screenSwitches <= this.warned) return;
      this.warned = d.screenSwitches;
      this.ui?.onReturn?.(d.screenSwitches, d.screenSwitchLimit);
    });
  }

  /** navigator.onLine changed: back online, everything waiting goes. */
  networkChanged(): void {
    const online = this.o.online();
    this.set({ online });
    if (online) this.saver?.sendAll();
  }

  /**
   * 交卷: every answer saved first (the server holds all of them), then finish/exam. Answers false
   * with the unsent count when answers could not be saved (offline): nothing is submitted.
   */
  async submit(): Promise<{ ok: boolean; unsent: number }> {
    if (this.state.ended) return { ok: true, unsent: 0 };
    if (!this.saver || this.state.finishing) return { ok: false, unsent: 0 };
    this.set({ finishing: true });
    const held = await this.saver.flush();
    if (this.state.ended) return { ok: true, unsent: 0 };
    if (!held) {
      this.set({ finishing: false });
      return { ok: false, unsent: this.store?.size ?? 0 };
    }
    try {
      await this.o.api.finish();
    } catch (err) {
      const ending = endingOf(codeOf(err));
      if (!ending) {
        this.set({ finishing: false });
        return { ok: false, unsent: 0 };
      }
      this.end(ending);
      return { ok: true, unsent: 0 };
    }
    this.end('submitted');
    return { ok: true, unsent: 0 };
  }

  private follow(clock: ServerClock): void {
    this.clock.follow(clock);
    this.tick();
  }

  private tick(): void {
    if (this.state.ended) return;
    const secondsLeft = this.clock.remainingSeconds();
    const warning = secondsLeft <= 60 ? 60 : secondsLeft <= 300 ? 300 : null;
    if (secondsLeft !== this.state.secondsLeft || warning !== this.state.warning) this.set({ secondsLeft, warning });
    if (secondsLeft <= 0) void this.timeOver();
  }

  /** At zero: what waits is saved (the server refuses what comes after its deadline), then submitted. */
  private async timeOver(): Promise<void> {
    if (this.state.finishing || this.state.ended || !this.saver) return;
    this.set({ finishing: true });
    await this.saver.flush();
    if (this.state.ended) return;
    try {
      await this.o.api.finish();
    } catch {
      // 7610 (the server's deadline passed first), or no network: the server's sweep submits it.
    }
    this.end('timeOver');
  }

  private async poll(): Promise<void> {
    await this.report(undefined, false);
  }

  /**
   * get/duration, one after another so the server logs a leave before its return. A leave goes at
   * once (the page may be closing: a queued request would never leave it); the others wait for it.
   */
  private report(event: number | undefined, keepalive: boolean): Promise<DurationAnswer | null> {
    if (this.state.ended) return Promise.resolve(null);
    const send = () => this.sendReport(event, keepalive);
    const mine = event === ScreenEvent.LEAVE ? send() : this.reports.then(send);
    this.reports = mine.then(() => undefined);
    return mine;
  }

  private async sendReport(event: number | undefined, keepalive: boolean): Promise<DurationAnswer | null> {
    if (this.state.ended) return null;
    try {
      const d = await this.o.api.duration(event, { keepalive });
      if (this.state.ended) return null;
      // The server's count only grows: an answer that overtook another does not take it back.
      this.set({ switches: Math.max(this.state.switches, d.screenSwitches) });
      if (d.submitted) {
        this.end('submitted');
        return null;
      }
      this.follow(d);
      return d;
    } catch (err) {
      const ending = endingOf(codeOf(err));
      if (ending) this.end(ending);
      return null;
    }
  }

  private end(reason: EndReason): void {
    if (this.state.ended) return;
    this.saver?.stop();
    this.store?.clear();
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    this.set({ ended: true, finishing: false });
    this.ui?.onEnd(reason);
  }
}
