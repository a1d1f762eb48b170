import { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import type { ThemeOptions } from '@portal/contract';

/**
 * Tenant theme CSS (docs/decisions/003-tenant-theme-css.md), computed once per distinct theme in
 * a short-lived worker thread and cached: pages never pay for style extraction, and the memory the
 * extraction needs (all of antd rendered) is released when the worker ends.
 */
export class ThemeCss {
  private readonly cache = new LRUCache<string, string>({ max: 500 });
  private readonly pending = new Map<string, Promise<string>>();
  private queue: Promise<unknown> = Promise.resolve();

  get(theme: ThemeOptions, grey: boolean): Promise<string> {
    const key = `${JSON.stringify(theme)}|${grey}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    let job = this.pending.get(key);
    if (!job) {
      // One extraction at a time: each renders the whole component set.
      job = this.queue.then(() => extract(theme, grey));
      this.queue = job.catch(() => undefined);
      job
        .then((css) => this.cache.set(key, css))
        .catch(() => undefined)
        .finally(() => this.pending.delete(key));
      this.pending.set(key, job);
    }
    return job;
  }
}

function extract(theme: ThemeOptions, grey: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./theme-worker.mjs', import.meta.url));
    worker.once('message', (msg: { css?: string; error?: string }) => {
      void worker.terminate();
      if (msg.css !== undefined) resolve(msg.css);
      else reject(new Error(`theme extraction failed: ${msg.error}`));
    });
    worker.once('error', reject);
    worker.postMessage({ theme, grey });
  });
}
