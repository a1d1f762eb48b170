import { LiveState, liveStateLabels, type LiveStateValue } from '@portal/contract/calls/live';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { localePath, type Lang } from '../../lib/navigation.ts';
import { liveMessages } from './live-messages.ts';
import './live.css';

/** A live room's page (/live/watch?id=): the course's live periods and the search's cards link to it. */
export function livePath(roomId: number, lang: Lang): string {
  return `${localePath('/live/watch', lang)}?id=${roomId}`;
}

const STATE_CLASSES: Record<LiveStateValue, string> = {
  [LiveState.UPCOMING]: 'is-upcoming',
  [LiveState.LIVE]: 'is-live',
  [LiveState.ENDED]: 'is-ended',
  [LiveState.PLAYBACK]: 'is-playback',
};

const isLiveState = (state: number): state is LiveStateValue => state in STATE_CLASSES;

/** A room's state label: 预告, 直播中 (LIVE, with its pulsing dot), 已结束 or 回放. */
export function liveStateText(state: number, lang: Lang, liveBadge: string): string {
  if (state === LiveState.LIVE) return liveBadge;
  return isLiveState(state) ? liveStateLabels[state][lang] : '';
}

/** The state badge of a room (the room page, a course's live period, a search card). */
export function LiveStateTag({ state, className }: { state: number; className?: string }) {
  const t = useMessages(liveMessages);
  const lang = useLang();
  if (!isLiveState(state)) return null;
  return (
    <span className={`portal-live-state ${STATE_CLASSES[state]} ${className ?? ''}`.trim()} data-state={state}>
      {state === LiveState.LIVE && <span className="portal-live-dot" aria-hidden="true" />}
      {liveStateText(state, lang, t.liveBadge)}
    </span>
  );
}
