import { findSiteTexts, viewSiteSettings } from '@portal/contract/calls/site-admin';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { PagesPage } from '../features/crm/site/pages-page.tsx';
import { PageTitle } from '../features/crm/site/page-title.tsx';
import type { Route } from './+types/crm-pages';

/** /crm/pages: business introduction, agreement, privacy policy and the float window (decision 042). */
export async function loader(args: Route.LoaderArgs) {
  const [texts, settings] = await Promise.all([
    callAdmin(args, findSiteTexts, {}),
    callAdmin(args, viewSiteSettings, {}),
  ]);
  return { texts: texts.data ?? [], settings: settings.data };
}

export const handle: CrmHandle = { crumb: 'sitePages' };

export default function CrmPagesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle text="sitePages" />
      <PagesPage texts={loaderData.texts} settings={loaderData.settings} />
    </>
  );
}
