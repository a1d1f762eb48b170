import { viewAssistantUsage } from '@portal/contract/calls/assistant';
import { ErrorCode } from '@portal/contract/error-codes';
import type { CrmHandle } from '../features/crm/crm-layout.tsx';
import { callAdmin } from '../features/crm/crm.server.ts';
import {
  ASSISTANT_USAGE_QUERY,
  AssistantUsageView,
  type AssistantUsageData,
} from '../features/crm/assistant/assistant-usage.tsx';
import { readPeriod } from '../features/crm/reports/period.ts';
import { readTableQuery } from '../features/crm/table-query.ts';
import type { Route } from './+types/crm-assistant-usage';

/** /crm/assistant/usage: the AI study assistant's usage over the URL's period (issue 24 item 4). */
export async function loader(args: Route.LoaderArgs): Promise<AssistantUsageData> {
  const q = readTableQuery(new URL(args.request.url).searchParams, ASSISTANT_USAGE_QUERY);
  const { from, to } = readPeriod(q.filters);
  // A period the gateway refuses (longer than a year, backwards) is shown beside the filter.
  const usage = await callAdmin(args, viewAssistantUsage, { from, to }, [ErrorCode.REPORT_PERIOD]);
  return { from, to, usage: usage.data, error: usage.error };
}

export const handle: CrmHandle = { crumb: 'assistantUsage' };

export default function CrmAssistantUsagePage({ loaderData }: Route.ComponentProps) {
  return <AssistantUsageView {...loaderData} />;
}
