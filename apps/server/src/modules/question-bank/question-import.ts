import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  ErrorCode,
  QUESTION_IMPORT_MAX_BYTES,
  QUESTION_IMPORT_MAX_ROWS,
  QuestionImportStatus,
  questionFormFor,
  type Lang,
  type QuestionImport,
  type QuestionImportRow,
} from '@portal/contract';
import { stemText } from '@portal/contract/rich-stem';
import type { Db } from '@portal/db';
import { AppError } from '../../platform/errors.ts';
import { MissingColumnsError, readSheetRows, type SheetRow } from '../../platform/sheet-rows.ts';
import type { FileStorage, UrlSigner } from '../../platform/storage.ts';
import { readFilePart, type NextPart } from '../../platform/upload-part.ts';
import type { AdminCaller } from './question-bank-admin.ts';
import { questionValues } from './question-bank-admin.ts';
import { QuestionBankAdminRepository } from './question-bank-admin.repository.ts';
import {
  QuestionImportRepository as Repo,
  questionKey,
  type ImportRecord,
  type PreviewedQuestion,
} from './question-import.repository.ts';
import { QUESTION_COLUMNS, answerText, formOfCells } from './question-sheet.ts';
import { TEMPLATE_EXAMPLES, writeQuestionTemplate } from './question-template.ts';
import { parseQuestionText } from './question-text.ts';

/** A workbook of 5 MB is read in about a second; one still unread after this is damaged. */
const XLSX_READ_TIMEOUT_MS = 20_000;

/** Rows read or checked between two turns of the event loop. */
const YIELD_EVERY_ROWS = 100;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A preview's stem as listed: enough to recognise the question. */
const STEM_SHOWN = 80;

const REPEATS = {
  inBank: { zh: '题库中已有相同的试题', en: 'The bank already has this question' },
  inFile: { zh: '与第{row}行的试题重复', en: 'The same question as row {row}' },
} as const;

const excerpt = (text: string) => {
  const chars = [...text.slice(0, STEM_SHOWN * 2).replace(/\s+/g, ' ')];
  return chars.length > STEM_SHOWN ? `${chars.slice(0, STEM_SHOWN).join('')}…` : chars.join('');
};

const present = (row: ImportRecord): QuestionImport => ({
  id: row.id,
  bankId: row.bankId,
  fileName: row.fileName,
  status: row.status,
  totalRows: row.totalRows,
  badRows: row.badRows,
  createdCount: row.createdCount,
  skippedCount: row.skippedCount,
});

/** Whether a text has control characters besides line ends, tabs and form feeds. */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13) return true;
  }
  return false;
}

/** The text of an upload that is not a workbook: UTF-8, or GB18030 (Notepad's "ANSI" in China). */
function textOf(data: Buffer): string | null {
  for (const encoding of ['utf-8', 'gb18030']) {
    try {
      const text = new TextDecoder(encoding, { fatal: true }).decode(data);
      // A binary file decodes as GB18030 too: text has no control characters but line ends and tabs.
      if (hasControlCharacters(text)) return null;
      return text;
    } catch {
      // not this encoding
    }
  }
  return null;
}

/**
 * Importing questions into a bank (issue 22 item 1, decision 046): the file (XLSX of the template,
 * or text written as in a Word document) is read and every row checked by the question form's own
 * schema into a preview, which flags each bad row with its reasons and stores nothing in the bank.
 * Importing the preview adds its good rows once (the preview's row is locked and marked), skipping
 * those the bank has come to hold since. A question already in the bank, or twice in the file, is
 * a bad row: the same file imported twice adds nothing the second time.
 */
export class QuestionImports {
  constructor(private readonly deps: { db: Db; storage: FileStorage; signer: UrlSigner }) {}

  async viewTemplate(eid: number, lang: Lang): Promise<{ url: string; fileName: string }> {
    const digest = createHash('sha256')
      .update(JSON.stringify({ v: 2, lang, columns: QUESTION_COLUMNS, examples: TEMPLATE_EXAMPLES[lang] }))
      .digest('base64url')
      .slice(0, 24);
    const key = `exports/${eid}/qtpl${digest}.xlsx`;
    if ((await this.deps.storage.size(key)) === null)
      await this.deps.storage.put(key, await writeQuestionTemplate(lang));
    return {
      url: this.deps.signer.url(key),
      fileName: lang === 'zh' ? '试题导入模板.xlsx' : 'question-import-template.xlsx',
    };
  }

  async preview({ session, audit, lang }: AdminCaller, bankId: number, next: NextPart) {
    const bank = await new QuestionBankAdminRepository(this.deps.db).bank(session.eid, bankId);
    if (!bank) throw new AppError(ErrorCode.BANK_NOT_FOUND);
    const { data, fileName } = await readUpload(next);
    const read = await rowsOf(data);
    if (read.length === 0) throw new AppError(ErrorCode.QUESTION_IMPORT_EMPTY);
    if (read.length > QUESTION_IMPORT_MAX_ROWS)
      throw new AppError(ErrorCode.QUESTION_IMPORT_TOO_LARGE, { params: { rows: QUESTION_IMPORT_MAX_ROWS } });

    const inBank = await Repo.bankKeys(this.deps.db, session.eid, bankId);
    const seen = new Map<string, number>();
    const schema = questionFormFor(lang);
    const rows: QuestionImportRow[] = [];
    const questions: PreviewedQuestion[] = [];
    for (const [index, { row, cells }] of read.entries()) {
      // Other requests go between every few rows: checking 5 000 rows holds the thread for a while.
      if (index % YIELD_EVERY_ROWS === YIELD_EVERY_ROWS - 1) await yieldToOthers();
      const { form, problems } = formOfCells(cells, lang);
      const errors = problems.map((p) => p.message);
      const checked = schema.safeParse(form);
      if (!checked.success) {
        // A field the reading already found wrong is named once.
        const named = new Set<string>(problems.map((p) => p.field));
        for (const issue of checked.error.issues) {
          if (!named.has(String(issue.path[0])) && !errors.includes(issue.message)) errors.push(issue.message);
        }
      }
      const values = checked.success && errors.length === 0 ? questionValues(checked.data, lang) : null;
      if (values) {
        const key = questionKey(values.questionType, values.stem);
        const earlier = seen.get(key);
        if (inBank.has(key)) errors.push(REPEATS.inBank[lang]);
        else if (earlier !== undefined) errors.push(REPEATS.inFile[lang].replace('{row}', String(earlier)));
        else {
          seen.set(key, row);
          questions.push({ row, ...values });
        }
      }
      rows.push({
        row,
        questionType: form.questionType || null,
        stem: excerpt(stemText(form.stem)),
        answer: excerpt(values ? answerText(values, lang) || values.referenceAnswer : (cells.answer ?? '')),
        errors,
      });
    }
    const stored = await this.deps.db.transaction(async (tx) => {
      const made = await Repo.insertPreview(tx, {
        eid: session.eid,
        bankId,
        accountId: session.accountId,
        fileName,
        totalRows: rows.length,
        badRows: rows.length - questions.length,
        questions,
      });
      // Who read which file into which bank (the questions themselves are audited when imported).
      await audit.record(tx, {
        entityType: 'question_import',
        entityId: made.id,
        before: null,
        after: { bankId, fileName, totalRows: made.totalRows, badRows: made.badRows },
      });
      return made;
    });
    return { ...present(stored), rows };
  }

  async importPreview({ session, audit }: AdminCaller, id: number): Promise<QuestionImport> {
    return this.deps.db.transaction(async (tx) => {
      // The import was done: what it added, again; the repeat is in the audit log like every write.
      const repeated = async (done: ImportRecord) => {
        await audit.record(tx, {
          entityType: 'question_import',
          entityId: id,
          before: null,
          after: { createdCount: done.createdCount },
          action: 'repeatImportQuestions',
        });
        return present(done);
      };
      const found = await Repo.preview(tx, session.eid, session.accountId, id);
      if (!found) throw new AppError(ErrorCode.QUESTION_IMPORT_NOT_FOUND);
      if (found.status === QuestionImportStatus.IMPORTED) return repeated(found);
      // The bank first, then the preview: the order deleting a bank (and its previews) locks in.
      if (!(await QuestionBankAdminRepository.lockBank(tx, session.eid, found.bankId)))
        throw new AppError(ErrorCode.BANK_NOT_FOUND);
      const preview = await Repo.lockPreview(tx, session.eid, id);
      if (!preview) throw new AppError(ErrorCode.QUESTION_IMPORT_NOT_FOUND);
      // Imported by a request that went first: its answer again, nothing added twice.
      if (preview.status === QuestionImportStatus.IMPORTED) return repeated(preview);
      if (Repo.expired(preview.createdAt)) throw new AppError(ErrorCode.QUESTION_IMPORT_NOT_FOUND);
      const previewed = preview.questions as PreviewedQuestion[];
      if (previewed.length === 0) throw new AppError(ErrorCode.QUESTION_IMPORT_NOTHING_VALID);
      const inBank = await Repo.bankKeys(tx, session.eid, preview.bankId);
      const adding = previewed.filter((v) => !inBank.has(questionKey(v.questionType, v.stem)));
      await Repo.insertQuestions(
        tx,
        session.eid,
        preview.bankId,
        adding.map(({ row: _row, ...values }) => values),
      );
      const done = await Repo.markImported(tx, session.eid, id, adding.length, previewed.length - adding.length);
      await audit.record(tx, {
        entityType: 'question_import',
        entityId: id,
        before: { status: preview.status },
        after: {
          bankId: done.bankId,
          fileName: done.fileName,
          totalRows: done.totalRows,
          badRows: done.badRows,
          createdCount: done.createdCount,
          skippedCount: done.skippedCount,
        },
      });
      return present(done);
    });
  }
}

/** The upload's bytes and a name to show: one part `file` of at most 5 MB. */
async function readUpload(next: NextPart): Promise<{ data: Buffer; fileName: string }> {
  const read = await readFilePart(next, {
    maxBytes: QUESTION_IMPORT_MAX_BYTES,
    missing: () => new AppError(ErrorCode.QUESTION_IMPORT_NO_FILE),
    tooLarge: () => new AppError(ErrorCode.QUESTION_IMPORT_TOO_LARGE, { params: { rows: QUESTION_IMPORT_MAX_ROWS } }),
    fallbackName: 'questions',
  });
  if (read.data.length === 0) throw new AppError(ErrorCode.QUESTION_IMPORT_NO_FILE);
  return read;
}

/** The rows of an XLSX's first sheet, or the questions of a text (at most one more than an import takes). */
async function rowsOf(data: Buffer): Promise<SheetRow[]> {
  const type = await fileTypeFromBuffer(data);
  if (type?.ext === 'xlsx') {
    const rows: SheetRow[] = [];
    const reading = (async () => {
      for await (const r of readSheetRows(data, QUESTION_COLUMNS)) {
        rows.push(r);
        if (rows.length > QUESTION_IMPORT_MAX_ROWS) break;
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
      if (err instanceof MissingColumnsError) throw new AppError(ErrorCode.QUESTION_IMPORT_EMPTY);
      throw new AppError(ErrorCode.QUESTION_IMPORT_BAD_FILE, { cause: err });
    } finally {
      clearTimeout(timer);
    }
    return rows;
  }
  if (type !== undefined) throw new AppError(ErrorCode.QUESTION_IMPORT_BAD_FILE);
  const text = textOf(data);
  if (text === null) throw new AppError(ErrorCode.QUESTION_IMPORT_BAD_FILE);
  return parseQuestionText(text);
}
