import { findAdminComments } from '@portal/contract/calls/content-admin';
import { COMMENT_TABLE, CommentsAdminView } from '../features/crm/content/comments.tsx';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-comments';

/** /crm/comments: comment moderation (评论管理), decision 043. */
export async function loader(args: Route.LoaderArgs) {
  const q = readTableQuery(new URL(args.request.url).searchParams, COMMENT_TABLE);
  const { kind, hidden, keyword } = q.filters;
  const input = {
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
    ...(kind ? { kind } : {}),
    ...(hidden ? { hidden } : {}),
    ...(keyword ? { keyword } : {}),
  } as Parameters<typeof callAdmin<typeof findAdminComments>>[2];
  const page = await callAdmin(args, findAdminComments, input);
  return { page: page.data, error: page.error };
}

export const handle: CrmHandle = { crumb: 'comments' };

export default function CrmCommentsPage({ loaderData }: Route.ComponentProps) {
  return <CommentsAdminView page={loaderData.page} error={loaderData.error} />;
}
