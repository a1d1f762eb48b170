import {
  INT4_MAX,
  isOpenAccess,
  type CallDef,
  type CallRequest,
  type CallResponse,
  type Envelope,
  type PortalLoadContext,
  type SiteBundle,
} from '@portal/contract';

/** An enterprise id as a page's query or cookie gives it: digits only, 1 to 2 147 483 647; else undefined. */
export function parseEid(raw: string | null | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 && n <= INT4_MAX ? n : undefined;
}

/**
 * The page's `?eid=`: undefined when absent or empty, the id, or null when it names an enterprise
 * that cannot exist (not a number, 0, negative, beyond int32).
 */
export function queryEid(request: Request): number | null | undefined {
  const raw = new URL(request.url).searchParams.get('eid');
  if (raw === null || raw === '') return undefined;
  return parseEid(raw) ?? null;
}

/**
 * The enterprise a visitor asked for: `eid` in the query, then the `eid` cookie the root sets.
 * null when the query's eid is malformed: the page then answers as for an enterprise that does not
 * exist (the root's 404 平台不存在), like the gateway's 400 for such an eid, rather than showing the
 * domain's default site as if the link had named it (decision 022). A malformed cookie (the root
 * only ever sets good ones) is ignored.
 */
export function requestedEid(request: Request): number | null | undefined {
  const fromQuery = queryEid(request);
  if (fromQuery !== undefined) return fromQuery;
  return parseEid(/(?:^|;\s*)eid=([^;]*)/.exec(request.headers.get('cookie') ?? '')?.[1]);
}

/** The site of a page's request (cached on the server; the root loader answers 404 when there is none). */
export async function siteOf(request: Request, context: PortalLoadContext): Promise<SiteBundle | null> {
  const eid = requestedEid(request);
  return eid === null ? null : context.loadSite(request, eid);
}

/**
 * A gateway call made in-process for a page (DESIGN.md: one gateway for everyone). Public calls
 * name the page's enterprise explicitly, so a visitor on `?eid=` gets that site's data.
 */
export function callGateway<C extends CallDef>(
  request: Request,
  context: PortalLoadContext,
  site: SiteBundle,
  call: C,
  input: Omit<CallRequest<C>, 'eid'>,
): Promise<Envelope<CallResponse<C>>> {
  const withEid = isOpenAccess(call.access) ? { ...input, eid: site.website.eid } : input;
  return context.gateway(request, call, withEid as CallRequest<C>);
}
