import { EXAM_BATCH_SAVE_SECONDS } from '@portal/contract/calls/exam';
import type { AnswerStore, PendingAnswer, SaveAck } from './answer-store.ts';
import type { ServerClock } from './exam-clock.ts';

/**
 * When the exam page sends the answers of its store (issue 13 item 3, decision 029):
 *
 * - a choice (radio, checkbox, select, the flag) is sent at once; typed text (fill-in, short answer)
 *   `debounceMs` after the last keystroke;
 * - every `batchMs` (15 s) everything not yet acknowledged goes in one batch;
 * - one request at a time: changes made while one is under way go in the next (one answer: the
 *   single save; several: the batch); a save's answer acknowledges what the server holds and
 *   corrects the page's clock;
 * - offline (navigator.onLine false) nothing is sent; a failed send keeps its answers waiting, and
 *   the page shows it; `sendAll` (the browser is online again, the next batch) tries again;
 * - the attempt over (7603 switch limit, 7605 submitted, 7610 time over, 404) ends the saver and
 *   tells the page; a malformed answer (7606, not made by this page's inputs) is dropped; answers
 *   numbered more than EXAM_SEQ_STEP_MAX past the server's lastSeq (7612) are numbered again after
 *   it and sent again.
 */
export interface SaveAnswer {
  results: SaveAck[];
  lastSeq: number;
  clock: ServerClock;
}

export interface SaverState {
  /** Answers not acknowledged by the server yet. */
  unsent: number;
  sending: boolean;
  /** The last send failed (network, server busy) or the browser is offline. */
  failed: boolean;
}

/** Codes that end the attempt for the page. */
export const ENDING_CODES: readonly number[] = [7603, 7605, 7610, 404];
const ANSWER_INVALID = 7606;
const SEQ_TOO_FAR = 7612;

export interface SaverOptions {
  store: AnswerStore;
  /** Sends answers (one: the single save, several: the batch); rejects with an error carrying `code`. */
  send: (answers: PendingAnswer[], options: { keepalive: boolean }) => Promise<SaveAnswer>;
  online: () => boolean;
  onClock: (clock: ServerClock) => void;
  onState: (state: SaverState) => void;
  onEnd: (code: number) => void;
  debounceMs?: number;
  batchMs?: number;
}

const codeOf = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : null;
};
const refusedQuestion = (err: unknown) => {
  const id = ((err as { data?: { questionId?: unknown } } | null)?.data ?? {}).questionId;
  return typeof id === 'number' ? id : null;
};
const serverLastSeq = (err: unknown) => {
  const n = ((err as { data?: { lastSeq?: unknown } } | null)?.data ?? {}).lastSeq;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
};

export class AnswerSaver {
  private readonly due = new Set<number>();
  private readonly typing = new Map<number, ReturnType<typeof setTimeout>>();
  private batch: ReturnType<typeof setInterval> | undefined;
  private inFlight: Promise<void> | null = null;
  private failed = false;
  private ended = false;
  private readonly debounceMs: number;
  private readonly batchMs: number;

  constructor(private readonly o: SaverOptions) {
    this.debounceMs = o.debounceMs ?? 800;
    this.batchMs = o.batchMs ?? EXAM_BATCH_SAVE_SECONDS * 1000;
  }

  /** Starts the batch every 15 s; answers kept from before a reload go at once. */
  start(): void {
    if (this.ended) return;
    this.batch = setInterval(() => this.sendAll(), this.batchMs);
    if (this.o.store.size > 0) this.sendAll();
    else this.notify();
  }

  get state(): SaverState {
    return { unsent: this.o.store.size, sending: this.inFlight !== null, failed: this.failed || !this.o.online() };
  }

  /** A change of one question: stored at once, sent at once (choices) or after the typing pauses (text). */
  change(questionId: number, answer: string[], flagged: boolean, options: { typed?: boolean } = {}): PendingAnswer {
    const p = this.o.store.change(questionId, answer, flagged);
    if (this.ended) return p;
    const timer = this.typing.get(questionId);
    if (timer !== undefined) clearTimeout(timer);
    this.typing.delete(questionId);
    if (options.typed) {
      this.typing.set(
        questionId,
        setTimeout(() => {
          this.typing.delete(questionId);
          this.due.add(questionId);
          this.pump();
        }, this.debounceMs),
      );
      this.notify();
    } else {
      this.due.add(questionId);
      this.pump();
    }
    return p;
  }

  /** Everything not acknowledged, now (the 15 s batch; the network is back). */
  sendAll(): void {
    if (this.ended) return;
    for (const p of this.o.store.list()) this.due.add(p.questionId);
    this.pump();
  }

  /**
   * Sends everything and waits for the answers (before submitting): true when the server holds every
   * answer of the page.
   */
  async flush(): Promise<boolean> {
    for (const t of this.typing.values()) clearTimeout(t);
    this.typing.clear();
    this.sendAll();
    while (this.inFlight) await this.inFlight;
    return this.o.store.size === 0;
  }

  /** The page is being left: what waits goes with keepalive (its answer may come to no page). */
  leave(): void {
    if (this.ended) return;
    const list = this.o.store.list();
    if (list.length > 0 && this.o.online()) void this.o.send(list, { keepalive: true }).catch(() => undefined);
  }

  /** No more sends (the attempt is over, the page closed). */
  stop(): void {
    this.ended = true;
    if (this.batch !== undefined) clearInterval(this.batch);
    for (const t of this.typing.values()) clearTimeout(t);
    this.typing.clear();
    this.due.clear();
  }

  private notify(): void {
    this.o.onState(this.state);
  }

  private pump(): void {
    if (this.ended || this.inFlight || this.due.size === 0) return;
    if (!this.o.online()) {
      this.notify();
      return;
    }
    const list = [...this.due].map((q) => this.o.store.get(q)).filter((p): p is PendingAnswer => p !== undefined);
    this.due.clear();
    if (list.length === 0) return;
    list.sort((a, b) => a.seq - b.seq);
    this.inFlight = this.o
      .send(list, { keepalive: false })
      .then(
        (answer) => {
          this.failed = false;
          this.o.store.acknowledge(answer.results, answer.lastSeq);
          this.o.onClock(answer.clock);
        },
        (err: unknown) => this.refused(err, list),
      )
      .finally(() => {
        this.inFlight = null;
        this.notify();
        this.pump();
      });
    this.notify();
  }

  private refused(err: unknown, list: PendingAnswer[]): void {
    const code = codeOf(err);
    if (code !== null && ENDING_CODES.includes(code)) {
      this.stop();
      this.o.onEnd(code);
      return;
    }
    if (code === ANSWER_INVALID) {
      // The batch is all or nothing: the malformed one is dropped and the others go again.
      const q = refusedQuestion(err) ?? (list.length === 1 ? list[0]!.questionId : null);
      if (q !== null && list.some((p) => p.questionId === q)) {
        this.o.store.drop(q);
        for (const p of list) if (p.questionId !== q) this.due.add(p.questionId);
        return;
      }
    }
    const lastSeq = code === SEQ_TOO_FAR ? serverLastSeq(err) : null;
    if (lastSeq !== null) {
      // Numbered too far ahead of the server (7612): numbered again after its lastSeq, sent again.
      this.o.store.renumber(lastSeq);
      for (const p of list) this.due.add(p.questionId);
      return;
    }
    // The network, or the server busy: the answers wait for the next batch or the network's return.
    this.failed = true;
  }
}
