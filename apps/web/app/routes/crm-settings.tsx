import { Alert } from 'antd';
import { viewSiteSettings } from '@portal/contract/calls/site-admin';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { SettingsPage } from '../features/crm/site/settings-page.tsx';
import { PageTitle } from '../features/crm/site/page-title.tsx';
import type { Route } from './+types/crm-settings';

/** /crm/settings: the site settings with a preview of the pending theme (decision 042). */
export async function loader(args: Route.LoaderArgs) {
  const answer = await callAdmin(args, viewSiteSettings, {});
  return { settings: answer.data, error: answer.error };
}

export const handle: CrmHandle = { crumb: 'siteSettings' };

export default function CrmSettingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle text="siteSettings" />
      {loaderData.settings ? (
        // A new form after each save: its initial values are the saved settings.
        <SettingsPage key={JSON.stringify(loaderData.settings)} settings={loaderData.settings} />
      ) : (
        <Alert type="error" message={loaderData.error} />
      )}
    </>
  );
}
