import { viewLiveSettings } from '@portal/contract/calls/live';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { LiveSettingsView, type LiveSettingsData } from '../features/crm/live/live-settings.tsx';
import type { Route } from './+types/crm-live-settings';

/** /crm/live/settings: the enterprise's live settings (issue 24 item 4); keys are write-only. */
export async function loader(args: Route.LoaderArgs): Promise<LiveSettingsData> {
  const answer = await callAdmin(args, viewLiveSettings, {});
  return { settings: answer.data, error: answer.error };
}

export const handle: CrmHandle = { crumb: 'liveSettings' };

export default function CrmLiveSettingsPage({ loaderData }: Route.ComponentProps) {
  return <LiveSettingsView {...loaderData} />;
}
