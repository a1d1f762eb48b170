import { pageOffset, toPage, type AuditEntry, type Lang } from '@portal/contract';
import {
  AUDIT_COUNT_CAP,
  type AuditFilter,
  type AuditRow,
  type BackOfficeRepository,
} from './back-office.repository.ts';

const iso = (v: string | Date): string => new Date(v).toISOString();
const hoursOf = (tenths: number): number => Number(tenths) / 10;

/** A row of the audit log as the back office shows it. */
const presentAuditEntry = (r: AuditRow): AuditEntry => ({
  id: Number(r.id),
  accountId: Number(r.accountId),
  actorName: r.actorName ?? '',
  action: r.action,
  entityType: r.entityType,
  entityId: r.entityId,
  before: r.before ?? null,
  after: r.after ?? null,
  requestId: r.requestId,
  ip: r.ip,
  createdAt: iso(r.createdAt),
});

/**
 * The back office's own reads (decision 036): the audit log of administrators' changes and the
 * dashboard of this week's study, both by the session's enterprise. Who may call them is the
 * gateway's concern (access `admin`).
 */
export class BackOfficeService {
  constructor(private readonly repo: BackOfficeRepository) {}

  async findAuditLog(eid: number, q: AuditFilter & { pageCurrent: number; pageSize: number }) {
    const filter: AuditFilter = {
      entityType: q.entityType,
      entityId: q.entityId,
      actorId: q.actorId,
      from: q.from,
      to: q.to,
      order: q.order,
    };
    const offset = pageOffset(q.pageCurrent, q.pageSize);
    // Past the counted rows a page is empty: no scan deeper than the cap.
    const [rows, total] = await Promise.all([
      offset >= AUDIT_COUNT_CAP ? Promise.resolve([]) : this.repo.findAuditLog(eid, filter, offset, q.pageSize),
      this.repo.countAuditLog(eid, filter),
    ]);
    return toPage(rows.map(presentAuditEntry), total, q.pageCurrent, q.pageSize);
  }

  async viewDashboard(eid: number, lang: Lang) {
    const [totals, departments, topCourses, days] = await Promise.all([
      this.repo.viewTotals(eid),
      this.repo.findDepartments(eid, 10),
      this.repo.findTopCourses(eid, 10),
      this.repo.findDays(eid),
    ]);
    return {
      weekStart: iso(totals.weekStart),
      learners: Number(totals.learners),
      activeLearners: Number(totals.activeLearners),
      creditHours: hoursOf(totals.creditTenths),
      completions: Number(totals.completions),
      departments: departments.map((d) => ({
        departmentId: Number(d.departmentId),
        name: lang === 'en' && d.nameEn ? d.nameEn : d.name,
        activeLearners: Number(d.activeLearners),
        completions: Number(d.completions),
        creditHours: hoursOf(d.creditTenths),
      })),
      topCourses: topCourses.map((c) => ({
        courseId: Number(c.courseId),
        title: c.title,
        learners: Number(c.learners),
      })),
      daily: days.map((d) => ({
        day: d.day,
        completions: Number(d.completions),
        creditHours: hoursOf(d.creditTenths),
      })),
    };
  }
}
