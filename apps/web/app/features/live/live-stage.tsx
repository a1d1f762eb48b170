import { useEffect, useRef, useState } from 'react';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { liveMessages } from './live-messages.ts';
import type { LiveEngine, LiveSource } from './live-engine.ts';

/** What the page hears from the player. */
export interface LiveStageHandlers {
  play?(): void;
  pause?(): void;
  ended?(): void;
}

const loadEngine = () => import('./live-engine.ts');

type Failure = 'format' | 'media';

/**
 * The room's video: the player library loads with it, never with the page. A renewed address of
 * what plays goes on in the same player (switchURL); a new stream or recording, or a renewed
 * address while paused, makes the player again.
 */
export function LiveStage({ source, handlers }: { source: LiveSource; handlers?: LiveStageHandlers }) {
  const t = useMessages(liveMessages);
  const lang = useLang();
  const host = useRef<HTMLDivElement>(null);
  const engine = useRef<LiveEngine | null>(null);
  const [ready, setReady] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  // What the player was made with; a renewed address switched in place does not make it again.
  const [made, setMade] = useState(source);
  const playingUrl = useRef(source.url);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (source.url === playingUrl.current && source.format === made.format && source.live === made.live) return;
    const e = engine.current;
    if (e && e.playing() && source.format === made.format && source.live === made.live) {
      playingUrl.current = source.url;
      e.switchUrl(source.url).catch((err: unknown) => console.error(err));
      return;
    }
    playingUrl.current = source.url;
    setMade(source);
  }, [source, made]);

  const key = JSON.stringify([made.url, made.format, made.live, lang]);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let gone = false;
    setFailure(null);
    setReady(false);
    const events = {
      play: () => latest.current?.play?.(),
      pause: () => latest.current?.pause?.(),
      ended: () => latest.current?.ended?.(),
      // A failed stream plays nothing: the page hears it stopped (nothing counts until it plays again).
      error: () => {
        setFailure('media');
        latest.current?.pause?.();
      },
    };
    void loadEngine()
      .then(async ({ createLiveEngine, FormatUnsupported }) => {
        try {
          const e = await createLiveEngine(el, made, lang, events);
          if (gone) return e.destroy();
          engine.current = e;
          setReady(true);
        } catch (err) {
          if (gone) return;
          setFailure(err instanceof FormatUnsupported ? 'format' : 'media');
          if (!(err instanceof FormatUnsupported)) console.error(err);
        }
      })
      .catch((err: unknown) => {
        // The player's module did not load (chunk-reload handles a new build).
        if (!gone) setFailure('media');
        console.error(err);
      });
    return () => {
      gone = true;
      const e = engine.current;
      engine.current = null;
      // A player taken away while it plays has stopped playing: the page hears it.
      if (e?.playing()) latest.current?.pause?.();
      e?.destroy();
    };
    // The player is made again only when what it plays changes (`key` holds all of it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const message = failure === 'format' ? t.formatUnsupported : failure ? t.mediaFailed : '';
  return (
    <div className="portal-video portal-live-video">
      <div ref={host} className="portal-video-host" />
      {!ready && !failure && <p className="portal-video-note">{t.loading}</p>}
      {message && (
        <p className="portal-video-note portal-video-failed" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
