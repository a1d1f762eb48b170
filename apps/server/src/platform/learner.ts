import type { Session } from './session.ts';

/**
 * A learner of one enterprise: who a feature's reads and writes are for (the session's enterprise
 * and account, never taken from the request). Declared once here for every module (issue 19 item 6).
 */
export interface Learner {
  eid: number;
  accountId: number;
}

/** The learner a session is: its enterprise and account, nothing else of it. */
export const learnerOf = (session: Pick<Session, 'eid' | 'accountId'>): Learner => ({
  eid: session.eid,
  accountId: session.accountId,
});
