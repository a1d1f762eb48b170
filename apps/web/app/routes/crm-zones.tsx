import { findBannersAdmin, findSysLinksAdmin, findZonesAdmin } from '@portal/contract/calls/site-admin';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { ZonesPage } from '../features/crm/site/zones-page.tsx';
import { PageTitle } from '../features/crm/site/page-title.tsx';
import type { Route } from './+types/crm-zones';

/** /crm/zones: home zones, banners and friendly links (decision 042). */
export async function loader(args: Route.LoaderArgs) {
  const [zones, banners, links] = await Promise.all([
    callAdmin(args, findZonesAdmin, {}),
    callAdmin(args, findBannersAdmin, {}),
    callAdmin(args, findSysLinksAdmin, {}),
  ]);
  return { zones: zones.data ?? [], banners: banners.data ?? [], links: links.data ?? [] };
}

export const handle: CrmHandle = { crumb: 'zones' };

export default function CrmZonesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle text="zones" />
      <ZonesPage {...loaderData} />
    </>
  );
}
