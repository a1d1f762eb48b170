import {
  ErrorCode,
  PaperMode,
  enumerations,
  pageOffset,
  toPage,
  type AdminPaper,
  type AdminPaperRow,
  type Lang,
  type PaperForm,
} from '@portal/contract';
import type { Db, PaperRule, Tx } from '@portal/db';
import { AppError } from '../../platform/errors.ts';
import { stemPresenter } from '../../platform/stems.ts';
import { previewPaper } from '../exam/index.ts';
import { PaperAdminRepository as Repo, type PaperRecord } from './paper-admin.repository.ts';
import type { AdminCaller } from './question-bank-admin.ts';

type Paging = { pageCurrent: number; pageSize: number };

const points = (tenths: number) => tenths / 10;
const tenths = (score: number) => Math.round(score * 10);
const paperNotFound = () => new AppError(ErrorCode.PAPER_NOT_FOUND);

const typeLabel = (type: number, lang: Lang) => {
  const o = enumerations.questionType.find((x) => x.value === type);
  return o ? (lang === 'zh' ? o.label : o.labelEn) : String(type);
};

/** What a form stores: a fixed paper's questions, or a random paper's rules (the other side emptied). */
function storedOf(form: PaperForm) {
  const fixed = form.mode === PaperMode.FIXED;
  return {
    values: {
      title: form.title,
      mode: form.mode,
      shuffleQuestions: form.shuffleQuestions,
      shuffleOptions: form.shuffleOptions,
      rules: fixed
        ? []
        : form.rules.map((r): PaperRule => ({
            bankId: r.bankId,
            questionType: r.questionType,
            difficulty: r.difficulty,
            count: r.count,
            scoreTenths: tenths(r.score),
          })),
    },
    questions: fixed ? form.questions.map((x) => ({ questionId: x.questionId, scoreTenths: tenths(x.score) })) : [],
  };
}

const totalOf = (s: ReturnType<typeof storedOf>) =>
  s.values.mode === PaperMode.FIXED
    ? s.questions.reduce((n, x) => n + x.scoreTenths, 0)
    : s.values.rules.reduce((n, r) => n + r.count * r.scoreTenths, 0);

const audited = (row: PaperRecord, questions: Array<{ questionId: number; scoreTenths: number }>) => ({
  title: row.title,
  mode: row.mode,
  shuffleQuestions: row.shuffleQuestions,
  shuffleOptions: row.shuffleOptions,
  rules: row.rules,
  questions: questions.map((x) => [x.questionId, x.scoreTenths]),
});

/**
 * The back office's papers (issue 22 item 2, decision 047). Saving locks the banks the paper
 * draws from or takes questions of, in id order, before anything else (the order a change of a
 * bank's questions locks in, decision 045): a random paper's rules are checked against what the
 * banks hold while no question of them can be deleted or retyped, and a fixed paper's questions
 * are known to exist. A paper an exam task is given keeps a total at least its pass score; every
 * attempt keeps the paper it was given, so a change reaches new attempts only.
 */
export class PaperAdmin {
  constructor(
    private readonly repo: Repo,
    private readonly db: Db,
  ) {}

  async papers(eid: number, q: Paging & { keyword?: string | undefined; mode?: number | undefined }) {
    const { rows, total } = await this.repo.papers(eid, q, pageOffset(q.pageCurrent, q.pageSize), q.pageSize);
    return toPage<AdminPaperRow>(rows.map(presentRow), total, q.pageCurrent, q.pageSize);
  }

  async paper(eid: number, id: number): Promise<AdminPaper> {
    const row = await this.repo.paper(eid, id);
    if (!row) throw paperNotFound();
    const [questions, stock, html] = await Promise.all([
      row.mode === PaperMode.FIXED ? this.repo.paperQuestions(eid, id) : Promise.resolve([]),
      Repo.ruleStock(this.db, eid, row.rules),
      stemPresenter(),
    ]);
    return {
      ...presentRow(row),
      shuffleQuestions: row.shuffleQuestions,
      shuffleOptions: row.shuffleOptions,
      questions: questions.map(({ scoreTenths, ...x }) => ({ ...x, stem: html(x.stem), score: points(scoreTenths) })),
      rules: row.rules.map((r, i) => ({
        bankId: r.bankId,
        bankTitle: stock[i]!.bankTitle ?? '',
        questionType: r.questionType,
        difficulty: r.difficulty,
        count: r.count,
        score: points(r.scoreTenths),
        available: stock[i]!.available,
      })),
    };
  }

  async create({ session, audit, lang }: AdminCaller, form: PaperForm) {
    return this.repo.transaction(async (tx) => {
      const stored = storedOf(form);
      await this.lockAndCheck(tx, session.eid, stored, lang);
      const row = await Repo.insertPaper(tx, session.eid, stored.values);
      await Repo.setQuestions(tx, session.eid, row.id, stored.questions);
      await audit.record(tx, {
        entityType: 'exam_paper',
        entityId: row.id,
        before: null,
        after: audited(row, stored.questions),
      });
      return { id: row.id };
    });
  }

  async edit({ session, audit, lang }: AdminCaller, id: number, form: PaperForm) {
    return this.repo.transaction(async (tx) => {
      const stored = storedOf(form);
      // The banks first (decision 045's order), then the paper.
      await this.lockAndCheck(tx, session.eid, stored, lang);
      const before = await Repo.lockPaper(tx, session.eid, id);
      if (!before) throw paperNotFound();
      const beforeQuestions = await Repo.fixedQuestions(tx, session.eid, id);
      const total = totalOf(stored);
      const below = (await Repo.tasksOf(tx, session.eid, id)).find((t) => t.passScoreTenths > total);
      if (below) {
        throw new AppError(ErrorCode.PAPER_BELOW_PASS_SCORE, {
          params: { total: points(total), task: below.title, pass: points(below.passScoreTenths) },
        });
      }
      await Repo.updatePaper(tx, session.eid, id, stored.values);
      await Repo.setQuestions(tx, session.eid, id, stored.questions);
      await audit.record(tx, {
        entityType: 'exam_paper',
        entityId: id,
        before: audited(before, beforeQuestions),
        after: audited({ ...before, ...stored.values }, stored.questions),
      });
      return { id };
    });
  }

  async remove({ session, audit }: AdminCaller, id: number) {
    return this.repo.transaction(async (tx) => {
      const before = await Repo.lockPaper(tx, session.eid, id);
      if (!before) throw paperNotFound();
      const tasks = await Repo.tasksOf(tx, session.eid, id);
      if (tasks.length > 0) throw new AppError(ErrorCode.PAPER_IN_USE, { params: { tasks: tasks.length } });
      const questions = await Repo.fixedQuestions(tx, session.eid, id);
      await Repo.removePaper(tx, session.eid, id);
      await audit.record(tx, {
        entityType: 'exam_paper',
        entityId: id,
        before: audited(before, questions),
        after: null,
      });
      return { id };
    });
  }

  async preview(eid: number, id: number) {
    const row = await this.repo.paper(eid, id);
    if (!row) throw paperNotFound();
    const questions = await previewPaper(this.db, eid, { paperId: id, ...row });
    return {
      id: row.id,
      title: row.title,
      mode: row.mode,
      totalScore: points(questions.reduce((n, x) => n + tenths(x.score), 0)),
      questions,
    };
  }

  bankCounts(eid: number, bankId: number) {
    return this.repo.bankCounts(eid, bankId);
  }

  /**
   * Locks the banks the paper uses, then checks: a fixed paper's questions all exist (9517); each
   * rule's bank exists (9503) and holds at least the questions the rule draws (9513, its reason).
   */
  private async lockAndCheck(tx: Tx, eid: number, stored: ReturnType<typeof storedOf>, lang: Lang) {
    if (stored.values.mode === PaperMode.FIXED) {
      const ids = stored.questions.map((x) => x.questionId);
      await Repo.lockBanks(tx, eid, await Repo.banksOfQuestions(tx, eid, ids));
      if ((await Repo.existing(tx, eid, ids)) !== ids.length) throw new AppError(ErrorCode.PAPER_QUESTION_UNKNOWN);
      return;
    }
    const rules = stored.values.rules;
    const banks = await Repo.lockBanks(
      tx,
      eid,
      rules.map((r) => r.bankId),
    );
    if (rules.some((r) => !banks.has(r.bankId))) throw new AppError(ErrorCode.BANK_NOT_FOUND);
    const stock = await Repo.ruleStock(tx, eid, rules);
    rules.forEach((r, i) => {
      const available = stock[i]!.available;
      if (available < r.count) {
        throw new AppError(ErrorCode.PAPER_RULE_SHORT, {
          params: {
            rule: i + 1,
            bank: banks.get(r.bankId)!,
            type: typeLabel(r.questionType, lang),
            available,
            count: r.count,
          },
          data: { rule: i + 1, available, count: r.count },
        });
      }
    });
  }
}

function presentRow(r: {
  id: number;
  title: string;
  mode: number;
  questionCount: number;
  totalTenths: number;
  taskCount: number;
  createdAt: Date;
}): AdminPaperRow {
  return {
    id: r.id,
    title: r.title,
    mode: r.mode,
    questionCount: r.questionCount,
    totalScore: points(r.totalTenths),
    taskCount: r.taskCount,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}
