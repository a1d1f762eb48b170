import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { Worker } from 'node:worker_threads';

/** A cell as the sheet's thread is sent it (`cell` in exports.ts made it one). */
export type SheetCell = string | number | boolean | Date | null;

/** What the sheet's thread is given: the sheet's name and its columns (header in the export's language, width). */
export interface SheetJob {
  sheetName: string;
  columns: Array<{ key: string; header: string; width: number }>;
}

/** What the thread is sent: a batch of rows (cells in the columns' order), then the end. */
export type ToSheet = { rows: SheetCell[][] } | { end: true };

/** What it answers: the file's bytes as they are zipped, a batch written, the workbook done; or why not. */
export type FromSheet = { chunk: Uint8Array } | { written: number } | { done: true } | { error: string };

/**
 * The thread's entry, plain JavaScript that Node loads itself (no tsx): beside the sources, also for
 * the built server (build-server.mjs keeps each module's import.meta.url).
 */
export const SHEET_WORKER = new URL('./export-sheet-worker.mjs', import.meta.url);

/**
 * Heap of the sheet's thread: the streaming writer holds a batch of rows and what the zip has not
 * written yet; an export that needs more ends the thread (and fails), not the server.
 */
const SHEET_HEAP_MB = 128;

/**
 * An export's workbook written on a thread of its own (decision 049's measurements): exceljs
 * making each row's XML and the zip around it was synchronous work on the server's thread, and
 * answer saves waited behind it. The server's thread reads the rows (in the enterprise's scope)
 * and sends them a batch at a time; one batch is in the thread at once, and the next is sent only
 * when the file has caught up, so memory stays bounded however many rows. The thread sends the
 * file's bytes back, written to `out` in order. A thread that fails or ends early fails the export.
 */
export class SheetThread {
  private readonly worker: Worker;
  private failure: Error | null = null;
  private writing = false;
  private done = false;
  private waiter: (() => void) | null = null;

  constructor(
    job: SheetJob,
    private readonly out: Writable,
    entry: URL = SHEET_WORKER,
  ) {
    this.worker = new Worker(entry, { workerData: job, resourceLimits: { maxOldGenerationSizeMb: SHEET_HEAP_MB } });
    this.worker.on('message', (m: FromSheet) => {
      if ('chunk' in m) this.out.write(Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength));
      else if ('written' in m) this.writing = false;
      else if ('done' in m) this.done = true;
      else this.fault(new Error(`the export's sheet thread failed: ${m.error}`));
      this.wake();
    });
    this.worker.once('error', (err) => this.fault(err));
    this.worker.once('exit', (code) => {
      if (!this.done) this.fault(new Error(`the export's sheet thread ended (exit code ${code})`));
    });
  }

  /** Sends a batch of rows once the one before is written and the file has caught up. */
  async add(rows: SheetCell[][]): Promise<void> {
    await this.until(() => !this.writing);
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
    if (this.out.destroyed) throw new Error("the export's file was closed");
    this.writing = true;
    this.worker.postMessage({ rows } satisfies ToSheet);
  }

  /** Ends the workbook: resolves once its last byte has been written to `out` (which it leaves open). */
  async end(): Promise<void> {
    await this.until(() => !this.writing);
    this.worker.postMessage({ end: true } satisfies ToSheet);
    await this.until(() => this.done);
    await this.worker.terminate();
  }

  /** Stops the thread (the export failed on the server's side). */
  stop(): void {
    this.done = true;
    void this.worker.terminate();
  }

  private fault(err: Error) {
    this.failure ??= err;
    this.wake();
  }

  private wake() {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }

  private async until(ready: () => boolean): Promise<void> {
    while (!ready() && !this.failure) await new Promise<void>((resolve) => (this.waiter = resolve));
    if (this.failure) throw this.failure;
  }
}
