import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  ErrorCode,
  TALENT_BUSINESS_CATEGORY_TYPE,
  TALENT_IMPORT_MAX_BYTES,
  TALENT_IMPORT_MAX_ROWS,
  maskPhone,
  validate,
  type Lang,
  type TalentImportResult,
  type TalentImportRow,
  type TalentSection,
} from '@portal/contract';
import type { Db, Tx } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { AppError } from '../../platform/errors.ts';
import { MissingColumnsError, readSheetRows, type SheetRow } from '../../platform/sheet-rows.ts';
import type { FileStorage, UrlSigner } from '../../platform/storage.ts';
import { readFilePart, type NextPart } from '../../platform/upload-part.ts';
import type { HistoryWrite, PhoneMember, TalentRepository } from './talent.repository.ts';
import { AreaBook, TALENT_IMPORT_COLUMNS, readTalentRow, type ReadTalentRow } from './talent-sheet.ts';
import { TEMPLATE_VERSION, writeTalentTemplate } from './talent-template.ts';

/** A workbook of 5 MB is read in a second or two; one still unread after this is damaged (decision 046). */
const XLSX_READ_TIMEOUT_MS = 20_000;

/** Rows read or checked between two turns of the event loop. */
const YIELD_EVERY_ROWS = 100;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A name shown in the preview: enough to recognise the person. */
const NAME_SHOWN = 30;

const ROW_PROBLEMS = {
  phoneMissing: { zh: '手机号不能为空', en: 'The phone is missing' },
  phoneInvalid: { zh: '手机号格式不正确：{value}', en: 'Not a valid mobile number: {value}' },
  notMember: { zh: '手机号{value}不是本企业的学员', en: '{value} is not a member of this enterprise' },
  repeated: { zh: '与第{row}行的手机号重复', en: 'The same phone as row {row}' },
  nothing: { zh: '没有填写任何部分的内容', en: 'No section is filled in' },
} as const;

const rowProblem = (key: keyof typeof ROW_PROBLEMS, lang: Lang, params: Record<string, string | number> = {}) =>
  ROW_PROBLEMS[key][lang].replace(/\{(\w+)\}/g, (whole, k: string) => (k in params ? String(params[k]) : whole));

/** Who imports: the administrator's enterprise, language and audit (the gateway's admin context). */
export interface ImportCaller {
  eid: number;
  lang: Lang;
  audit: AdminAudit;
}

/** A file read and checked: its rows, and the digest the import is given back. */
interface ReadFile {
  digest: string;
  fileName: string;
  rows: ReadTalentRow[];
}

/** A row's plan against the members and their records as they are: what it shows, what it writes. */
interface RowPlan {
  shown: TalentImportRow;
  write: (HistoryWrite & { create: boolean }) | null;
}

/**
 * The history import of talent records (issue 24 item 4, decision 062): an XLSX of the export's
 * columns is read and every row checked into a preview that stores nothing; the import is given
 * the same file again and saves, with talentSource 3 for a record it makes, each row's sections
 * without problems that the member's record has not saved yet. It never overwrites a saved
 * section, so the same file imported twice saves nothing the second time; imports of one
 * enterprise take turns (an advisory lock) and lock the records they read (a member's own save
 * waits, and is never lost).
 */
export class TalentImports {
  constructor(private readonly deps: { db: Db; storage: FileStorage; signer: UrlSigner; repo: TalentRepository }) {}

  /** The template (the import's columns, notes with each column's values, an example) by signed link. */
  async viewTemplate(eid: number, lang: Lang): Promise<{ url: string; fileName: string }> {
    const areas = await this.areas(eid);
    // The notes list the enterprise's business areas: a file per areas and language, made once.
    const digest = createHash('sha256')
      .update(
        JSON.stringify({ v: TEMPLATE_VERSION, lang, columns: TALENT_IMPORT_COLUMNS, areas: areas.leafNames(lang) }),
      )
      .digest('base64url')
      .slice(0, 24);
    const key = `exports/${eid}/ttpl${digest}.xlsx`;
    if ((await this.deps.storage.size(key)) === null)
      await this.deps.storage.put(key, await writeTalentTemplate(lang, areas.leafNames(lang)));
    return {
      url: this.deps.signer.url(key),
      fileName: lang === 'zh' ? '人才档案导入模板.xlsx' : 'talent-records-import-template.xlsx',
    };
  }

  /** Reads and checks the file against the members and records as they are; stores nothing but the audit row. */
  async preview(caller: ImportCaller, next: NextPart): Promise<TalentImportResult> {
    const file = await this.read(caller, next);
    const { db, repo } = this.deps;
    const members = await repo.membersByPhone(db, caller.eid, phonesOf(file.rows), false);
    const saved = await repo.savedSectionsOf(
      db,
      caller.eid,
      members.map((m) => m.accountId),
      false,
    );
    const plans = planRows(file.rows, members, saved, caller.lang);
    const result = summary(file, plans, false);
    await db.transaction((tx) =>
      caller.audit.record(tx, {
        entityType: 'talent_import',
        entityId: file.digest,
        before: null,
        after: counts(result),
      }),
    );
    return result;
  }

  /**
   * Imports the previewed file (the same bytes: its digest), in one transaction: the enterprise's
   * imports one at a time, the members kept members and their records locked, then each row's
   * sections not saved yet written, and the audit row.
   */
  async importFile(caller: ImportCaller, digest: string, next: NextPart): Promise<TalentImportResult> {
    const file = await this.read(caller, next);
    if (file.digest !== digest) throw new AppError(ErrorCode.TALENT_IMPORT_FILE_CHANGED);
    const { db, repo } = this.deps;
    return db.transaction(async (tx) => {
      await repo.lockHistoryImports(tx, caller.eid);
      const members = await repo.membersByPhone(tx, caller.eid, phonesOf(file.rows), true);
      const saved = await repo.savedSectionsOf(
        tx,
        caller.eid,
        members.map((m) => m.accountId),
        true,
      );
      const plans = planRows(file.rows, members, saved, caller.lang);
      await this.write(tx, caller, file, plans, members);
      const result = summary(file, plans, true);
      await caller.audit.record(tx, {
        entityType: 'talent_import',
        entityId: file.digest,
        before: null,
        after: {
          ...counts(result),
          records: plans.flatMap((p) =>
            p.write ? [{ accountId: p.write.accountId, sections: p.write.sections, created: p.write.create }] : [],
          ),
        },
      });
      return result;
    });
  }

  /** Writes the plans: new records first; a member's own first save that came in between is filled instead. */
  private async write(tx: Tx, caller: ImportCaller, file: ReadFile, plans: RowPlan[], members: PhoneMember[]) {
    const { repo } = this.deps;
    const creating = plans.flatMap((p) => (p.write?.create ? [p.write] : []));
    const made = await repo.insertHistory(tx, caller.eid, creating);
    const raced = creating.filter((w) => !made.has(w.accountId)).map((w) => w.accountId);
    if (raced.length > 0) {
      // Their records exist now (their own first save): locked, and planned again against them.
      const saved = await repo.savedSectionsOf(tx, caller.eid, raced, true);
      const byRow = new Map(file.rows.map((r) => [r.row, r]));
      for (const [i, plan] of plans.entries()) {
        if (!plan.write || !raced.includes(plan.write.accountId)) continue;
        const member = members.find((m) => m.accountId === plan.write!.accountId)!;
        plans[i] = planRow(byRow.get(plan.shown.row)!, member, saved.get(member.accountId) ?? [], caller.lang);
      }
    }
    await repo.fillHistory(
      tx,
      caller.eid,
      plans.flatMap((p) => (p.write && !p.write.create ? [p.write] : [])),
    );
  }

  private async areas(eid: number): Promise<AreaBook> {
    return new AreaBook(await this.deps.repo.businessCategories(eid, TALENT_BUSINESS_CATEGORY_TYPE));
  }

  /** The upload read and every row read and checked on its own (what does not depend on the records). */
  private async read(caller: ImportCaller, next: NextPart): Promise<ReadFile> {
    const { data, fileName } = await readFilePart(next, {
      maxBytes: TALENT_IMPORT_MAX_BYTES,
      missing: () => new AppError(ErrorCode.TALENT_IMPORT_NO_FILE),
      tooLarge: () => tooLarge(),
      fallbackName: 'talent-records',
    });
    if (data.length === 0) throw new AppError(ErrorCode.TALENT_IMPORT_NO_FILE);
    const digest = createHash('sha256').update(data).digest('hex');
    const sheet = await sheetRows(data);
    if (sheet.length === 0) throw new AppError(ErrorCode.TALENT_IMPORT_EMPTY);
    if (sheet.length > TALENT_IMPORT_MAX_ROWS) throw tooLarge();
    const areas = await this.areas(caller.eid);
    const rows: ReadTalentRow[] = [];
    for (const [index, { row, cells }] of sheet.entries()) {
      // Other requests go between every few rows: checking 5 000 rows holds the thread for a while.
      if (index % YIELD_EVERY_ROWS === YIELD_EVERY_ROWS - 1) await yieldToOthers();
      rows.push(readTalentRow(row, cells, areas, caller.lang));
    }
    return { digest, fileName, rows };
  }
}

const tooLarge = () =>
  new AppError(ErrorCode.TALENT_IMPORT_TOO_LARGE, {
    params: { rows: TALENT_IMPORT_MAX_ROWS, mb: TALENT_IMPORT_MAX_BYTES / 1024 / 1024 },
  });

/** The rows of the XLSX's first sheet (at most one more than an import takes). */
async function sheetRows(data: Buffer): Promise<SheetRow[]> {
  const type = await fileTypeFromBuffer(data);
  if (type?.ext !== 'xlsx') throw new AppError(ErrorCode.TALENT_IMPORT_BAD_FILE);
  const rows: SheetRow[] = [];
  const reading = (async () => {
    for await (const r of readSheetRows(data, TALENT_IMPORT_COLUMNS)) {
      rows.push(r);
      if (rows.length > TALENT_IMPORT_MAX_ROWS) break;
      if (rows.length % YIELD_EVERY_ROWS === 0) await yieldToOthers();
    }
  })();
  // exceljs waits forever for the rest of a damaged zip entry (decision 038): such a file is
  // unreadable after a while rather than a request that never answers.
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('stalled')), XLSX_READ_TIMEOUT_MS);
  });
  try {
    await Promise.race([reading, stalled]);
  } catch (err) {
    if (err instanceof MissingColumnsError) throw new AppError(ErrorCode.TALENT_IMPORT_EMPTY);
    throw new AppError(ErrorCode.TALENT_IMPORT_BAD_FILE, { cause: err });
  } finally {
    clearTimeout(timer);
  }
  return rows;
}

/** The phones worth looking up: those written as a mobile number. */
function phonesOf(rows: ReadTalentRow[]): string[] {
  return [...new Set(rows.map((r) => r.phone).filter((p) => validate('mobile', p) === null))];
}

/** Every row's plan: the phone checked (a member of this enterprise, once in the file), then its sections. */
function planRows(rows: ReadTalentRow[], members: PhoneMember[], saved: Map<number, number[]>, lang: Lang): RowPlan[] {
  const byPhone = new Map(members.map((m) => [m.phone, m]));
  const firstRow = new Map<string, number>();
  return rows.map((read) => {
    let problem: string | null = null;
    const member = byPhone.get(read.phone);
    if (read.phone === '') problem = rowProblem('phoneMissing', lang);
    else if (validate('mobile', read.phone) !== null) problem = rowProblem('phoneInvalid', lang, { value: read.phone });
    else if (firstRow.has(read.phone)) problem = rowProblem('repeated', lang, { row: firstRow.get(read.phone)! });
    else if (!member) problem = rowProblem('notMember', lang, { value: maskPhone(read.phone) });
    if (validate('mobile', read.phone) === null && !firstRow.has(read.phone)) firstRow.set(read.phone, read.row);
    if (problem !== null || !member) return refusedRow(read, problem ?? '', lang);
    return planRow(read, member, saved.get(member.accountId) ?? null, lang);
  });
}

/** A row that cannot be imported: its phone's problem, and its sections' problems to fix too. */
function refusedRow(read: ReadTalentRow, problem: string, lang: Lang): RowPlan {
  const problems = [problem, ...[...read.sections.values()].flatMap((s) => s.problems)];
  if (read.sections.size === 0) problems.push(rowProblem('nothing', lang));
  return {
    shown: {
      row: read.row,
      name: shortName(read.name),
      phone: shownPhone(read.phone),
      accountId: null,
      outcome: 'refused',
      sections: [],
      kept: [],
      problems,
    },
    write: null,
  };
}

/**
 * A member's row against their record (`saved`: its saved sections, null when they have none):
 * the sections the row gives without problems, less those the record has saved (kept, never
 * overwritten), are written; a record is made when there is none.
 */
function planRow(read: ReadTalentRow, member: PhoneMember, saved: number[] | null, lang: Lang): RowPlan {
  const problems = [...read.sections.values()].flatMap((s) => s.problems);
  if (read.sections.size === 0) problems.push(rowProblem('nothing', lang));
  const good = [...read.sections.entries()].filter(([, s]) => s.problems.length === 0);
  const kept = good.filter(([section]) => saved?.includes(section)).map(([section]) => section);
  const writing = good.filter(([section]) => !saved?.includes(section));
  const sections = writing.map(([section]) => section as TalentSection);
  const outcome =
    sections.length > 0 ? (saved === null ? 'create' : 'fill') : kept.length > 0 ? 'unchanged' : 'refused';
  const write =
    sections.length === 0
      ? null
      : {
          accountId: member.accountId,
          create: saved === null,
          sections,
          details: Object.assign({}, ...writing.map(([, s]) => s.values)) as Record<string, unknown>,
          columns: writing.find(([section]) => section === 2)?.[1].columns ?? null,
        };
  return {
    shown: {
      row: read.row,
      name: member.name,
      phone: maskPhone(member.phone),
      accountId: member.accountId,
      outcome,
      sections,
      kept,
      problems,
    },
    write,
  };
}

const shownPhone = (phone: string) => (/^\d{11}$/.test(phone) ? maskPhone(phone) : [...phone].slice(0, 20).join(''));
const shortName = (name: string) => [...name].slice(0, NAME_SHOWN).join('');

function summary(file: ReadFile, plans: RowPlan[], imported: boolean): TalentImportResult {
  const rows = plans.map((p) => p.shown);
  const count = (outcome: TalentImportRow['outcome']) => rows.filter((r) => r.outcome === outcome).length;
  return {
    digest: file.digest,
    fileName: file.fileName,
    imported,
    totalRows: rows.length,
    createCount: count('create'),
    fillCount: count('fill'),
    unchangedCount: count('unchanged'),
    refusedCount: count('refused'),
    sectionCount: rows.reduce((n, r) => n + r.sections.length, 0),
    rows,
  };
}

/** The audit's record of a preview or an import: the file and what it does. */
const counts = ({ rows: _rows, ...rest }: TalentImportResult) => rest;
