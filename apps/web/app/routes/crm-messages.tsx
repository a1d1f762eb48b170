import { findAdminMessages } from '@portal/contract/calls/content-admin';
import { BOARD_TABLE, MessageBoardView } from '../features/crm/content/board.tsx';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-messages';

/** /crm/messages: the message board (留言板), decision 043. */
export async function loader(args: Route.LoaderArgs) {
  const q = readTableQuery(new URL(args.request.url).searchParams, BOARD_TABLE);
  const { keyword, replied } = q.filters;
  const input = {
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
    ...(keyword ? { keyword } : {}),
    ...(replied ? { replied } : {}),
  } as Parameters<typeof callAdmin<typeof findAdminMessages>>[2];
  const page = await callAdmin(args, findAdminMessages, input);
  return { page: page.data, error: page.error };
}

export const handle: CrmHandle = { crumb: 'messageBoard' };

export default function CrmMessagesPage({ loaderData }: Route.ComponentProps) {
  return <MessageBoardView page={loaderData.page} error={loaderData.error} />;
}
