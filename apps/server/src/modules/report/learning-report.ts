import { ErrorCode, REPORT_MAX_DAYS, pageOffset, toPage, type LearningReportBy } from '@portal/contract';
import type { LearningReportRow, LearningReportTotals } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { LearningFilter, LearningRow, LearningTotals, ReportRepository } from './report.repository.ts';

export interface LearningQuery extends LearningFilter {
  by: LearningReportBy;
}

const DAY_MS = 86_400_000;

/** A period the reports take: real days, the start not after the end, at most REPORT_MAX_DAYS. */
export function checkPeriod(q: { from: string; to: string }): void {
  const from = Date.parse(`${q.from}T00:00:00Z`);
  const to = Date.parse(`${q.to}T00:00:00Z`);
  const real = (s: string, t: number) => !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
  if (!real(q.from, from) || !real(q.to, to) || to < from || (to - from) / DAY_MS + 1 > REPORT_MAX_DAYS) {
    throw new AppError(ErrorCode.REPORT_PERIOD, { params: { days: REPORT_MAX_DAYS } });
  }
}

const hours = (tenths: number) => tenths / 10;

export const presentTotals = (t: LearningTotals): LearningReportTotals => ({
  people: t.people,
  active: t.active,
  completions: t.completions,
  creditHours: hours(t.creditTenths),
  points: t.points,
});

/** A row as the contract carries it: a department's English name on the English page. */
export const presentRow = (r: LearningRow, lang: 'zh' | 'en'): LearningReportRow => ({
  key: r.key,
  name: lang === 'en' && r.nameEn ? r.nameEn : r.name,
  detail: r.detail,
  ...presentTotals(r),
});

/** The learning report (issue 22 item 6): one page of a dimension and the period's totals. */
export class LearningReport {
  constructor(private readonly repo: ReportRepository) {}

  /** One page of rows of the dimension (the export reads every page the same way). */
  async rows(eid: number, q: LearningQuery, offset: number, limit: number) {
    if (q.by === 'department') return this.repo.byDepartment(eid, q, offset, limit);
    if (q.by === 'person') return this.repo.byPerson(eid, q, offset, limit);
    return this.repo.byCourse(eid, q, offset, limit);
  }

  /** What the totals cover: the enterprise for the department report, the filters' people otherwise. */
  totalsQuery(q: LearningQuery): LearningQuery {
    return q.by === 'department' ? { by: q.by, from: q.from, to: q.to } : q;
  }

  async totals(eid: number, q: LearningQuery): Promise<LearningTotals> {
    return q.by === 'course' ? this.repo.courseTotals(eid, q) : this.repo.peopleTotals(eid, q);
  }

  async view(eid: number, q: LearningQuery & { pageCurrent: number; pageSize: number }, lang: 'zh' | 'en') {
    checkPeriod(q);
    const [{ rows, total }, totals] = await Promise.all([
      this.rows(eid, q, pageOffset(q.pageCurrent, q.pageSize), q.pageSize),
      this.totals(eid, this.totalsQuery(q)),
    ]);
    return {
      totals: presentTotals(totals),
      page: toPage(
        rows.map((r) => presentRow(r, lang)),
        total,
        q.pageCurrent,
        q.pageSize,
      ),
    };
  }
}
