/**
 * What the back office changed that learners and visitors see (lecturers, categories, tags, news), announced after the change's commit
 * (`afterCommit(tx, (e) => e.contentChanged(…))`) so that every cache holding it in this process is
 * forgotten before the administrator's call answers: the learner's and the visitor's next call read
 * the change (issue 21, decision 040). Caches subscribe where they are built: the modules' own
 * (`platform.contentChanges.subscribe`), the visitors' answers (http.ts) and pages (web.ts).
 *
 * In-process only: another process of the portal keeps what it cached for at most
 * SITE_CACHE_TTL_MS / PAGE_CACHE_TTL_MS (10 s by default), as for every site setting.
 */
export type ContentKind = 'lecturer' | 'category' | 'tag' | 'news';

export interface ContentChange {
  eid: number;
  kind: ContentKind;
}

export class ContentChanges {
  private readonly listeners = new Set<(change: ContentChange) => void>();

  /** Calls `listener` on every change from now on; the answer unsubscribes it. */
  subscribe(listener: (change: ContentChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every subscriber at once (they only forget: synchronous and cheap). */
  announce(change: ContentChange): void {
    for (const listener of this.listeners) listener(change);
  }
}
