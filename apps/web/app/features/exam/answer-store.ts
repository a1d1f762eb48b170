/**
 * The answers of an attempt the server has not acknowledged yet (issue 13 item 3: saves queued
 * until the network is back, and a reload loses nothing). Every change gets the next number of the
 * attempt's save sequence, continuing from the paper's lastSeq (the server applies a save only above
 * the sequence it stored for the question, so a late older save never overwrites a newer answer);
 * the latest change of each question waits here until a save's answer says the server holds that
 * sequence (or a newer one). The store is kept in localStorage under the attempt's id, so a reload
 * or a crash of the tab finds the unsent answers again and sends them.
 */
export interface PendingAnswer {
  questionId: number;
  answer: string[];
  flagged: boolean;
  seq: number;
  /** The browser's clock when the learner changed it (evidence for the attempt log, never the timer). */
  clientAt: string;
}

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What a save's answer says of one question: the sequence the server now holds for it. */
export interface SaveAck {
  questionId: number;
  seq: number;
}

interface Kept {
  seq: number;
  pending: PendingAnswer[];
}

export const answerStoreKey = (attemptId: number) => `portal-exam-answers:${attemptId}`;

const isPending = (x: unknown): x is PendingAnswer => {
  const p = x as PendingAnswer;
  return (
    typeof p === 'object' &&
    p !== null &&
    Number.isInteger(p.questionId) &&
    Number.isInteger(p.seq) &&
    p.seq > 0 &&
    typeof p.flagged === 'boolean' &&
    typeof p.clientAt === 'string' &&
    Array.isArray(p.answer) &&
    p.answer.every((a) => typeof a === 'string')
  );
};

function read(storage: StorageLike | null, key: string): Kept | null {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const kept = JSON.parse(raw) as Kept;
    if (!Number.isInteger(kept?.seq) || !Array.isArray(kept.pending)) return null;
    return { seq: kept.seq, pending: kept.pending.filter(isPending) };
  } catch {
    return null;
  }
}

export class AnswerStore {
  private seq: number;
  private readonly pending = new Map<number, PendingAnswer>();
  private readonly key: string;

  /**
   * `server`: the paper's lastSeq and the sequence of each answer it holds. Kept answers the server
   * already holds (its sequence is not below theirs) are dropped; the others wait to be sent.
   */
  constructor(
    attemptId: number,
    server: { lastSeq: number; answers: ReadonlyArray<{ questionId: number; seq: number }> },
    private readonly storage: StorageLike | null,
  ) {
    this.key = answerStoreKey(attemptId);
    this.seq = Math.max(0, server.lastSeq);
    const kept = read(storage, this.key);
    if (kept) {
      this.seq = Math.max(this.seq, kept.seq);
      const held = new Map(server.answers.map((a) => [a.questionId, a.seq]));
      for (const p of kept.pending) {
        const mine = this.pending.get(p.questionId);
        if (p.seq > (held.get(p.questionId) ?? 0) && (!mine || mine.seq < p.seq)) this.pending.set(p.questionId, p);
      }
      this.persist();
    }
  }

  /** The unacknowledged answers, oldest change first. */
  list(): PendingAnswer[] {
    return [...this.pending.values()].sort((a, b) => a.seq - b.seq);
  }

  get size(): number {
    return this.pending.size;
  }

  get(questionId: number): PendingAnswer | undefined {
    return this.pending.get(questionId);
  }

  /** The last sequence number given out. */
  get lastSeq(): number {
    return this.seq;
  }

  /** A change of one question: the next sequence number; it waits until acknowledged. */
  change(questionId: number, answer: string[], flagged: boolean, clientAt = new Date().toISOString()): PendingAnswer {
    const p: PendingAnswer = { questionId, answer: [...answer], flagged, seq: ++this.seq, clientAt };
    this.pending.set(questionId, p);
    this.persist();
    return p;
  }

  /** A save's answer: each question whose held sequence reached the waiting one is done. */
  acknowledge(acks: readonly SaveAck[], lastSeq?: number): void {
    let changed = false;
    for (const a of acks) {
      const p = this.pending.get(a.questionId);
      if (p && p.seq <= a.seq) {
        this.pending.delete(a.questionId);
        changed = true;
      }
    }
    // Another tab of the same attempt may have saved higher numbers: continue after them.
    if (lastSeq !== undefined && lastSeq > this.seq) {
      this.seq = lastSeq;
      changed = true;
    }
    if (changed) this.persist();
  }

  /**
   * The server refused the sequence as too far ahead of its lastSeq (7612: a store kept with a
   * number out of step): the waiting answers, in their order, take the numbers right after it.
   */
  renumber(after: number): void {
    this.seq = Math.max(0, after);
    for (const p of this.list()) this.pending.set(p.questionId, { ...p, seq: ++this.seq });
    this.persist();
  }

  /** An answer the server refused as malformed (7606): sending it again would be refused again. */
  drop(questionId: number): void {
    if (this.pending.delete(questionId)) this.persist();
  }

  /** The attempt is over: nothing more to send, nothing kept. */
  clear(): void {
    this.pending.clear();
    try {
      this.storage?.removeItem(this.key);
    } catch {
      // Storage unavailable: nothing was kept there either.
    }
  }

  private persist(): void {
    try {
      if (this.pending.size === 0) this.storage?.removeItem(this.key);
      else this.storage?.setItem(this.key, JSON.stringify({ seq: this.seq, pending: this.list() } satisfies Kept));
    } catch {
      // Private mode or a full storage: the answers still wait in memory and are sent.
    }
  }
}
