import { sql } from 'drizzle-orm';
import type { CheckInPlanForm } from '@portal/contract';
import type { Db } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import type { Session } from '../../platform/session.ts';

/**
 * Check-in plans made in the back office (decision 056): the task editor adds one, then puts it
 * in a task as an item. The plan's rules (days, weekdays, window, check-ins that complete it) are
 * the form's; the row and its audit entry are one transaction.
 */
export class CheckInAdmin {
  constructor(private readonly db: Db) {}

  create({ session, audit }: { session: Session; audit: AdminAudit }, form: CheckInPlanForm) {
    const weekdays = [...new Set(form.weekdays)].sort();
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(sql`
        INSERT INTO check_in_plans (eid, title, weekdays, starts_on, ends_on, window_start, window_end, required_count)
        VALUES (${session.eid}, ${form.title}, ${JSON.stringify(weekdays)}::jsonb, ${form.startsOn}, ${form.endsOn},
          ${form.windowStart}, ${form.windowEnd}, ${form.requiredCount})
        RETURNING id`);
      const id = Number(rows[0]!.id);
      await audit.record(tx, { entityType: 'check_in_plan', entityId: id, before: null, after: { ...form, weekdays } });
      return { id, title: form.title };
    });
  }
}
