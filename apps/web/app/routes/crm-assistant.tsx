import { findAdminAiModels, viewAssistantSettings } from '@portal/contract/calls/assistant';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import { AssistantSettingsView, type AssistantSettingsData } from '../features/crm/assistant/assistant-settings.tsx';
import type { Route } from './+types/crm-assistant';

/** /crm/assistant: the AI study assistant's settings, models and search index (issue 24 item 4); the key is write-only. */
export async function loader(args: Route.LoaderArgs): Promise<AssistantSettingsData> {
  const [settings, models] = await Promise.all([
    callAdmin(args, viewAssistantSettings, {}),
    callAdmin(args, findAdminAiModels, {}),
  ]);
  return { settings: settings.data, models: models.data, error: settings.error ?? models.error };
}

export const handle: CrmHandle = { crumb: 'assistant' };

export default function CrmAssistantPage({ loaderData }: Route.ComponentProps) {
  return <AssistantSettingsView {...loaderData} />;
}
