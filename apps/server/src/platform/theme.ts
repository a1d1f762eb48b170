import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import type { ThemeOptions } from '@portal/contract';

/** How long the theme worker stays after its last extraction (themes asked for close together share it). */
export const THEME_WORKER_IDLE_MS = 5_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * What a theme's CSS is made by: the extraction's sources and the versions of the libraries that
 * render it. Stored CSS of another version is never served.
 */
export async function themeCodeVersion(): Promise<string> {
  const web = path.resolve(import.meta.dirname, '../../../web/app/lib');
  const sources = await Promise.all(
    [
      path.join(web, 'theme.server.ts'),
      path.join(web, 'antd-theme.ts'),
      path.join(web, 'contrast.ts'),
      path.resolve(import.meta.dirname, 'theme-worker.ts'),
    ].map((f) => readFile(f, 'utf8')),
  );
  const require = createRequire(path.join(web, 'theme.server.ts'));
  const versions = ['antd', '@ant-design/static-style-extract', '@ant-design/cssinjs', 'react'].map(
    (name) => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`,
  );
  return sha256([...sources, ...versions].join('\n')).slice(0, 16);
}

/** Where extracted theme CSS is kept between starts: a folder, and the version of the code (themeCodeVersion). */
export interface ThemeStore {
  dir: string;
  version: string;
}

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
 * of antd rendered: about 135 MB while it lives). With a store, extracted CSS is kept on disk by
 * the version of the code that made it: a restart extracts only themes it has not seen, and
 * `prewarm` extracts every enterprise's theme at start, before any page asks (decision 007).
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

  /** A worker is alive now (tests wait for an idle one to end instead of sleeping). */
  get running(): boolean {
    return this.worker !== undefined;
  }
  /** Themes extracted by a worker so far. */
  extracted = 0;

  constructor(
    private readonly idleMs = THEME_WORKER_IDLE_MS,
    private readonly store?: ThemeStore,
  ) {}

  get(theme: ThemeOptions, grey: boolean): Promise<string> {
    const key = `${JSON.stringify(theme)}|${grey}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    let job = this.pending.get(key);
    if (!job) {
      job = this.load(key, theme, grey);
      job
        .then((css) => this.cache.set(key, css))
        .catch(() => undefined)
        .finally(() => this.pending.delete(key));
      this.pending.set(key, job);
    }
    return job;
  }

  /**
   * Makes the CSS of these themes ready (stored ones are read, the others extracted), and removes
   * stored CSS of other code versions. Resolves with the number of themes extracted; a theme that
   * fails is left for its first page to ask again.
   */
  async prewarm(themes: ReadonlyArray<{ theme: ThemeOptions; grey: boolean }>): Promise<number> {
    if (this.store) await this.pruneVersions(this.store);
    const before = this.extracted;
    await Promise.allSettled(themes.map((t) => this.get(t.theme, t.grey)));
    return this.extracted - before;
  }

  private fileOf(key: string): string | undefined {
    return this.store && path.join(this.store.dir, this.store.version, `${sha256(key)}.css`);
  }

  private async load(key: string, theme: ThemeOptions, grey: boolean): Promise<string> {
    const file = this.fileOf(key);
    if (file) {
      try {
        return await readFile(file, 'utf8');
      } catch {
        // not stored yet
      }
    }
    const css = await this.extract(theme, grey);
    this.extracted++;
    // A cache: a write that fails costs only the next start an extraction.
    if (file) await writeAtomically(file, css).catch(() => undefined);
    return css;
  }

  private async pruneVersions(store: ThemeStore): Promise<void> {
    const entries = await readdir(store.dir).catch(() => [] as string[]);
    await Promise.all(
      entries
        .filter((name) => name !== store.version)
        .map((name) => rm(path.join(store.dir, name), { recursive: true, force: true })),
    );
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

/** Writes a file whole or not at all (a reader never sees half of it). */
async function writeAtomically(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, text);
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}
