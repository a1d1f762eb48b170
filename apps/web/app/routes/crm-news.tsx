import { findAdminNews, findAdminNewsCategories } from '@portal/contract/calls/content-admin';
import { NEWS_TABLE, NewsAdminView } from '../features/crm/content/news.tsx';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-news';

/** /crm/news: news and their categories (decision 043), the list paged and filtered by the server. */
export async function loader(args: Route.LoaderArgs) {
  const q = readTableQuery(new URL(args.request.url).searchParams, NEWS_TABLE);
  const { keyword, categoryId, status } = q.filters;
  // The URL's values go to the call as they are: the gateway checks them and words what is wrong.
  const input = {
    pageCurrent: q.pageCurrent,
    pageSize: q.pageSize,
    ...(q.sort ? { sort: `${q.sort.order === 'desc' ? '-' : ''}${q.sort.field}` } : {}),
    ...(keyword ? { keyword } : {}),
    ...(categoryId ? { categoryId } : {}),
    ...(status ? { status } : {}),
  } as Parameters<typeof callAdmin<typeof findAdminNews>>[2];
  const [page, categories] = await Promise.all([
    callAdmin(args, findAdminNews, input),
    callAdmin(args, findAdminNewsCategories, {}),
  ]);
  return { page: page.data, categories: categories.data ?? [], error: page.error };
}

export const handle: CrmHandle = { crumb: 'news' };

export default function CrmNewsPage({ loaderData }: Route.ComponentProps) {
  return <NewsAdminView page={loaderData.page} categories={loaderData.categories} error={loaderData.error} />;
}
