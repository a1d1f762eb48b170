import type { Db, Tx } from '@portal/db';
import type { LearningEvent } from './learning-events.ts';

/**
 * What work run after a commit may do: drop what this process keeps that the committed change made
 * stale (`SessionStore.forgetAccount`), and announce what a learner finished to the modules that
 * listen (`LearningEvents`, decision 033).
 */
export interface CommitEffects {
  /** Forgets what this process kept of an account: its looked-up sessions and remembered reads. */
  forgetAccount(accountId: number): void;
  /** Announces a learning event to its listeners (they run in the background). */
  learned(event: LearningEvent): void;
  /** Forgets visitors' cached pages and site answers: the back office changed what they show. */
  siteChanged(): void;
}

type Hook = (effects: CommitEffects) => void;

/** The hooks of each open transaction of a database made by `withAfterCommit`. */
const pending = new WeakMap<Tx, Hook[]>();

/**
 * The database with after-commit hooks (decision 026): every transaction it opens runs the hooks
 * `afterCommit` registered on it once it has committed, and drops them when it rolls back. A cache
 * forgotten before the commit would be filled again with the old rows by a read in between; one
 * forgotten by the caller after the commit is one a caller can forget. Here neither can happen:
 * the work that makes the change registers the forgetting in the same transaction.
 *
 * A new object whose prototype is `db`, so the database it wraps is left as it was; nested
 * transactions (savepoints) are not given hooks (none are used).
 */
export function withAfterCommit(db: Db, effects: CommitEffects): Db {
  const wrapped = Object.create(db) as Db;
  const transaction: Db['transaction'] = async (fn, config) => {
    const hooks: Hook[] = [];
    const result = await db.transaction(async (tx) => {
      pending.set(tx, hooks);
      try {
        return await fn(tx);
      } finally {
        pending.delete(tx);
      }
    }, config);
    // Committed: every hook runs, even when one throws (a hook that throws is a bug, shown after).
    const errors: unknown[] = [];
    for (const hook of hooks) {
      try {
        hook(effects);
      } catch (err) {
        errors.push(err);
      }
    }
    if (errors.length > 0)
      throw errors.length === 1 ? errors[0] : new AggregateError(errors, 'after-commit hooks failed');
    return result;
  };
  Object.defineProperty(wrapped, 'transaction', { value: transaction });
  return wrapped;
}

/**
 * Runs `hook` once `tx` has committed (never when it rolls back). `tx` must be open on a database
 * made by `withAfterCommit` (the platform's `db`): anything else is a programming error, refused at
 * once so that no change can lose its after-commit work unnoticed.
 */
export function afterCommit(tx: Tx, hook: Hook): void {
  const hooks = pending.get(tx);
  if (!hooks) {
    throw new Error('afterCommit needs an open transaction of the platform database (withAfterCommit)');
  }
  hooks.push(hook);
}
