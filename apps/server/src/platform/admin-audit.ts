import { schema, type Tx } from '@portal/db';
import type { AuditEntityType } from '@portal/contract';

/** What one administrator's write changed (decision 036): the entity, and it before and after. */
export interface AuditChange {
  entityType: AuditEntityType;
  entityId: number | string;
  /** The entity as it was (null: it did not exist). */
  before: unknown;
  /** The entity as it is now (null: it was deleted). */
  after: unknown;
  /** Defaults to the call's name. */
  action?: string;
}

/** Who makes the change and through which call: the gateway gives each admin call its own. */
export interface AuditActor {
  eid: number;
  accountId: number;
  call: string;
  requestId: string;
  ip: string;
}

/**
 * The audit of one admin call: `record` writes a row of `admin_audit_log` in the caller's
 * transaction, so the row stands or falls with the change. The gateway answers 500 for an admin
 * write that returned without recording anything (gateway.ts): no write goes unaudited unnoticed.
 */
export class AdminAudit {
  private count = 0;

  constructor(private readonly actor: AuditActor) {}

  /** How many rows this call recorded. */
  get recorded(): number {
    return this.count;
  }

  async record(tx: Tx, change: AuditChange): Promise<void> {
    const { eid, accountId, call, requestId, ip } = this.actor;
    await tx.insert(schema.adminAuditLog).values({
      eid,
      accountId,
      action: change.action ?? call,
      entityType: change.entityType,
      entityId: String(change.entityId),
      before: jsonOf(change.before),
      after: jsonOf(change.after),
      requestId,
      ip,
    });
    this.count += 1;
  }
}

/** A value as JSON stores it (dates as ISO text, undefined fields dropped); null stays SQL null. */
function jsonOf(value: unknown): unknown {
  return value === null || value === undefined ? null : JSON.parse(JSON.stringify(value));
}
