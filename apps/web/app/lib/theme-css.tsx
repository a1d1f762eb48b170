import { createContext, useContext } from 'react';

/**
 * The tenant theme's CSS of the page (decisions 003 and 004). The root loader leaves it in the load
 * context (`context.page.themeCss`) and the server's render gives it to the document's <style>
 * through this context; it is not part of the loader data, which the browser receives a second
 * time as JSON for hydration (5 KB of CSS on every page). In the browser the <style> the server
 * wrote is kept as it is: its text is read once from the document. A page of another enterprise
 * (another theme) is a document load (root.tsx, ?eid=).
 */
const ServerThemeCss = createContext<string | null>(null);

export const ServerThemeCssProvider = ServerThemeCss.Provider;

/** The id of the document's theme <style>. */
export const THEME_STYLE_ID = 'tenant-theme';

let documentCss: string | undefined;

/** True when the document's theme <style> was made for this enterprise's site (or there is none). */
export function isDocumentSite(eid: number): boolean {
  const style = document.getElementById(THEME_STYLE_ID);
  return !style || style.dataset.eid === String(eid);
}

export function useThemeCss(): string {
  const fromServer = useContext(ServerThemeCss);
  if (typeof document === 'undefined') return fromServer ?? '';
  documentCss ??= document.getElementById(THEME_STYLE_ID)?.innerHTML ?? '';
  return documentCss;
}
