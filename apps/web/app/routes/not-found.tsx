import { data } from 'react-router';
import { pathLang } from '../lib/navigation.ts';
import type { Route } from './+types/not-found';

/** Any path no page matches: the error page with 该页面不存在 (404). */
export function loader({ request }: Route.LoaderArgs) {
  const en = pathLang(new URL(request.url).pathname) === 'en';
  throw data({ message: en ? 'This page does not exist' : '该页面不存在' }, { status: 404 });
}

export default function NotFound() {
  return null;
}
