import { redirect, type LoaderFunctionArgs } from 'react-router';
import { localePath, pathLang } from '../lib/navigation.ts';

/** /redirect/{path?}: goes to /{path} (keeping the query), e.g. /redirect/account → /account. */
export function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const rest = (params['*'] ?? '').replace(/^\/+/, '');
  const safe = rest.split('/').every((seg) => seg !== '..' && !seg.includes(':'));
  const target = safe && rest ? `/${rest}` : '/home';
  return redirect(localePath(target, pathLang(url.pathname)) + url.search);
}

export default function Redirect() {
  return null;
}
