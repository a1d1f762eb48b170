import { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import type { ThemeOptions } from '@portal/contract';

/** How long the theme worker stays after its last extraction (the next tenants' themes reuse it). */
export const THEME_WORKER_IDLE_MS = 30_000;

interface Job {
  resolve(css: string): void;
  reject(err: Error): void;
  /** The worker the job was sent to. */
  worker: Worker;
}

/**
 * Tenant theme CSS (docs/decisions/003-tenant-theme-css.md), computed once per distinct theme in
 * a worker thread and cached: pages never pay for style extraction. One worker serves the themes
 * asked for while it lives (loading antd and its style engine takes seconds of CPU, an extraction
 * a fraction of that: after a restart, every tenant's first page asks for its theme) and ends
 * THEME_WORKER_IDLE_MS after its last job, which gives back the memory the extraction needs (all
 * of antd rendered).
 */
export class ThemeCss {
  private readonly cache = new LRUCache<string, string>({ max: 500 });
  private readonly pending = new Map<string, Promise<string>>();
  private worker: Worker | undefined;
  private readonly jobs = new Map<number, Job>();
  private nextId = 1;
  private idle: NodeJS.Timeout | undefined;
  /** Workers started so far (tests: one serves themes asked for close together). */
  started = 0;

  constructor(private readonly idleMs = THEME_WORKER_IDLE_MS) {}

  get(theme: ThemeOptions, grey: boolean): Promise<string> {
    const key = `${JSON.stringify(theme)}|${grey}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    let job = this.pending.get(key);
    if (!job) {
      job = this.extract(theme, grey);
      job
        .then((css) => this.cache.set(key, css))
        .catch(() => undefined)
        .finally(() => this.pending.delete(key));
      this.pending.set(key, job);
    }
    return job;
  }

  /** Ends the worker now (the server closing); jobs still running fail. */
  async close(): Promise<void> {
    clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  /** Jobs run one after the other in the worker (its messages are handled in order). */
  private extract(theme: ThemeOptions, grey: boolean): Promise<string> {
    clearTimeout(this.idle);
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<string>((resolve, reject) => {
      this.jobs.set(id, { resolve, reject, worker });
      worker.postMessage({ id, theme, grey });
    });
  }

  private start(): Worker {
    const worker = new Worker(new URL('./theme-worker.mjs', import.meta.url));
    // It never keeps the process up: a request waiting for its theme does.
    worker.unref();
    this.worker = worker;
    this.started++;
    worker.on('message', (msg: { id: number; css?: string; error?: string }) => {
      const job = this.jobs.get(msg.id);
      this.jobs.delete(msg.id);
      if (msg.css !== undefined) job?.resolve(msg.css);
      else job?.reject(new Error(`theme extraction failed: ${msg.error}`));
      if (this.jobs.size === 0 && this.worker === worker) {
        clearTimeout(this.idle);
        this.idle = setTimeout(() => void this.close(), this.idleMs).unref();
      }
    });
    // Only this worker's jobs fail with it: an ended worker's exit can come after a new worker
    // has taken the next jobs.
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, job] of this.jobs) {
        if (job.worker !== worker) continue;
        this.jobs.delete(id);
        job.reject(err);
      }
    };
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`the theme worker ended (exit code ${code})`)));
    return worker;
  }
}
