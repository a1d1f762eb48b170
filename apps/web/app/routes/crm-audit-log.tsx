import { findAuditLog } from '@portal/contract/calls/back-office';
import { AUDIT_TABLE, AuditLogView } from '../features/crm/audit-log.tsx';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-audit-log';

/** /crm/audit: the audit log, paged, sorted and filtered by the server from the URL's state. */
export async function loader(args: Route.LoaderArgs) {
  const q = readTableQuery(new URL(args.request.url).searchParams, AUDIT_TABLE);
  const { entityType, entityId, actorId, from, to } = q.filters;
  // The URL's values go to the call as they are: the gateway checks them and words what is wrong.
  const input = {
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
    order: q.sort?.order ?? 'desc',
    ...(entityType ? { entityType } : {}),
    ...(entityId ? { entityId } : {}),
    ...(actorId ? { actorId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  } as Parameters<typeof callAdmin<typeof findAuditLog>>[2];
  const answer = await callAdmin(args, findAuditLog, input);
  return { page: answer.data, error: answer.error };
}

export const handle: CrmHandle = { crumb: 'auditLog' };

export default function CrmAuditLogPage({ loaderData }: Route.ComponentProps) {
  return <AuditLogView page={loaderData.page} error={loaderData.error} />;
}
