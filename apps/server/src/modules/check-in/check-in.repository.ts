import { sql, type SQL } from 'drizzle-orm';
import { CHECK_IN_RESOURCE_TYPE, CheckInPlanState } from '@portal/contract';
import type { Db, Tx } from '@portal/db';
import { assignedTaskIds } from '../assignment/index.ts';
import type { Learner } from '../../platform/learner.ts';
import type { PlanSchedule } from './slots.ts';

/** A plan of the learner, with the task it is shown under. */
export interface PlanRow extends PlanSchedule {
  planId: number;
  title: string;
  requiredCount: number;
  taskId: number;
  taskTitle: string;
  /**
   * Every task that holds the plan for this learner is a timed task past its end (decision 033:
   * a closed timed task's items take no more progress).
   */
  tasksClosed: boolean;
}

export interface CheckInRow {
  planId: number;
  slotDate: string;
  checkedAt: Date;
}

/**
 * The plans a learner has now: items (resource type 11) of published study tasks assigned to them,
 * one row per plan with the first such task by id. `at` is the server's clock (a closed timed task).
 */
function myPlans(who: Learner, at: Date): SQL {
  return sql`(
    SELECT DISTINCT ON (i.resource_id)
           i.resource_id AS plan_id, t.id AS task_id, t.title AS task_title,
           bool_and(t.timed AND t.ends_at < ${at}) OVER (PARTITION BY i.resource_id) AS tasks_closed
      FROM study_task_items i
      JOIN study_tasks t ON t.eid = i.eid AND t.id = i.task_id
     WHERE i.eid = ${who.eid} AND i.resource_type = ${CHECK_IN_RESOURCE_TYPE} AND t.published
       AND t.id IN ${assignedTaskIds(who.eid, who.accountId)}
     ORDER BY i.resource_id, t.id
  )`;
}

const PLAN_COLUMNS = sql`
  p.id AS "planId", p.title, p.weekdays, p.starts_on AS "startsOn", p.ends_on AS "endsOn",
  p.window_start AS "windowStart", p.window_end AS "windowEnd", p.required_count AS "requiredCount",
  m.task_id AS "taskId", m.task_title AS "taskTitle", m.tasks_closed AS "tasksClosed"`;

const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;

/** The plans filter: the state at the China date `today`, words of the plan's or task's title, one plan. */
function planFilter(q: PlanQuery, today: string): SQL {
  const words = q.keyword
    ? sql`AND (p.title ILIKE ${likeOf(q.keyword)} OR m.task_title ILIKE ${likeOf(q.keyword)})`
    : sql``;
  const one = q.planId === undefined ? sql`` : sql`AND p.id = ${q.planId}`;
  return sql`${stateFilter(q.state, today)} ${words} ${one}`;
}

/** What a page of the learner's plans is filtered by. */
export interface PlanQuery {
  state: number;
  keyword?: string | undefined;
  planId?: number | undefined;
}

function stateFilter(state: number, today: string): SQL {
  switch (state) {
    case CheckInPlanState.NOT_STARTED:
      return sql`AND p.starts_on > ${today}`;
    case CheckInPlanState.ONGOING:
      return sql`AND p.starts_on <= ${today} AND p.ends_on >= ${today}`;
    case CheckInPlanState.ENDED:
      return sql`AND p.ends_on < ${today}`;
    default:
      return sql``;
  }
}

/** The SQL of check-ins (decisions 033, 034), always by the learner's enterprise. */
export class CheckInRepository {
  constructor(readonly db: Db) {}

  /** One plan of the learner (null when it is not theirs, not their enterprise's or missing). */
  async findPlan(q: Db | Tx, who: Learner, planId: number, at: Date): Promise<PlanRow | null> {
    const { rows } = await q.execute<PlanRow & Record<string, unknown>>(sql`
      SELECT ${PLAN_COLUMNS}
        FROM ${myPlans(who, at)} m
        JOIN check_in_plans p ON p.eid = ${who.eid} AND p.id = m.plan_id
       WHERE m.plan_id = ${planId}`);
    return rows[0] ?? null;
  }

  /**
   * A page of the learner's plans: those under way first, then those not started, then the ended
   * ones; by first date within each.
   */
  async findPlans(who: Learner, q: PlanQuery, today: string, at: Date, limit: number, offset: number) {
    const filter = planFilter(q, today);
    const [list, count] = await Promise.all([
      this.db.execute<PlanRow & Record<string, unknown>>(sql`
        SELECT ${PLAN_COLUMNS}
          FROM ${myPlans(who, at)} m
          JOIN check_in_plans p ON p.eid = ${who.eid} AND p.id = m.plan_id
         WHERE TRUE ${filter}
         ORDER BY CASE WHEN p.ends_on < ${today} THEN 2 WHEN p.starts_on > ${today} THEN 1 ELSE 0 END,
                  p.starts_on, p.id
         LIMIT ${limit} OFFSET ${offset}`),
      this.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n
          FROM ${myPlans(who, at)} m
          JOIN check_in_plans p ON p.eid = ${who.eid} AND p.id = m.plan_id
         WHERE TRUE ${filter}`),
    ]);
    return { rows: list.rows, total: count.rows[0]?.n ?? 0 };
  }

  /** The learner's check-ins of the given plans. */
  async findCheckIns(q: Db | Tx, who: Learner, planIds: number[]): Promise<CheckInRow[]> {
    if (planIds.length === 0) return [];
    const { rows } = await q.execute<CheckInRow & Record<string, unknown>>(sql`
      SELECT plan_id AS "planId", slot_date AS "slotDate", checked_at AS "checkedAt"
        FROM check_ins
       WHERE eid = ${who.eid} AND account_id = ${who.accountId}
         AND plan_id = ANY(${`{${planIds.join(',')}}`}::int[])`);
    return rows.map((r) => ({ ...r, checkedAt: new Date(r.checkedAt) }));
  }

  /**
   * Records the check-in of a slot, once: the primary key (eid, plan, learner, slot date) lets one
   * of any number of concurrent check-ins insert; the others get false.
   */
  async insertCheckIn(tx: Tx, who: Learner, planId: number, slotDate: string, at: Date): Promise<boolean> {
    const { rows } = await tx.execute(sql`
      INSERT INTO check_ins (eid, plan_id, account_id, slot_date, checked_at)
      VALUES (${who.eid}, ${planId}, ${who.accountId}, ${slotDate}, ${at})
      ON CONFLICT (eid, plan_id, account_id, slot_date) DO NOTHING
      RETURNING 1`);
    return rows.length === 1;
  }
}
