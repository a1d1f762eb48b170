import { redirect } from 'react-router';
import { localePath, pathLang } from '../lib/navigation.ts';
import type { Route } from './+types/redirect';

/** /redirect/{path?}: goes to /{path} (keeping the query), e.g. /redirect/account → /account. */
export function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const rest = (params['*'] ?? '').replace(/^\/+/, '');
  // Only plain same-site paths: letters, digits and - _ . ~ per segment (no //, \\, :, .., %).
  const safe = /^[A-Za-z0-9_~-][A-Za-z0-9_.~-]*(\/[A-Za-z0-9_~-][A-Za-z0-9_.~-]*)*$/.test(rest);
  const target = safe ? `/${rest}` : '/home';
  return redirect(localePath(target, pathLang(url.pathname)) + url.search);
}

export default function Redirect() {
  return null;
}
