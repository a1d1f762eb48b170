import { useEffect, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import type { TopicItem } from '@portal/contract/calls/topic';
import { request } from '../../lib/api.ts';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { basePath, type Lang } from '../../lib/navigation.ts';
import { useSite } from '../../lib/root-data.ts';
import { topicMessages, topicPath } from '../../features/topic/topic-messages.ts';
import { Disclosure } from '../disclosure.tsx';
import { DownIcon } from '../icons.tsx';

type TopicsState = { status: 'loading' } | { status: 'done'; topics: TopicItem[] } | { status: 'failed' };

/**
 * The topics of the submenu, per enterprise and language: loaded the first time the submenu opens
 * and kept for the page's life (decision 016), so no page load waits for them. A failed load is
 * tried again at the next opening. Data kept for the page's life and shared by every mount is a
 * module store read with useSyncExternalStore (like lib/unread.ts), not useCall (decision 018).
 */
const states = new Map<string, TopicsState>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

function loadTopics(key: string): void {
  const state = states.get(key);
  if (state && state.status !== 'failed') return;
  states.set(key, { status: 'loading' });
  emit();
  // The call's zod schema stays out of the first load: it comes with the first opening.
  import('@portal/contract/calls/topic')
    .then(({ findTopics }) => request(findTopics, {}, { quiet: true }))
    .then(
      (topics) => states.set(key, { status: 'done', topics }),
      () => states.set(key, { status: 'failed' }),
    )
    .finally(emit);
}

const LOADING: TopicsState = { status: 'loading' };

/** Rendered while the submenu is open (the disclosure mounts its panel only then). */
function TopicPanel({ storeKey, lang }: { storeKey: string; lang: Lang }) {
  const t = useMessages(topicMessages);
  const { pathname } = useLocation();
  const current = basePath(pathname);
  useEffect(() => loadTopics(storeKey), [storeKey]);
  const state = useSyncExternalStore(
    subscribe,
    () => states.get(storeKey) ?? LOADING,
    () => LOADING,
  );
  if (state.status !== 'done' || state.topics.length === 0) {
    const text = state.status === 'loading' ? t.loading : state.status === 'failed' ? t.failed : t.empty;
    return (
      <p className="portal-nav-topic-note" role="status">
        {text}
      </p>
    );
  }
  return (
    <ul className="portal-nav-more-list">
      {state.topics.map((topic) => {
        const active = current === `/topic/cate/${topic.id}`;
        return (
          <li key={topic.id}>
            <Link
              className={active ? 'portal-nav-more-link is-active' : 'portal-nav-more-link'}
              to={topicPath(topic.id, lang)}
              aria-current={active ? 'page' : undefined}
            >
              {topic.name}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A signed-in learner's topic item of the navigation (account-area.md section 2, "Header and
 * navigation"): a submenu of the enterprise's topics, each going to /topic/cate/{id}; 暂无专题课程
 * when there are none. Visitors get a plain link to /login instead (nav-link.tsx).
 */
export function TopicMenu({ name, active, className }: { name: string; active: boolean; className: string }) {
  const lang = useLang();
  const { website } = useSite();
  return (
    <Disclosure
      className="portal-nav-more-wrap portal-nav-topic"
      buttonClassName={`${className} portal-nav-more${active ? ' is-active' : ''}`}
      panelClassName="portal-nav-more-panel"
      button={
        <>
          {name}
          <DownIcon className="portal-nav-more-icon" />
        </>
      }
    >
      <TopicPanel storeKey={`${website.eid}:${lang}`} lang={lang} />
    </Disclosure>
  );
}
