/**
 * What visitors are served from memory and the back office can change (decision 043): the cached
 * answers of public site calls (visitor-answers.ts) and the cached visitor pages (web.ts) hold
 * news, categories and zones for a few seconds. A committed change of such content calls
 * `changed()` (through `afterCommit(tx, (e) => e.siteChanged())`), and each holder forgets all it
 * keeps: entries are keyed by domain and URL, not by enterprise, and refilling them is cheap.
 * In-process only: another node's copies still end with their short lifetime (DESIGN.md section 1).
 */
export class SiteChanges {
  private readonly listeners = new Set<() => void>();

  /** Calls `forget` on every change; answers the function that stops it. */
  onChange(forget: () => void): () => void {
    this.listeners.add(forget);
    return () => this.listeners.delete(forget);
  }

  /** Visitors' content changed: every holder forgets what it keeps. */
  changed(): void {
    for (const forget of this.listeners) forget();
  }
}
