import { sql, type SQL } from 'drizzle-orm';
import { ApplicationStatus, ErrorCode, pageOffset, toPage, type Lang } from '@portal/contract';
import type { ProjectProgressPerson } from '@portal/contract';
import type { Db } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { AppError } from '../../platform/errors.ts';
import { memberFilter } from '../../platform/member-filter.ts';
import type { Session } from '../../platform/session.ts';
import { sendNotice } from '../announcement/index.ts';

type Standing = 'finished' | 'learning' | 'notStarted';

interface ProgressQuery {
  id: number;
  status?: Standing | undefined;
  departmentId?: number | undefined;
  keyword?: string | undefined;
  pageCurrent: number;
  pageSize: number;
}

interface Row {
  accountId: number;
  name: string;
  employeeNo: string;
  departments: string;
  tasksFinished: number;
  tasksTotal: number;
  completedAt: Date | string | null;
  lastStudiedAt: Date | string | null;
  remindedAt: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);

/**
 * A study project's progress in the back office (issue 22 item 5, decision 053): its enrolled
 * (approved) learners, each with the project's stage tasks they finished (completed or passed) and
 * whether they completed the project; not started first. Read by the session's enterprise.
 */
export class ProjectProgress {
  constructor(private readonly db: Db) {}

  /** The enrolled learners with their standing, narrowed by a department and a name. */
  private learners(eid: number, q: ProgressQuery): SQL {
    return sql`
      WITH tasks AS (
        SELECT DISTINCT task_id FROM study_project_stage_tasks WHERE eid = ${eid} AND project_id = ${q.id}
      )
      SELECT u.account_id AS "accountId", coalesce(nullif(u.real_name, ''), u.user_name) AS name,
             coalesce(u.employee_no, '') AS "employeeNo", a.completed_at AS "completedAt",
             (SELECT count(*)::int FROM tasks) AS "tasksTotal",
             count(l.task_id) FILTER (WHERE l.status IN (3, 5))::int AS "tasksFinished",
             max(l.last_studied_at) AS "lastStudiedAt",
             CASE WHEN a.completed_at IS NOT NULL THEN 'finished' WHEN count(l.task_id) > 0 THEN 'learning'
                  ELSE 'notStarted' END AS standing
        FROM study_project_applications a
        JOIN enterprise_users u ON u.eid = a.eid AND u.account_id = a.account_id
        LEFT JOIN study_task_learners l
          ON l.eid = a.eid AND l.account_id = a.account_id AND l.task_id IN (SELECT task_id FROM tasks)
       WHERE a.eid = ${eid} AND a.project_id = ${q.id} AND a.status = ${ApplicationStatus.APPROVED}
         ${memberFilter(eid, q)}
       GROUP BY u.account_id, u.real_name, u.user_name, u.employee_no, a.completed_at`;
  }

  async view(eid: number, q: ProgressQuery) {
    const { rows: projects } = await this.db.execute<
      { id: number; title: string; tasks: number; endsAt: Date | string } & Record<string, unknown>
    >(sql`
      SELECT p.id, p.title, p.ends_at AS "endsAt", (SELECT count(DISTINCT task_id)::int FROM study_project_stage_tasks s
                              WHERE s.eid = p.eid AND s.project_id = p.id) AS tasks
        FROM study_projects p WHERE p.eid = ${eid} AND p.id = ${q.id}`);
    const project = projects[0];
    if (!project) throw new AppError(ErrorCode.NOT_FOUND);
    const standing = q.status ? sql`WHERE standing = ${q.status}` : sql``;
    const { rows } = await this.db.execute<Row & Record<string, unknown>>(sql`
      WITH p AS (${this.learners(eid, q)})
      SELECT p.*, coalesce((SELECT string_agg(d.name, '、' ORDER BY d.id) FROM department_members m
                             JOIN departments d ON d.eid = m.eid AND d.id = m.department_id
                            WHERE m.eid = ${eid} AND m.account_id = p."accountId"), '') AS departments,
             (SELECT max(r.reminded_at) FROM study_project_reminders r
               WHERE r.eid = ${eid} AND r.project_id = ${q.id} AND r.account_id = p."accountId") AS "remindedAt"
        FROM p ${standing}
       ORDER BY CASE standing WHEN 'notStarted' THEN 0 WHEN 'learning' THEN 1 ELSE 2 END, p."tasksFinished", p."accountId"
       LIMIT ${q.pageSize} OFFSET ${pageOffset(q.pageCurrent, q.pageSize)}`);
    const counts = await this.db.execute<
      {
        enrolled: number;
        finished: number;
        learning: number;
        notStarted: number;
        total: number;
      } & Record<string, unknown>
    >(sql`
      WITH p AS (${this.learners(eid, q)})
      SELECT count(*)::int AS enrolled, count(*) FILTER (WHERE standing = 'finished')::int AS finished,
             count(*) FILTER (WHERE standing = 'learning')::int AS learning,
             count(*) FILTER (WHERE standing = 'notStarted')::int AS "notStarted",
             count(*) FILTER (WHERE ${q.status ? sql`standing = ${q.status}` : sql`true`})::int AS total
        FROM p`);
    const { total, ...totals } = counts.rows[0]!;
    return {
      project: { id: project.id, title: project.title, tasks: project.tasks, endsAt: iso(project.endsAt)! },
      totals: { ...totals, finishedRate: rate(totals.finished, totals.enrolled) },
      page: toPage(
        rows.map((r): ProjectProgressPerson => ({
          accountId: r.accountId,
          name: r.name,
          employeeNo: r.employeeNo,
          departments: r.departments,
          tasksFinished: r.tasksFinished,
          tasksTotal: r.tasksTotal,
          progressPercent: r.tasksTotal === 0 ? 0 : Math.floor((r.tasksFinished * 100) / r.tasksTotal),
          completedAt: iso(r.completedAt),
          lastStudiedAt: iso(r.lastStudiedAt),
          remindedAt: iso(r.remindedAt),
        })),
        total,
        q.pageCurrent,
        q.pageSize,
      ),
    };
  }

  /**
   * Reminds the project's enrolled learners who have not completed it (all, or those of
   * `accountIds`): one notice for those not reminded today, as a task's reminder (decision 053).
   */
  async remind(
    { session, audit, lang }: { session: Session; audit: AdminAudit; lang: Lang },
    q: { projectId: number; accountIds?: number[] | undefined },
  ) {
    const eid = session.eid;
    const { rows } = await this.db.execute<{ title: string; endsAt: Date | string } & Record<string, unknown>>(sql`
      SELECT title, ends_at AS "endsAt" FROM study_projects WHERE eid = ${eid} AND id = ${q.projectId}`);
    const project = rows[0];
    if (!project) throw new AppError(ErrorCode.NOT_FOUND);
    const endsAt = new Date(project.endsAt);
    if (endsAt.getTime() <= Date.now()) throw new AppError(ErrorCode.PROJECT_ENDED_REMIND);
    return this.db.transaction(async (tx) => {
      const only = q.accountIds ? JSON.stringify(q.accountIds) : null;
      const pending = await tx.execute<{ accountId: number }>(sql`
        SELECT a.account_id AS "accountId" FROM study_project_applications a
          JOIN enterprise_users u ON u.eid = a.eid AND u.account_id = a.account_id AND u.status <> 2
         WHERE a.eid = ${eid} AND a.project_id = ${q.projectId} AND a.status = ${ApplicationStatus.APPROVED}
           AND a.completed_at IS NULL
           ${only ? sql`AND a.account_id IN (SELECT x::int FROM jsonb_array_elements_text(${only}::jsonb) x)` : sql``}
         ORDER BY a.account_id`);
      const unfinished = pending.rows.map((r) => r.accountId);
      const reminded = await sendNotice(tx, eid, reminderText(project.title, endsAt, lang), async (noticeId) => {
        const noted = await tx.execute<{ accountId: number }>(sql`
          INSERT INTO study_project_reminders (eid, project_id, account_id, day, announcement_id)
          SELECT ${eid}, ${q.projectId}, x::int, (now() AT TIME ZONE 'Asia/Shanghai')::date, ${noticeId}
            FROM jsonb_array_elements_text(${JSON.stringify(unfinished)}::jsonb) x
          ON CONFLICT DO NOTHING
          RETURNING account_id AS "accountId"`);
        return noted.rows.map((r) => r.accountId);
      });
      await audit.record(tx, {
        entityType: 'study_project',
        entityId: q.projectId,
        before: null,
        after: { reminded: reminded.length, accountIds: reminded },
      });
      return { reminded: reminded.length, already: unfinished.length - reminded.length };
    });
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The reminder's notice, in the language of the administrator who sends it. */
function reminderText(title: string, endsAt: Date, lang: Lang) {
  const end = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'zh-CN', {
    timeZone: 'Asia/Shanghai',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(endsAt);
  const safe = escapeHtml(title);
  return lang === 'en'
    ? {
        title: `Reminder: ${title}`,
        content: `<p>Your study project “${safe}” is not completed yet. Please complete it by ${end}.</p>`,
      }
    : { title: `培训提醒：${title}`, content: `<p>您的培训项目「${safe}」尚未完成，请在 ${end} 前完成。</p>` };
}
