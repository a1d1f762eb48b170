import type { AuditEntityType } from '@portal/contract';
import type { Db } from '@portal/db';
import type { ExportKind, StartedExport } from './exports.ts';
import type { AdminContext } from './gateway.ts';

/**
 * An administrator's export of a list (decision 027) in the caller's language, and its record in
 * the audit log: what left the system (the list's filter) and who took it.
 */
export async function startAuditedExport<P>(
  db: Db,
  kind: ExportKind<P>,
  ctx: AdminContext,
  params: P,
  entityType: AuditEntityType,
): Promise<StartedExport> {
  const started = await kind.start({ eid: ctx.eid, accountId: ctx.session.accountId, lang: ctx.lang, params });
  await db.transaction((tx) => ctx.audit.record(tx, { entityType, entityId: started.id, before: null, after: params }));
  return started;
}
