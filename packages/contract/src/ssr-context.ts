import type { z } from 'zod';
import type { CallDef, CallRequest, CallResponse } from './call.ts';
import type { Envelope } from './envelope.ts';
import type { Banner, NavItem, ThemeOptions, WebsiteInfo, sysLinkSchema } from './calls/system.ts';

export type SysLink = z.infer<typeof sysLinkSchema>;

/** What a server-rendered page needs of its site, resolved in-process (no HTTP round trip). */
export interface SiteBundle {
  website: WebsiteInfo;
  nav: NavItem[];
  links: SysLink[];
  /** A valid session came with the request. */
  signedIn: boolean;
  /** The session has not chosen its enterprise yet (code 309): every page leads to /company. */
  choosingEnterprise: boolean;
  /** Registrable domain of the host, as the client sends in the `domain` header. */
  domain: string;
  /** Hostname the request came to (for the wrong-domain check). */
  hostname: string;
}

/**
 * The load context the server gives the web app's loaders (React Router `context`). The server
 * implements it over its services; the web app only sees this interface.
 */
export interface PortalLoadContext {
  requestId: string;
  /** CSP nonce of this response, for inline scripts. */
  nonce: string;
  isDev: boolean;
  /**
   * The site of the request: the session's enterprise when signed in, else the enterprise named by
   * `eid` (query, then the `eid` cookie), else the domain's default. Null when no site matches.
   */
  loadSite(request: Request, eid: number | undefined): Promise<SiteBundle | null>;
  loadBanners(eid: number, signedIn: boolean): Promise<Banner[]>;
  /** The tenant theme's CSS for the page's <style> (computed once per theme, then cached). */
  themeCss(theme: ThemeOptions, grey: boolean): Promise<string>;
  /**
   * What this request's loaders leave for the document's render and nothing else: the theme's CSS
   * goes into the HTML's <style>, not into the loader data the browser receives again as JSON for
   * hydration (decision 004). The browser keeps the <style> it was given.
   */
  page: { themeCss: string | null };
  /**
   * Makes a gateway call in-process on behalf of the page's request (its cookies, host and
   * language), through the whole gateway pipeline: validation, session, envelope.
   */
  gateway<C extends CallDef>(request: Request, call: C, input?: CallRequest<C>): Promise<Envelope<CallResponse<C>>>;
}
