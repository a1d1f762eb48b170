import { data, type LoaderFunctionArgs } from 'react-router';
import { viewTalentInfo } from '@portal/contract/calls/talent';
import { callGateway, siteOf } from '../../lib/site.server.ts';

/**
 * The signed-in person's talent record, for the loaders of /account/fileRegister and its leave
 * page: null for a visitor (the root's guard sends them to sign in).
 */
export async function loadTalentRecord({ request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>) {
  const site = await siteOf(request, context);
  if (!site?.signedIn) return null;
  const record = await callGateway(request, context, site, viewTalentInfo, {});
  if (record.code !== 200) throw data({ message: record.message }, { status: record.code === 429 ? 429 : 503 });
  return { record: record.data };
}
