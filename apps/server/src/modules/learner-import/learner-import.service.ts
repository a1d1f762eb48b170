import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { hash } from '@node-rs/argon2';
import { drizzle } from 'drizzle-orm/node-postgres';
import { fileTypeFromBuffer } from 'file-type';
import type pg from 'pg';
import type { Logger } from 'pino';
import {
  ErrorCode,
  LEARNER_IMPORT_MAX_BYTES,
  LEARNER_IMPORT_MAX_ROWS,
  LearnerImportStatus,
  isPassword,
  validate,
  type Lang,
  type LearnerImport,
} from '@portal/contract';
import { schema, withTenant } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { PasswordCipher } from '../../platform/password-cipher.ts';
import { isFileKey, newFileKey, type FileStorage, type UrlSigner } from '../../platform/storage.ts';
import { readFilePart, type NextPart } from '../../platform/upload-part.ts';
import type { RegistrationForms } from '../registration-form/index.ts';
import { SheetReadError, itemsOf, readSheet, type ReadSheet } from './learner-import-reader.ts';
import {
  MissingColumnsError,
  importColumns,
  writeTemplate,
  type CheckedRow,
  type ImportColumn,
  type Rejection,
} from './learner-import-sheet.ts';
import { LearnerImportRepository, type ImportRow } from './learner-import.repository.ts';

/** The queue imports run from, and the one a job goes to when every try ended with its process. */
export const LEARNER_IMPORT_QUEUE = 'learner-import';
export const LEARNER_IMPORT_FAILED_QUEUE = 'learner-import-failed';

/** Rows per statement and transaction: 10 000 rows are 20 batches of a few statements each. */
export const IMPORT_BATCH_ROWS = 500;
/**
 * The pause after each batch, as a multiple of the time the batch took (reading its rows from the
 * file, checking and writing them): the import's statements and parsing leave the event loop and
 * the database to the learners' calls for twice as long as they held them, so an import takes at
 * most about a third of the process while learners are using it (bench/crm-import.ts measures
 * their p99 during an import: 10 000 rows take about 8 s without the pause on this machine).
 */
const PAUSE_PER_BATCH_MS = 2;
const PAUSE_MIN_MS = 15;

/**
 * The tables an import grows. PostgreSQL plans every statement on them from the statistics of the
 * last ANALYZE; autovacuum refreshes them up to a minute after a bulk load, and meanwhile the plans
 * made for the old size go on being used: after 10 000 learners were added to an enterprise of
 * 1 000, the current-user read every page makes took 10–30 ms instead of 0.2 ms and the
 * learners' user-info calls ran at a tenth of their rate (bench/crm-import.ts, decision 038).
 */
const GROWN_TABLES = 'accounts, enterprise_users, department_members, learner_tags';

interface ImportJob {
  eid: number;
  id: number;
}

const FAILURES = {
  missingColumns: {
    zh: '文件缺少必填列：{columns}，请使用导入模板',
    en: 'The file lacks the required columns: {columns}; please use the template',
  },
  tooManyRows: { zh: '单次最多导入{max}行，请拆分文件', en: 'At most {max} rows per import; please split the file' },
  noRows: { zh: '文件中没有可导入的学员', en: 'The file holds no learners to import' },
  unreadable: {
    zh: '文件无法读取，请使用导入模板另存为 XLSX 后重试',
    en: 'The file cannot be read; save it as XLSX from the template and try again',
  },
  crashed: { zh: '导入中断，请重新导入', en: 'The import was interrupted; please import again' },
} as const;

const failureText = (key: keyof typeof FAILURES, lang: Lang, params: Record<string, string | number> = {}) =>
  FAILURES[key][lang].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));

/**
 * Learner import (issue 21 item 2, decision 038): `start` stores the uploaded XLSX, records the
 * import and queues its job in one transaction (a second submit of the same file while it runs
 * answers the same import); the job reads the rows as a stream, checks each with the shared
 * validators and adds them in batches of IMPORT_BATCH_ROWS, each batch in one transaction with
 * the import's progress, so a job tried again after a crash goes on where the last batch ended.
 * Rejected rows go to a result XLSX (row number and reason in the administrator's language).
 */
export class LearnerImportService {
  private readonly repo = new LearnerImportRepository();

  constructor(
    private readonly deps: {
      /** The tables' owner (accounts are people, not one tenant's rows, decision 020). */
      pool: pg.Pool;
      jobs: Jobs;
      storage: FileStorage;
      signer: UrlSigner;
      cipher: PasswordCipher;
      forms: RegistrationForms;
      log: Pick<Logger, 'error' | 'warn'>;
    },
  ) {
    deps.jobs.work<ImportJob>(LEARNER_IMPORT_QUEUE, (job) => this.run(job), {
      retryLimit: 3,
      retryDelaySeconds: 2,
      expireInSeconds: 15 * 60,
      deadLetter: LEARNER_IMPORT_FAILED_QUEUE,
    });
    deps.jobs.work<ImportJob>(LEARNER_IMPORT_FAILED_QUEUE, (job) => this.failCrashed(job), { retryLimit: 5 });
  }

  /** The site's columns, read in its tenant scope. */
  private async columnsOf(eid: number): Promise<ImportColumn[]> {
    const config = await withTenant(eid, () => this.deps.forms.viewRegistrationConfig(eid));
    return importColumns(config.userTitle);
  }

  /**
   * The template for this site and language: made once per (site columns, language) and kept under
   * a key named by them, so downloading it again writes nothing.
   */
  async viewTemplate(eid: number, lang: Lang): Promise<{ url: string; fileName: string }> {
    const columns = await this.columnsOf(eid);
    const digest = createHash('sha256')
      .update(JSON.stringify({ v: 1, lang, columns: columns.map((c) => [c.key, c.header[lang]]) }))
      .digest('base64url')
      .slice(0, 24);
    const key = `exports/${eid}/tpl${digest}.xlsx`;
    if ((await this.deps.storage.size(key)) === null)
      await this.deps.storage.put(key, await writeTemplate(columns, lang));
    return {
      url: this.deps.signer.url(key),
      fileName: lang === 'zh' ? '学员导入模板.xlsx' : 'learner-import-template.xlsx',
    };
  }

  async start(o: {
    eid: number;
    accountId: number;
    lang: Lang;
    encryptedPassword: string;
    next: NextPart;
    audit: AdminAudit;
  }): Promise<LearnerImport> {
    const password = this.deps.cipher.decrypt(o.encryptedPassword);
    if (password === null) {
      throw new AppError(ErrorCode.BAD_INPUT, {
        message: {
          zh: '参数错误：初始密码未按要求加密，请刷新页面后重试',
          en: 'Invalid input: the initial password is not encrypted as required, please reload the page',
        },
      });
    }
    if (!isPassword(password)) {
      throw new AppError(ErrorCode.BAD_INPUT, {
        message: {
          zh: validate('password', password, { lang: 'zh' })!,
          en: validate('password', password, { lang: 'en' })!,
        },
        data: { fields: [{ field: 'initialPassword', message: validate('password', password, { lang: o.lang })! }] },
      });
    }
    const { data, fileName } = await this.readUpload(o.next);
    const sha256 = createHash('sha256').update(data).digest('hex');
    const fileKey = `private/${o.eid}/${randomBytes(18).toString('base64url')}.xlsx`;
    await this.deps.storage.put(fileKey, data);
    const passwordHash = await hash(password);
    const client = await this.deps.pool.connect();
    let row: ImportRow;
    let repeated = false;
    try {
      const db = drizzle(client, { schema });
      row = await db.transaction(async (tx) => {
        const made = await this.repo.insertImport(client, {
          eid: o.eid,
          accountId: o.accountId,
          fileName,
          sha256,
          fileKey,
          lang: o.lang,
          passwordHash,
        });
        if (made) {
          await this.deps.jobs.send(LEARNER_IMPORT_QUEUE, { eid: o.eid, id: made.id } satisfies ImportJob, { client });
          await o.audit.record(tx, {
            entityType: 'learner_import',
            entityId: made.id,
            before: null,
            after: auditView(made),
          });
          return made;
        }
        // The same file is being imported: that import is the answer (one job, one set of accounts).
        const running = await this.repo.runningImportOf(client, o.eid, sha256);
        if (!running) throw new AppError(ErrorCode.CONFLICT);
        repeated = true;
        await o.audit.record(tx, {
          entityType: 'learner_import',
          entityId: running.id,
          before: auditView(running),
          after: auditView(running),
          action: 'repeatLearnerImport',
        });
        return running;
      });
    } catch (err) {
      await this.deps.storage.delete(fileKey);
      throw err;
    } finally {
      client.release();
    }
    if (repeated) await this.deps.storage.delete(fileKey);
    else this.deps.jobs.wake(LEARNER_IMPORT_QUEUE);
    return this.present(row);
  }

  /** The one file part: at most LEARNER_IMPORT_MAX_BYTES, an XLSX by its content (file-type), not its name. */
  private async readUpload(next: NextPart): Promise<{ data: Buffer; fileName: string }> {
    const read = await readFilePart(next, {
      maxBytes: LEARNER_IMPORT_MAX_BYTES,
      missing: () => new AppError(ErrorCode.LEARNER_IMPORT_NO_FILE),
      tooLarge: () => new AppError(ErrorCode.LEARNER_IMPORT_TOO_LARGE),
      fallbackName: 'import.xlsx',
    });
    const type = await fileTypeFromBuffer(read.data);
    if (type?.ext !== 'xlsx') throw new AppError(ErrorCode.LEARNER_IMPORT_NOT_XLSX);
    return read;
  }

  async viewImport(eid: number, id: number): Promise<LearnerImport> {
    const row = await this.repo.viewImport(this.deps.pool, eid, id);
    if (!row) throw new AppError(ErrorCode.LEARNER_IMPORT_NOT_FOUND);
    return this.present(row);
  }

  async findImports(eid: number, q: { pageCurrent: number; pageSize: number }) {
    const { list, total } = await this.repo.findImports(
      this.deps.pool,
      eid,
      (q.pageCurrent - 1) * q.pageSize,
      q.pageSize,
    );
    return {
      pageCurrent: q.pageCurrent,
      pageSize: q.pageSize,
      totalCount: total,
      totalPage: Math.ceil(total / q.pageSize),
      list: list.map((r) => this.present(r)),
    };
  }

  private present(r: ImportRow): LearnerImport {
    return {
      id: r.id,
      fileName: r.file_name,
      status: r.status,
      totalRows: r.total_rows,
      rowsDone: r.rows_done,
      createdCount: r.created_count,
      updatedCount: r.updated_count,
      unchangedCount: r.unchanged_count,
      rejectedCount: r.rejected_count,
      error: r.error,
      resultUrl: r.result_key && isFileKey(r.result_key) ? this.deps.signer.url(r.result_key) : null,
      createdAt: r.created_at.toISOString(),
      finishedAt: r.finished_at ? r.finished_at.toISOString() : null,
    };
  }

  /** One run of an import's job (idempotent: it goes on from the last batch recorded). */
  private async run(job: ImportJob): Promise<void> {
    const { pool, storage } = this.deps;
    const imp = await this.repo.viewImport(pool, job.eid, job.id);
    if (!imp || imp.status !== LearnerImportStatus.RUNNING) return;
    const lang: Lang = imp.lang === 'en' ? 'en' : 'zh';
    const fail = (error: string) => this.end(job, imp, { status: LearnerImportStatus.FAILED, resultKey: null, error });
    const data = imp.file_key ? await storage.get(imp.file_key) : null;
    if (!data) return void (await fail(failureText('crashed', lang)));
    const columns = await this.columnsOf(job.eid);
    let sheet: ReadSheet;
    try {
      sheet = await readSheet({
        data,
        columns,
        lang,
        maxRows: LEARNER_IMPORT_MAX_ROWS,
        batchRows: IMPORT_BATCH_ROWS,
      });
    } catch (err) {
      if (err instanceof MissingColumnsError) {
        return void (await fail(
          failureText('missingColumns', lang, {
            columns: err.missing.map((c) => c.header[lang]).join(lang === 'zh' ? '、' : ', '),
          }),
        ));
      }
      if (err instanceof SheetReadError && err.unreadable) return void (await fail(failureText('unreadable', lang)));
      throw err;
    }
    if (sheet.total === 0) return void (await fail(failureText('noRows', lang)));
    if (sheet.total > LEARNER_IMPORT_MAX_ROWS)
      return void (await fail(failureText('tooManyRows', lang, { max: LEARNER_IMPORT_MAX_ROWS })));
    if (imp.total_rows !== sheet.total) await this.repo.setTotal(pool, job.eid, job.id, sheet.total);
    await this.addRows(job, imp, lang, sheet);
    const rejections = await this.repo.rejections(pool, job.eid, job.id);
    let resultKey: string | null = null;
    if (rejections.length) {
      resultKey = newFileKey('exports', job.eid, 'xlsx');
      await storage.put(resultKey, await writeResult(rejections, lang));
    }
    const ended = await this.end(job, imp, { status: LearnerImportStatus.DONE, resultKey, error: '' });
    if (!ended && resultKey) await storage.delete(resultKey);
  }

  /**
   * The checked rows, a batch at a time, each in its own transaction; the batches an earlier run
   * recorded (rows_done) are skipped.
   */
  private async addRows(job: ImportJob, imp: ImportRow, lang: Lang, sheet: ReadSheet): Promise<void> {
    const departments = new Departments(await this.repo.departments(this.deps.pool, job.eid));
    // Statistics follow the import: ANALYZE once the rows added since the last one are as many as
    // the table then held (a small enterprise's tables are analysed a few times, a large one's
    // only at the end), and at the end when the rest is more than autovacuum would wait for.
    let analysedAt = await this.memberRows();
    let added = 0;
    let index = 0;
    for (const text of sheet.batches) {
      const working = performance.now();
      const items = itemsOf(text);
      const rowsBefore = index;
      index += items.length;
      // Rows an earlier run recorded are not added again.
      const batch = items.slice(Math.max(0, imp.rows_done - rowsBefore));
      if (batch.length === 0) continue;
      added += batch.length;
      await this.addBatch(job, imp, lang, batch, index, departments);
      if (added >= Math.max(IMPORT_BATCH_ROWS * 2, analysedAt)) {
        await this.analyse();
        analysedAt = await this.memberRows();
        added = 0;
      }
      // The learners' calls go first between batches.
      await sleep(Math.max(PAUSE_MIN_MS, (performance.now() - working) * PAUSE_PER_BATCH_MS));
    }
    // At the end, as autovacuum would judge it (50 rows and a tenth of the table), but now: a few
    // rows into a large enterprise change no plan and are left to autovacuum.
    if (added >= 50 + analysedAt / 10) await this.analyse();
  }

  /** The members of every enterprise as the planner's statistics last counted them (0 before any ANALYZE). */
  private async memberRows(): Promise<number> {
    const { rows } = await this.deps.pool.query<{ n: number }>(
      `SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = 'enterprise_users'::regclass`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Fresh statistics of the tables an import grows (the tables' owner; reads a sample, locks no row). */
  private async analyse(): Promise<void> {
    await this.deps.pool.query(`ANALYZE ${GROWN_TABLES}`);
  }

  /** One batch, in one transaction with the import's progress. */
  private async addBatch(
    job: ImportJob,
    imp: ImportRow,
    lang: Lang,
    items: Array<CheckedRow | Rejection>,
    rowsDone: number,
    departments: Departments,
  ): Promise<void> {
    const rejections: Rejection[] = items.filter((i): i is Rejection => 'reason' in i);
    const rows = items.filter((i): i is CheckedRow => !('reason' in i));
    const client = await this.deps.pool.connect();
    try {
      await client.query('BEGIN');
      const created = new Map<string, number>();
      const withDepartments = [];
      for (const r of rows)
        withDepartments.push({
          ...r,
          departmentId: await departments.resolve(client, this.repo, job.eid, r.department, created),
        });
      const outcome = await this.repo.addBatch(client, job.eid, withDepartments, imp.password_hash, lang, (r, reason) =>
        rejections.push({ row: r.row, phone: r.phone, name: r.realName, reason }),
      );
      rejections.sort((a, b) => a.row - b.row);
      const recorded = await this.repo.recordProgress(client, job.eid, job.id, rowsDone, { ...outcome, rejections });
      if (!recorded) {
        await client.query('ROLLBACK');
        return;
      }
      await client.query('COMMIT');
      departments.remember(created);
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  /** Ends the import and records it in the audit log as the administrator who started it. */
  private async end(
    job: ImportJob,
    imp: ImportRow,
    v: { status: number; resultKey: string | null; error: string },
  ): Promise<boolean> {
    const client = await this.deps.pool.connect();
    try {
      await client.query('BEGIN');
      const ended = await this.repo.finish(client, job.eid, job.id, v);
      if (ended) {
        await client.query(
          `INSERT INTO admin_audit_log (eid, account_id, action, entity_type, entity_id, before, after)
           VALUES ($1, $2, 'finishLearnerImport', 'learner_import', $3, $4, $5)`,
          [job.eid, imp.account_id, String(job.id), JSON.stringify(auditView(imp)), JSON.stringify(auditView(ended))],
        );
      }
      await client.query('COMMIT');
      if (ended && imp.file_key) await this.deps.storage.delete(imp.file_key);
      return ended !== null;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  /** Every try ended with its process: the import failed (the administrator imports again). */
  private async failCrashed(job: ImportJob): Promise<void> {
    const imp = await this.repo.viewImport(this.deps.pool, job.eid, job.id);
    if (!imp || imp.status !== LearnerImportStatus.RUNNING) return;
    const lang: Lang = imp.lang === 'en' ? 'en' : 'zh';
    await this.end(job, imp, {
      status: LearnerImportStatus.FAILED,
      resultKey: null,
      error: failureText('crashed', lang),
    });
  }
}

/** What the audit log keeps of an import. */
function auditView(r: ImportRow) {
  return {
    fileName: r.file_name,
    status: r.status,
    totalRows: r.total_rows,
    created: r.created_count,
    updated: r.updated_count,
    unchanged: r.unchanged_count,
    rejected: r.rejected_count,
  };
}

/**
 * The enterprise's departments by path: a path's missing levels are created (under a lock per
 * enterprise, so two imports do not make the same department twice). Created ids are remembered
 * once their batch commits.
 */
class Departments {
  private readonly byParent = new Map<string, number>();

  constructor(rows: Array<{ id: number; name: string; parent_id: number | null }>) {
    // The first of two same-named siblings is the one a path means.
    for (const r of [...rows].sort((a, b) => a.id - b.id)) {
      const k = `${r.parent_id ?? 0}/${r.name}`;
      if (!this.byParent.has(k)) this.byParent.set(k, r.id);
    }
  }

  async resolve(
    client: pg.ClientBase,
    repo: LearnerImportRepository,
    eid: number,
    path: string[],
    created: Map<string, number>,
  ): Promise<number | null> {
    let parent: number | null = null;
    let locked = false;
    for (const name of path) {
      const k: string = `${parent ?? 0}/${name}`;
      let id: number | undefined = this.byParent.get(k) ?? created.get(k);
      if (id === undefined) {
        if (!locked) {
          await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`departments:${eid}`]);
          locked = true;
        }
        const found: pg.QueryResult<{ id: number }> = await client.query<{ id: number }>(
          'SELECT id FROM departments WHERE eid = $1 AND parent_id IS NOT DISTINCT FROM $2 AND name = $3 ORDER BY id LIMIT 1',
          [eid, parent, name],
        );
        const made: number = found.rows[0]?.id ?? (await repo.createDepartment(client, eid, name, parent));
        created.set(k, made);
        id = made;
      }
      parent = id;
    }
    return parent;
  }

  remember(created: Map<string, number>): void {
    for (const [k, id] of created) this.byParent.set(k, id);
  }
}

/** The result file: each rejected row, its number and why (in the administrator's language). */
async function writeResult(rejections: Rejection[], lang: Lang): Promise<Buffer> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet(lang === 'zh' ? '未导入的行' : 'Rejected rows');
  sheet.columns = [
    { header: lang === 'zh' ? '行号' : 'Row', key: 'row', width: 8 },
    { header: lang === 'zh' ? '手机号' : 'Mobile number', key: 'phone', width: 16 },
    { header: lang === 'zh' ? '姓名' : 'Name', key: 'name', width: 14 },
    { header: lang === 'zh' ? '原因' : 'Reason', key: 'reason', width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of rejections) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
