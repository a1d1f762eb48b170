import { Worker } from 'node:worker_threads';
import type { Lang } from '@portal/contract';
import { MissingColumnsError, type ImportColumn, type SheetItem } from './learner-import-sheet.ts';

/** What the reading thread gets: the file's bytes, its columns and how to batch its rows. */
export interface ReaderJob {
  data: Uint8Array;
  columns: ImportColumn[];
  lang: Lang;
  maxRows: number;
  batchRows: number;
}

/** What it answers: batches of checked rows (JSON text) in order, then the row count; or why not. */
export type ReaderMessage = { batch: string } | { total: number } | { missing: string[] } | { error: string };

/** The file's rows, read and checked: `total` of them in batches, each parsed when it is taken. */
export interface ReadSheet {
  total: number;
  batches: string[];
}

/**
 * The reading failed. `unreadable`: the file is no workbook the reader can take (exceljs's zip or
 * XML reader gave up or stopped, or it needed more memory than the thread has); otherwise a fault
 * of ours (the job is tried again).
 */
export class SheetReadError extends Error {
  readonly unreadable: boolean;

  constructor(message: string, options: { unreadable?: boolean } = {}) {
    super(message);
    this.unreadable = options.unreadable ?? /zip|end of central directory|invalid|unexpected|sax|xml/i.test(message);
  }
}

/**
 * Heap of the reading thread: exceljs's streaming reader keeps the shared strings of the file
 * (10 MB at most, LEARNER_IMPORT_MAX_BYTES); a file that needs more ends the thread, not the server.
 */
const READER_HEAP_MB = 256;

/**
 * Reads and checks an import file on its own thread (learner-import-worker.ts, decision 038):
 * parsing 10 000 rows of XLSX on the server's thread held its event loop for tens of milliseconds
 * at a time, and the learners' calls waited behind it. The rows come back as JSON text, a batch
 * at a time, so the server's heap holds strings, not 20 000 objects.
 */
export function readSheet(job: ReaderJob): Promise<ReadSheet> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./learner-import-worker.mjs', import.meta.url), {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB },
    });
    const batches: string[] = [];
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.on('message', (m: ReaderMessage) => {
      if ('batch' in m) batches.push(m.batch);
      else if ('total' in m) settle(() => resolve({ total: m.total, batches }));
      else if ('missing' in m)
        settle(() => reject(new MissingColumnsError(job.columns.filter((c) => m.missing.includes(c.key)))));
      else settle(() => reject(new SheetReadError(m.error)));
    });
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() =>
        reject(new SheetReadError(err.message, err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { unreadable: true } : {})),
      ),
    );
    // Exit code 13 (a top-level await that never settled): the reader stopped waiting for more of
    // the file with nothing left to wait on, as exceljs does on a damaged zip entry.
    worker.once('exit', (code) =>
      settle(() =>
        reject(
          code === 13
            ? new SheetReadError('unreadable: the workbook ended before its sheet did', { unreadable: true })
            : new Error(`the import's reading thread ended (exit code ${code})`),
        ),
      ),
    );
  });
}

/** The items of one batch the reader answered. */
export const itemsOf = (batch: string): SheetItem[] => JSON.parse(batch) as SheetItem[];
