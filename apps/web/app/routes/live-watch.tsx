import { data } from 'react-router';
import { viewLiveRoomUrl } from '@portal/contract';
import { LiveRoomPage } from '../features/live/live-room.tsx';
import { pathLang } from '../lib/navigation.ts';
import { callGateway, siteOf } from '../lib/site.server.ts';
import type { Route } from './+types/live-watch';

const INT32_MAX = 2147483647;
const positive = (raw: string | null) => {
  const n = Number(raw);
  return raw && /^\d+$/.test(raw) && n > 0 && n <= INT32_MAX ? n : null;
};

/** Answers after which the root's guard leads elsewhere (sign in, choose an enterprise): nothing to show. */
const GUARDED = [301, 305, 307, 309];

/**
 * /live/watch?id= (blank layout, as the course player): the room with its state, schedule, play
 * address and the learner's attendance, rendered on the server; visitors see it where the site's
 * visitor mode is on (the root's guard sends the others to sign in), without attendance.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = pathLang(url.pathname);
  const missing = () => data({ message: lang === 'en' ? 'This page does not exist' : '该页面不存在' }, { status: 404 });
  const site = await siteOf(request, context);
  const id = positive(url.searchParams.get('id'));
  if (!site || id === null) throw missing();
  if (site.choosingEnterprise || (!site.signedIn && !site.website.visitorOpenSet)) return null;
  const room = await callGateway(request, context, site, viewLiveRoomUrl, { id });
  if (room.code === 404) throw missing();
  if (GUARDED.includes(room.code)) return null;
  if (room.code !== 200) throw data({ message: room.message }, { status: room.code === 429 ? 429 : 503 });
  return { room: room.data };
}

export default function LiveWatch({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  return <LiveRoomPage key={loaderData.room.id} room={loaderData.room} />;
}
