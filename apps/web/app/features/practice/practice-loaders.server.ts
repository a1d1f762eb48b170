import { data } from 'react-router';
import type { PortalLoadContext } from '@portal/contract';
import type { viewPracticeRound } from '@portal/contract/calls/practice';
import { callGateway, siteOf } from '../../lib/site.server.ts';
import { pathLang } from '../../lib/navigation.ts';
import { positiveId } from './practice-paths.ts';

/**
 * A round of the address's `recordId` for the detail and summary pages: 404 (该页面不存在) when the
 * id is missing or the round is not the learner's; 503 when the gateway cannot answer.
 */
export async function loadRound(request: Request, context: PortalLoadContext, call: typeof viewPracticeRound) {
  const url = new URL(request.url);
  const missing = () =>
    data({ message: pathLang(url.pathname) === 'en' ? 'This page does not exist' : '该页面不存在' }, { status: 404 });
  const recordId = positiveId(url.searchParams.get('recordId'));
  const site = await siteOf(request, context);
  if (!site || !recordId) throw missing();
  const res = await callGateway(request, context, site, call, { recordId });
  if (res.code === 404) throw missing();
  if (res.code !== 200) throw data({ message: res.message }, { status: 503 });
  return { round: res.data };
}
