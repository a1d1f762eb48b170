import { findMaterials } from '@portal/contract/calls/media';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { MEDIA_TABLE, MediaLibrary } from '../features/crm/media/media-library.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-media';

/** /crm/media: the media library, paged and filtered by the server from the URL's state. */
export async function loader(args: Route.LoaderArgs) {
  const q = readTableQuery(new URL(args.request.url).searchParams, MEDIA_TABLE);
  const { kind, search } = q.filters;
  // The URL's values go to the call as they are: the gateway checks them and words what is wrong.
  const input = {
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
    ...(kind ? { kind } : {}),
    ...(search ? { search } : {}),
  } as Parameters<typeof callAdmin<typeof findMaterials>>[2];
  const answer = await callAdmin(args, findMaterials, input);
  return { page: answer.data, error: answer.error };
}

export const handle: CrmHandle = { crumb: 'media' };

export default function CrmMediaPage({ loaderData }: Route.ComponentProps) {
  return <MediaLibrary page={loaderData.page} error={loaderData.error} />;
}
