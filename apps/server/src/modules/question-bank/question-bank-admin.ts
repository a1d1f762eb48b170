import {
  BANK_TAGS_LISTED,
  ErrorCode,
  QuestionType,
  optionKey,
  pageOffset,
  toPage,
  type AdminQuestion,
  type AdminQuestionBank,
  type AdminQuestionRow,
  type BankForm,
  type Lang,
  type QuestionForm,
} from '@portal/contract';
import type { Tx } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/session.ts';
import { stemPresenter } from '../../platform/stems.ts';
import { htmlImageAddresses } from '@portal/contract/rich-stem';
import type { UploadService } from '../upload/index.ts';
import {
  QuestionBankAdminRepository as Repo,
  type BankRecord,
  type QuestionFilter,
  type QuestionRecord,
  type QuestionValues,
} from './question-bank-admin.repository.ts';

/** An administrator's call (the gateway settled that the session administers its enterprise). */
export interface AdminCaller {
  session: Session;
  audit: AdminAudit;
  lang: Lang;
}

type Paging = { pageCurrent: number; pageSize: number };

const bankNotFound = () => new AppError(ErrorCode.BANK_NOT_FOUND);
const questionNotFound = () => new AppError(ErrorCode.QUESTION_NOT_FOUND);
const points = (tenths: number) => tenths / 10;

/** A unique index refused the row (another transaction took the name first). */
const uniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};
const nameTakenOn = (err: unknown): never => {
  throw uniqueViolation(err) ? new AppError(ErrorCode.BANK_NAME_TAKEN) : err;
};

/** True/false's two options, in the language of whoever writes the question. */
const TRUE_FALSE = {
  zh: [
    { key: 'T', text: '正确' },
    { key: 'F', text: '错误' },
  ],
  en: [
    { key: 'T', text: 'True' },
    { key: 'F', text: 'False' },
  ],
} as const;

/**
 * The stored columns of a checked form: only what its type uses (a single choice keeps no
 * blanks, a short answer no options), choices keyed A, B, C…, matching's items 1, 2, 3….
 */
export function questionValues(form: QuestionForm, lang: Lang): QuestionValues {
  const type = form.questionType;
  const choices =
    type !== QuestionType.FILL_IN && type !== QuestionType.SHORT_ANSWER && type !== QuestionType.TRUE_FALSE;
  const keyed = (texts: string[], key: (i: number) => string) => texts.map((text, i) => ({ key: key(i), text }));
  return {
    questionType: type,
    difficulty: form.difficulty,
    stem: form.stem,
    options:
      type === QuestionType.TRUE_FALSE
        ? TRUE_FALSE[lang].map((o) => ({ ...o }))
        : choices
          ? keyed(form.options, optionKey)
          : [],
    items: type === QuestionType.MATCHING ? keyed(form.items, (i) => String(i + 1)) : [],
    answer:
      type === QuestionType.FILL_IN || type === QuestionType.SHORT_ANSWER
        ? []
        : type === QuestionType.MATCHING
          ? form.answer
          : [...form.answer].sort(),
    blanks: type === QuestionType.FILL_IN ? form.blanks : [],
    blanksAnyOrder: type === QuestionType.FILL_IN && form.blanks.length > 1 && form.blanksAnyOrder,
    referenceAnswer: type === QuestionType.SHORT_ANSWER ? form.referenceAnswer : '',
    analysis: form.analysis,
    scoreTenths: Math.round(form.score * 10),
    tags: [...new Set(form.tags)],
  };
}

const auditedBank = (row: BankRecord) => ({ title: row.title, openForPractice: row.openForPractice });
const auditedQuestion = (row: QuestionRecord) => ({
  bankId: row.bankId,
  questionType: row.questionType,
  difficulty: row.difficulty,
  stem: row.stem,
  options: row.options,
  items: row.items,
  answer: row.answer,
  blanks: row.blanks,
  blanksAnyOrder: row.blanksAnyOrder,
  referenceAnswer: row.referenceAnswer,
  analysis: row.analysis,
  scoreTenths: row.scoreTenths,
  tags: row.tags,
});

/**
 * The back office's question banks and their questions (issue 22 item 1, decision 045). A bank is
 * deleted with its questions, but refused while a paper or practice set uses it (9502): that would
 * take questions from an exam or a practice. A question is refused deletion while a fixed paper
 * holds it (9504); a change reaches new attempts only, since every attempt keeps the paper it was
 * given. Opening a bank for practice shows its keys to practice even while an exam draws from it
 * (decision 032): the practice calls read it from the database on every call.
 */
export class QuestionBankAdmin {
  constructor(
    private readonly repo: Repo,
    private readonly uploads: UploadService,
  ) {}

  async banks(eid: number, q: Paging & { keyword?: string | undefined }) {
    const { rows, total } = await this.repo.banks(eid, q.keyword, pageOffset(q.pageCurrent, q.pageSize), q.pageSize);
    return toPage<AdminQuestionBank>(
      rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
      total,
      q.pageCurrent,
      q.pageSize,
    );
  }

  async bank(eid: number, id: number): Promise<AdminQuestionBank & { tags: string[] }> {
    const [row, tags] = await Promise.all([this.repo.bank(eid, id), this.repo.bankTags(eid, id, BANK_TAGS_LISTED)]);
    if (!row) throw bankNotFound();
    return { ...row, createdAt: new Date(row.createdAt).toISOString(), tags };
  }

  async createBank({ session, audit }: AdminCaller, form: BankForm) {
    return this.repo.transaction(async (tx) => {
      await this.requireFreeTitle(tx, session.eid, form.title, null);
      const row = await Repo.insertBank(tx, session.eid, form).catch(nameTakenOn);
      await audit.record(tx, { entityType: 'question_bank', entityId: row.id, before: null, after: auditedBank(row) });
      return { id: row.id };
    });
  }

  async editBank({ session, audit }: AdminCaller, id: number, form: BankForm) {
    return this.repo.transaction(async (tx) => {
      const before = await Repo.lockBank(tx, session.eid, id);
      if (!before) throw bankNotFound();
      await this.requireFreeTitle(tx, session.eid, form.title, id);
      const after = await Repo.updateBank(tx, session.eid, id, form).catch(nameTakenOn);
      await audit.record(tx, {
        entityType: 'question_bank',
        entityId: id,
        before: auditedBank(before),
        after: auditedBank(after),
      });
      return { id };
    });
  }

  async deleteBank({ session, audit }: AdminCaller, id: number) {
    return this.repo.transaction(async (tx) => {
      const before = await Repo.lockBank(tx, session.eid, id);
      if (!before) throw bankNotFound();
      const uses = await Repo.bankUses(tx, session.eid, id);
      if (uses.papers > 0 || uses.sets > 0) {
        throw new AppError(ErrorCode.BANK_IN_USE, { params: { papers: uses.papers, sets: uses.sets }, data: uses });
      }
      await Repo.removeBank(tx, session.eid, id);
      await audit.record(tx, {
        entityType: 'question_bank',
        entityId: id,
        before: { ...auditedBank(before), questions: uses.questions },
        after: null,
      });
      return { id };
    });
  }

  async questions(eid: number, q: Paging & QuestionFilter) {
    const { rows, total } = await this.repo.questions(eid, q, pageOffset(q.pageCurrent, q.pageSize), q.pageSize);
    const html = await stemPresenter();
    return toPage<AdminQuestionRow>(
      rows.map(({ scoreTenths, createdAt, ...r }) => ({
        ...r,
        stem: html(r.stem),
        score: points(scoreTenths),
        createdAt: new Date(createdAt).toISOString(),
      })),
      total,
      q.pageCurrent,
      q.pageSize,
    );
  }

  async question(eid: number, id: number): Promise<AdminQuestion> {
    const found = await this.repo.question(eid, id);
    if (!found) throw questionNotFound();
    const { row, paperCount } = found;
    // A stem stored as plain text reaches the editor as the HTML it shows as (decision 054).
    const html = await stemPresenter();
    return {
      id: row.id,
      bankId: row.bankId,
      questionType: row.questionType,
      difficulty: row.difficulty,
      stem: html(row.stem),
      score: points(row.scoreTenths),
      paperCount,
      createdAt: new Date(row.createdAt).toISOString(),
      options: row.options,
      items: row.items,
      answer: row.answer,
      blanks: row.blanks,
      blanksAnyOrder: row.blanksAnyOrder,
      referenceAnswer: row.referenceAnswer,
      analysis: row.analysis,
      tags: row.tags,
    };
  }

  async createQuestion({ session, audit, lang }: AdminCaller, bankId: number, form: QuestionForm) {
    const values = questionValues(await this.sanitised(form), lang);
    return this.repo.transaction(async (tx) => {
      // The bank is locked so that a delete of it waits, or this insert finds it gone.
      if (!(await Repo.lockBank(tx, session.eid, bankId))) throw bankNotFound();
      const row = await Repo.insertQuestion(tx, session.eid, bankId, values);
      await this.claimImages(tx, session, row.stem);
      await audit.record(tx, { entityType: 'question', entityId: row.id, before: null, after: auditedQuestion(row) });
      return { id: row.id };
    });
  }

  async editQuestion({ session, audit, lang }: AdminCaller, id: number, form: QuestionForm) {
    const values = questionValues(await this.sanitised(form), lang);
    return this.repo.transaction(async (tx) => {
      const before = await this.lockQuestionAndBank(tx, session.eid, id);
      const rules = await Repo.rulesOnBank(tx, session.eid, before.bankId);
      // True or false keeps the words it was written with: an edit in the other language is no
      // change of its options.
      if (before.questionType === QuestionType.TRUE_FALSE && values.questionType === QuestionType.TRUE_FALSE) {
        values.options = before.options;
      }
      const after = await Repo.updateQuestion(tx, session.eid, id, values);
      await this.claimImages(tx, session, after.stem);
      await this.requireRulesFilled(tx, session.eid, before.bankId, rules);
      await audit.record(tx, {
        entityType: 'question',
        entityId: id,
        before: auditedQuestion(before),
        after: auditedQuestion(after),
      });
      return { id };
    });
  }

  async deleteQuestion({ session, audit }: AdminCaller, id: number) {
    return this.repo.transaction(async (tx) => {
      const before = await this.lockQuestionAndBank(tx, session.eid, id);
      const papers = await Repo.papersOfQuestion(tx, session.eid, id);
      if (papers > 0) throw new AppError(ErrorCode.QUESTION_ON_PAPER, { params: { papers }, data: { papers } });
      const rules = await Repo.rulesOnBank(tx, session.eid, before.bankId);
      await Repo.removeQuestion(tx, session.eid, id);
      await this.requireRulesFilled(tx, session.eid, before.bankId, rules);
      await audit.record(tx, { entityType: 'question', entityId: id, before: auditedQuestion(before), after: null });
      return { id };
    });
  }

  /**
   * The form with its stem as stored (decision 054): rich text sanitised, images of other hosts
   * dropped (the form's schema already refused them; this holds for any caller), plain text as
   * its escaped lines. The schema counted the blanks on the text the sanitiser keeps.
   */
  private async sanitised(form: QuestionForm): Promise<QuestionForm> {
    return { ...form, stem: (await stemPresenter())(form.stem) };
  }

  /**
   * The pictures the stem shows, uploaded by this administrator, are the site's from now on: the
   * day's sweep of unclaimed uploads keeps them (a picture another administrator uploaded, or a
   * demo picture, is left as it is).
   */
  private async claimImages(tx: Tx, session: Session, stem: string) {
    for (const url of new Set(htmlImageAddresses(stem))) {
      const key = this.uploads.keyOfPublicUrl(url);
      if (key) await this.uploads.claimForSite(tx, key, session.eid, session.accountId);
    }
  }

  /**
   * The question, its bank locked first (the order createQuestion and deleteBank lock in): changes
   * to one bank's questions are judged against its papers' rules one after the other.
   */
  private async lockQuestionAndBank(tx: Tx, eid: number, id: number): Promise<QuestionRecord> {
    const bankId = await Repo.bankOf(tx, eid, id);
    if (bankId === null || !(await Repo.lockBank(tx, eid, bankId))) throw questionNotFound();
    const question = await Repo.lockQuestion(tx, eid, id);
    if (!question || question.bankId !== bankId) throw questionNotFound();
    return question;
  }

  /**
   * A change that leaves a random paper's rule with fewer questions than it draws (and fewer than
   * before) is refused (9506): takers would get a shorter paper with the same pass score.
   */
  private async requireRulesFilled(
    tx: Tx,
    eid: number,
    bankId: number,
    before: Awaited<ReturnType<typeof Repo.rulesOnBank>>,
  ) {
    if (before.length === 0) return;
    const after = await Repo.rulesOnBank(tx, eid, bankId);
    for (const rule of after) {
      const was = before.find((r) => r.paperId === rule.paperId && r.rule === rule.rule);
      if (rule.available < rule.count && (!was || rule.available < was.available)) {
        throw new AppError(ErrorCode.PAPER_RULE_UNFILLED, {
          params: { paper: rule.title, count: rule.count },
          data: { paperId: rule.paperId, count: rule.count, available: rule.available },
        });
      }
    }
  }

  private async requireFreeTitle(tx: Tx, eid: number, title: string, except: number | null) {
    if (await Repo.titleTaken(tx, eid, title, except)) throw new AppError(ErrorCode.BANK_NAME_TAKEN);
  }
}
