import {
  isOpenAccess,
  type CallDef,
  type CallRequest,
  type CallResponse,
  type Envelope,
  type PortalLoadContext,
  type SiteBundle,
} from '@portal/contract';

const positiveInt = (raw: string | null | undefined) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The enterprise a visitor asked for: `eid` in the query, then the `eid` cookie the root sets. */
export function requestedEid(request: Request): number | undefined {
  const fromQuery = positiveInt(new URL(request.url).searchParams.get('eid'));
  if (fromQuery) return fromQuery;
  return positiveInt(/(?:^|;\s*)eid=([^;]*)/.exec(request.headers.get('cookie') ?? '')?.[1]);
}

/** The load context React Router passes to loaders, as the server builds it. */
export function portalContext(context: unknown): PortalLoadContext {
  return context as PortalLoadContext;
}

/** The site of a page's request (cached on the server; the root loader answers 404 when there is none). */
export function siteOf(request: Request, context: unknown): Promise<SiteBundle | null> {
  return portalContext(context).loadSite(request, requestedEid(request));
}

/**
 * A gateway call made in-process for a page (DESIGN.md: one gateway for everyone). Public calls
 * name the page's enterprise explicitly, so a visitor on `?eid=` gets that site's data.
 */
export function callGateway<C extends CallDef>(
  request: Request,
  context: unknown,
  site: SiteBundle,
  call: C,
  input: Omit<CallRequest<C>, 'eid'>,
): Promise<Envelope<CallResponse<C>>> {
  const withEid = isOpenAccess(call.access) ? { ...input, eid: site.website.eid } : input;
  return portalContext(context).gateway(request, call, withEid as CallRequest<C>);
}
