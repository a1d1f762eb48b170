import { viewCurrentUser } from '@portal/contract/calls/account';
import { findDepartmentTree, findLearners } from '@portal/contract/calls/people';
import { findTags } from '@portal/contract/calls/tag';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { LEARNER_TABLE, LearnersView, learnerFilterOf } from '../features/crm/people/learners.tsx';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-learners';

/** /crm/learners: the learners, paged, sorted and filtered by the server from the URL's state (decision 037). */
export async function loader(args: Route.LoaderArgs) {
  const q = readTableQuery(new URL(args.request.url).searchParams, LEARNER_TABLE);
  const [page, tree, tags, me] = await Promise.all([
    callAdmin(args, findLearners, { ...learnerFilterOf(q), pageCurrent: q.pageCurrent, pageSize: q.pageSize }),
    callAdmin(args, findDepartmentTree, {}),
    args.context.gateway(args.request, findTags, {}),
    args.context.gateway(args.request, viewCurrentUser, {}),
  ]);
  return {
    page: page.data,
    error: page.error,
    departments: tree.data?.list ?? [],
    tags: tags.code === 200 ? tags.data : [],
    mePhone: me.code === 200 ? me.data.phone : null,
  };
}

export const handle: CrmHandle = { crumb: 'learnerAdmin' };

export default function CrmLearnersPage({ loaderData }: Route.ComponentProps) {
  return <LearnersView {...loaderData} />;
}
