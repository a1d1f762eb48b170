import { findAdminTags } from '@portal/contract/calls/tag';
import { TAG_TABLE, TagsView } from '../features/crm/catalog/tags.tsx';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-tags';

/** /crm/tags: the learner tags, paged and filtered by the server from the URL's state (decision 040). */
export async function loader(args: Route.LoaderArgs) {
  const q = readTableQuery(new URL(args.request.url).searchParams, TAG_TABLE);
  const { keyword } = q.filters;
  const answer = await callAdmin(args, findAdminTags, {
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
    ...(keyword ? { keyword } : {}),
  });
  return { page: answer.data, error: answer.error };
}

export const handle: CrmHandle = { crumb: 'tags' };

export default function CrmTagsPage({ loaderData }: Route.ComponentProps) {
  return <TagsView page={loaderData.page} error={loaderData.error} />;
}
