import { schema, type Db } from '@portal/db';

export type AuditEvent =
  | 'sign_in'
  | 'password_tried'
  | 'sign_in_failed'
  | 'account_locked'
  | 'old_password_wrong'
  | 'sign_out'
  | 'enterprise_chosen'
  | 'password_changed'
  | 'phone_changed'
  | 'account_cancelled'
  | 'registered'
  | 'registration_edited';

export interface AuditEntry {
  event: AuditEvent;
  accountId?: number | null;
  eid?: number | null;
  ip: string;
  detail?: Record<string, unknown>;
}

/** The audit log of account security events (issue 3): one row per event, never updated. */
export class AuditLog {
  constructor(private readonly db: Db) {}

  async write(entry: AuditEntry): Promise<void> {
    await this.db.insert(schema.auditLog).values({
      event: entry.event,
      accountId: entry.accountId ?? null,
      eid: entry.eid ?? null,
      ip: entry.ip,
      detail: entry.detail ?? {},
    });
  }
}
