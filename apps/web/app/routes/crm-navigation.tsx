import { findNavItemsAdmin } from '@portal/contract/calls/site-admin';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { NavigationPage } from '../features/crm/site/navigation-page.tsx';
import { PageTitle } from '../features/crm/site/page-title.tsx';
import type { Route } from './+types/crm-navigation';

/** /crm/navigation: the site's menu (decision 042). */
export async function loader(args: Route.LoaderArgs) {
  return { items: (await callAdmin(args, findNavItemsAdmin, {})).data ?? [] };
}

export const handle: CrmHandle = { crumb: 'navigation' };

export default function CrmNavigationPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle text="navigation" />
      <NavigationPage items={loaderData.items} />
    </>
  );
}
