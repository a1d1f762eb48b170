import { ErrorCode, pageOffset, toPage, type Page } from '@portal/contract';
import { stemText } from '@portal/contract/rich-stem';
import type {
  CertificateReportRow,
  CertificateReportTotals,
  ExamQuestionReportRow,
  ExamReportRow,
  ExamReportTotals,
} from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type {
  CertificateRow,
  ExamFilter,
  ExamReportRepository,
  ExamRow,
  ExamTotals,
  QuestionRow,
} from './exam-report.repository.ts';
import { checkPeriod } from './learning-report.ts';

type Paging = { pageCurrent: number; pageSize: number };

const points = (tenths: number) => tenths / 10;
const pointsOrNull = (tenths: number | null) => (tenths === null ? null : tenths / 10);

/** `part` of `whole` in percent with one decimal; 0 of nothing. */
export const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);

/** A pass rate: null where nobody's attempt is marked yet (not 0 %: nobody failed either). */
const passRate = (passed: number, markedTakers: number) => (markedTakers === 0 ? null : percent(passed, markedTakers));

/** A report's cell holds a stem's text (decision 054): its markup left out, on one line. */
const plain = (stem: string) => stemText(stem).replace(/\s+/g, ' ');

export const presentExamRow = (r: ExamRow): ExamReportRow => ({
  taskId: r.taskId,
  title: r.title,
  takers: r.takers,
  attempts: r.attempts,
  marked: r.marked,
  waiting: r.waiting,
  passed: r.passed,
  passRate: passRate(r.passed, r.markedTakers),
  averageScore: pointsOrNull(r.averageTenths),
  highestScore: pointsOrNull(r.highestTenths),
  lowestScore: pointsOrNull(r.lowestTenths),
  totalScore: points(r.totalTenths),
  certificates: r.certificates,
});

export const presentExamTotals = (t: ExamTotals): ExamReportTotals => ({
  tasks: t.tasks,
  takers: t.takers,
  attempts: t.attempts,
  marked: t.marked,
  waiting: t.waiting,
  passed: t.passed,
  passRate: passRate(t.passed, t.markedTakers),
  certificates: t.certificates,
});

export const presentQuestion = (q: QuestionRow): ExamQuestionReportRow => ({
  questionId: q.questionId,
  questionType: q.questionType,
  stem: plain(q.stem),
  given: q.given,
  right: q.right,
  partly: q.partly,
  wrong: q.wrong,
  unanswered: q.unanswered,
  wrongRate: percent(q.wrong, q.given),
  averageScore: points(q.averageTenths),
  score: points(q.scoreTenths),
});

export const presentCertificateRow = (r: CertificateRow): CertificateReportRow => ({
  sourceType: r.sourceType,
  sourceId: r.sourceId,
  title: r.title,
  issued: r.issued,
  firstIssuedAt: r.firstIssuedAt.toISOString(),
  lastIssuedAt: r.lastIssuedAt.toISOString(),
});

/**
 * The exam and certificate reports (issue 22 item 6): exam tasks' results over a period, one
 * task's score distribution and its questions most often wrong, and the certificates issued.
 */
export class ExamReport {
  constructor(readonly repo: ExamReportRepository) {}

  async view(eid: number, q: ExamFilter & Paging) {
    checkPeriod(q);
    const [{ rows, total }, totals] = await Promise.all([
      this.repo.tasks(eid, q, pageOffset(q.pageCurrent, q.pageSize), q.pageSize),
      this.repo.totals(eid, q),
    ]);
    return {
      totals: presentExamTotals(totals),
      page: toPage(rows.map(presentExamRow), total, q.pageCurrent, q.pageSize),
    };
  }

  /** One exam task of the enterprise over the period (9521 for another's or none). */
  async task(eid: number, q: { id: number; from: string; to: string } & Paging) {
    checkPeriod(q);
    const task = await this.repo.task(eid, q.id, q);
    if (!task) throw new AppError(ErrorCode.EXAM_TASK_NOT_FOUND);
    const [distribution, questions] = await Promise.all([
      this.repo.distribution(eid, q.id, q),
      this.repo.questions(eid, q.id, q, pageOffset(q.pageCurrent, q.pageSize), q.pageSize),
    ]);
    return {
      row: presentExamRow(task.row),
      passScore: points(task.passTenths),
      distribution,
      questions: toPage(questions.rows.map(presentQuestion), questions.total, q.pageCurrent, q.pageSize),
    };
  }

  /** Whether the enterprise has this exam task (the export checks before it starts). */
  async hasTask(eid: number, taskId: number, q: { from: string; to: string }): Promise<boolean> {
    return (await this.repo.task(eid, taskId, q)) !== undefined;
  }

  async certificates(
    eid: number,
    q: ExamFilter & Paging,
  ): Promise<{ totals: CertificateReportTotals; page: Page<CertificateReportRow> }> {
    checkPeriod(q);
    const { rows, total, totals } = await this.repo.certificates(
      eid,
      q,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return { totals, page: toPage(rows.map(presentCertificateRow), total, q.pageCurrent, q.pageSize) };
  }
}
