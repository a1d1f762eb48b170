import { PassThrough } from 'node:stream';
import type pg from 'pg';
import type { Logger } from 'pino';
import { ExportStatus, type Lang } from '@portal/contract';
import { withTenant } from '@portal/db';
import type { Jobs } from './jobs.ts';
import { ownerTransaction } from './jobs.ts';
import { SHEET_WORKER, SheetThread, type SheetCell } from './export-sheet.ts';
import { isFileKey, newFileKey, type FileStorage } from './storage.ts';

/** One column of an export: its row key, its header in both languages, its width in characters. */
export interface ExportColumn {
  key: string;
  header: { zh: string; en: string };
  width?: number;
}

/** What an export's rows are made from: whose export it is, what was asked, in which language. */
export interface ExportContext<P> {
  eid: number;
  accountId: number;
  params: P;
  lang: Lang;
}

/**
 * A kind of export (a module's "export" call): its file and sheet names, its columns, and its rows.
 * `rows` runs in the enterprise's tenant scope (read through `platform.db`, as a call does) and
 * yields one record a row, keyed by the columns' keys (a string, number, boolean, Date or null a
 * cell); it is read as it is written, so it may page through any number of rows.
 */
export interface ExportDefinition<P> {
  fileName(lang: Lang, params: P): string;
  sheetName(lang: Lang): string;
  /** The sheet's columns; a function where they depend on what was asked (a report's dimension). */
  columns: ExportColumn[] | ((params: P) => ExportColumn[]);
  rows(ctx: ExportContext<P>): AsyncIterable<Record<string, unknown>>;
}

/** An export asked for. `params` travel through the job queue: JSON values only. */
export interface ExportRequest<P> {
  eid: number;
  accountId: number;
  lang: Lang;
  kind: string;
  params: P;
}

/** The export record just made, as the export calls answer it. */
export interface StartedExport {
  id: number;
  fileName: string;
  exportStatus: typeof ExportStatus.PROCESSING;
}

/** A defined kind: `start` without naming the kind again. */
export interface ExportKind<P> {
  kind: string;
  start(request: Omit<ExportRequest<P>, 'kind'>): Promise<StartedExport>;
}

interface ExportJob {
  eid: number;
  accountId: number;
  id: number;
  kind: string;
  lang: Lang;
  params: unknown;
}

/** The queue exports are made from, and the one a job goes to when its last try failed. */
export const EXPORT_QUEUE = 'export';
export const EXPORT_FAILED_QUEUE = 'export-failed';

/** Rows sent to the sheet's thread at a time (it holds one batch; the next waits for the file to catch up). */
const ROWS_PER_BATCH = 200;
/**
 * After each full batch the export rests four times as long as the batch took (capped at
 * MAX_REST_MS): an export is background work, and its bursts (reading the rows, the thread's XML
 * and zip) took the CPU that learners' calls waited for (decision 049: the answer saves' p99
 * during an export of 10 000 results, median of seven, 2.03× before, 1.26× paced). That export
 * takes 4–6 s, inside its 30 s.
 */
const REST_PER_WORK = 4;
const MAX_REST_MS = 500;
/**
 * An export's rests in all at most (then it runs flat out): a very large export on a busy server
 * must still end well inside its job's 10 minutes, or the job would be tried again beside it.
 */
const MAX_TOTAL_REST_MS = 120_000;
/** Rows made between two turns of the event loop: a definition's rows are made on the server's thread. */
const ROWS_PER_TURN = 50;

/**
 * XLSX exports made in the background (decision 027): `start` records the export (processing,
 * the header's export list shows it at once) and queues its job in one transaction; the job
 * reads the rows and has them written with exceljs's streaming writer on a thread of its own
 * (export-sheet.ts) into private storage (memory stays bounded however many rows) and marks the
 * record done with its size, or failed (also when that thread fails or ends early).
 *
 * A job may run more than once (a crash, a restart during a run): each run first claims the
 * record with a new storage key, removing a file an earlier run left, and finishes only if the
 * record is still processing under its own key; otherwise it removes its file. So however often
 * it runs, a record ends with one file and one final status, and a record deleted meanwhile stays
 * deleted, its file gone. A job whose every try failed (the process ended each time) reaches the
 * dead-letter queue, which marks its record failed.
 */
export class Exports {
  private readonly kinds = new Map<string, ExportDefinition<unknown>>();
  /** The entry of the thread a workbook is written on (export-sheet.ts); a test points it at one that ends early. */
  sheetWorker: URL = SHEET_WORKER;

  constructor(
    private readonly deps: {
      jobs: Jobs;
      /** The owner's connections: the record and its job are written in one transaction. */
      pool: pg.Pool;
      storage: FileStorage;
      log: Pick<Logger, 'error'>;
    },
  ) {
    deps.jobs.work<ExportJob>(EXPORT_QUEUE, (job) => this.make(job), {
      retryLimit: 3,
      retryDelaySeconds: 2,
      // A process that died mid-run holds its job this long before it is tried again.
      expireInSeconds: 10 * 60,
      deadLetter: EXPORT_FAILED_QUEUE,
    });
    deps.jobs.work<ExportJob>(EXPORT_FAILED_QUEUE, (job) => this.fail(job, null).then(() => {}), { retryLimit: 5 });
  }

  define<P>(kind: string, definition: ExportDefinition<P>): ExportKind<P> {
    if (this.kinds.has(kind)) throw new Error(`export kind "${kind}" is defined twice`);
    this.kinds.set(kind, definition as ExportDefinition<unknown>);
    return { kind, start: (request) => this.start({ ...request, kind }) };
  }

  async start<P>(request: ExportRequest<P>): Promise<StartedExport> {
    const definition = this.kinds.get(request.kind);
    if (!definition) throw new Error(`no export kind "${request.kind}"`);
    const { eid, accountId, lang, kind, params } = request;
    const fileName = (definition as ExportDefinition<P>).fileName(lang, params);
    const started = await ownerTransaction(this.deps.pool, async (client) => {
      const { rows } = await client.query<{ id: number }>(
        'INSERT INTO export_records (eid, account_id, file_name, export_status) VALUES ($1, $2, $3, $4) RETURNING id',
        [eid, accountId, fileName, ExportStatus.PROCESSING],
      );
      const id = rows[0]!.id;
      const job: ExportJob = { eid, accountId, id, kind, lang, params };
      await this.deps.jobs.send(EXPORT_QUEUE, job, { client });
      return { id, fileName, exportStatus: ExportStatus.PROCESSING };
    });
    this.deps.jobs.wake(EXPORT_QUEUE);
    return started;
  }

  /** One run of an export's job. */
  private async make(job: ExportJob): Promise<void> {
    const { storage } = this.deps;
    const key = newFileKey('exports', job.eid, 'xlsx');
    // Claim the record for this run; a file an earlier run left is removed.
    const claimed = await this.deps.pool.query<{ previous: string | null }>(
      `WITH mine AS (
         SELECT storage_key FROM export_records WHERE eid = $1 AND id = $2 AND export_status = $3 FOR UPDATE
       )
       UPDATE export_records r SET storage_key = $4 FROM mine
        WHERE r.eid = $1 AND r.id = $2
       RETURNING mine.storage_key AS previous`,
      [job.eid, job.id, ExportStatus.PROCESSING, key],
    );
    // Deleted, or finished by an earlier run: nothing to do.
    if (!claimed.rows[0]) return;
    const previous = claimed.rows[0].previous;
    if (previous && isFileKey(previous)) await storage.delete(previous);
    let size: number;
    try {
      const definition = this.kinds.get(job.kind);
      if (!definition) throw new Error(`no export kind "${job.kind}"`);
      size = await this.write(definition, job, key);
    } catch (err) {
      this.deps.log.error({ err, export: job.id, kind: job.kind }, 'export failed');
      await this.fail(job, key);
      return;
    }
    const done = await this.deps.pool.query(
      `UPDATE export_records SET export_status = $5, file_size = $6
        WHERE eid = $1 AND id = $2 AND export_status = $3 AND storage_key = $4`,
      [job.eid, job.id, ExportStatus.PROCESSING, key, ExportStatus.DONE, size],
    );
    // Deleted meanwhile (or claimed by another run): the file is no one's.
    if (done.rowCount === 0) await storage.delete(key);
  }

  /**
   * Marks the record failed (if it is still processing, under `key` when given) and removes the
   * file of the run; answers whether it was marked.
   */
  private async fail(job: ExportJob, key: string | null): Promise<boolean> {
    const { rows } = await this.deps.pool.query<{ storage_key: string | null }>(
      `UPDATE export_records r SET export_status = $4, file_size = 0, storage_key = NULL
         FROM (SELECT storage_key FROM export_records WHERE eid = $1 AND id = $2 FOR UPDATE) old
        WHERE r.eid = $1 AND r.id = $2 AND r.export_status = $3 AND ($5::text IS NULL OR r.storage_key = $5)
       RETURNING old.storage_key`,
      [job.eid, job.id, ExportStatus.PROCESSING, ExportStatus.FAILED, key],
    );
    const left = key ?? rows[0]?.storage_key;
    if (left && isFileKey(left)) await this.deps.storage.delete(left);
    return rows.length > 0;
  }

  /** Streams the workbook into storage at `key`; answers the file's size. */
  private async write(definition: ExportDefinition<unknown>, job: ExportJob, key: string): Promise<number> {
    const { lang } = job;
    const out = new PassThrough();
    // Destroyed with the run's error below, maybe before the storage has started reading it: the
    // error is this run's to throw, not the process's.
    out.on('error', () => {});
    const stored = this.deps.storage.putStream(key, out);
    // The storage's error ends the writing below; its promise is awaited at the end.
    stored.catch(() => {});
    let sheet: SheetThread | undefined;
    try {
      const columns = typeof definition.columns === 'function' ? definition.columns(job.params) : definition.columns;
      // The workbook is made on its own thread: its rows' XML and zip never hold the server's event loop.
      sheet = new SheetThread(
        {
          sheetName: definition.sheetName(lang),
          columns: columns.map((c) => ({ key: c.key, header: c.header[lang], width: c.width ?? 16 })),
        },
        out,
        this.sheetWorker,
      );
      const thread = sheet;
      const ctx: ExportContext<unknown> = { eid: job.eid, accountId: job.accountId, params: job.params, lang };
      // The rows are read as the enterprise's tenant work, as a call of the learner would read them.
      await withTenant(job.eid, async () => {
        let batch: SheetCell[][] = [];
        let n = 0;
        let worked = performance.now();
        let rested = 0;
        for await (const record of definition.rows(ctx)) {
          batch.push(columns.map((c) => cell(record[c.key])));
          if (batch.length === ROWS_PER_BATCH) {
            await thread.add(batch);
            batch = [];
            const rest = Math.min(
              (performance.now() - worked) * REST_PER_WORK,
              MAX_REST_MS,
              MAX_TOTAL_REST_MS - rested,
            );
            rested += rest;
            if (rest > 0) await new Promise<void>((resolve) => setTimeout(resolve, rest));
            worked = performance.now();
          }
          // Other requests go between every few rows: a definition makes its rows on this thread.
          if (++n % ROWS_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
        }
        if (batch.length) await thread.add(batch);
      });
      await thread.end();
      out.end();
    } catch (err) {
      sheet?.stop();
      out.destroy(err as Error);
      await stored.catch(() => {});
      throw err;
    }
    return stored;
  }
}

/** A record's value as an XLSX cell. */
function cell(value: unknown): SheetCell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}
