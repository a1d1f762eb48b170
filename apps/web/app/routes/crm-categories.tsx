import { findAdminCategories } from '@portal/contract/calls/category';
import { CategoriesView, categoryTypeOf } from '../features/crm/catalog/categories.tsx';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import type { Route } from './+types/crm-categories';

/** /crm/categories: one categoryType's tree (`?type=14`; course categories by default), decision 040. */
export async function loader(args: Route.LoaderArgs) {
  const categoryType = categoryTypeOf(new URL(args.request.url).searchParams);
  const answer = await callAdmin(args, findAdminCategories, { categoryType });
  return { tree: answer.data ?? [], categoryType, error: answer.error };
}

export const handle: CrmHandle = { crumb: 'categories' };

export default function CrmCategoriesPage({ loaderData }: Route.ComponentProps) {
  return <CategoriesView tree={loaderData.tree} categoryType={loaderData.categoryType} error={loaderData.error} />;
}
