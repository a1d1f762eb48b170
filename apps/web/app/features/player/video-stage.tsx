import { useEffect, useRef, useState } from 'react';
import type { VideoMaterial } from '@portal/contract/calls/study';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { playerMessages } from './player-messages.ts';
import type { SeekGuard } from './seek-guard.ts';
import type { VideoEngine } from './video-engine.ts';
import { mountWatermark } from './watermark.ts';

/** What the page hears from the video. */
export interface VideoHandlers {
  play?(): void;
  pause?(): void;
  ended?(): void;
  /** A seek ended at `position`; the video was at `from` before it (its last time update). */
  seeked?(position: number, from: number): void;
  timeupdate?(position: number): void;
  /** A seek past the furthest point was sent back there (before the period is complete). */
  seekRefused?(): void;
}

interface VideoStageProps {
  material: VideoMaterial;
  startTime: number;
  speeds: number[];
  /** Text of the moving watermark ('' for none). */
  watermark?: string;
  /** Keeps seeks within what the learner has reached; none: seeking is free (the preview). */
  guard?: SeekGuard;
  handlers?: VideoHandlers;
  /** The engine, once the video is ready (the page pauses or seeks it); null when it goes. */
  onEngine?(engine: StageEngine | null): void;
  audio?: boolean;
  className?: string;
}

/** The video as the page drives it. */
export interface StageEngine extends VideoEngine {
  /**
   * Goes back to a position the server set (its furthest point after 8011): the seek is reported
   * as starting there, not where the video was (a position the server refused).
   */
  reset(seconds: number): void;
}

type Failure = 'polyv' | 'platform' | 'media';

const loadEngine = () => import('./video-engine.ts');

/**
 * One video (course player and preview): the player library loads with it, never with the page.
 * No autoplay, the given speeds, the watermark over it, seeks kept within `guard`.
 */
export function VideoStage({
  material,
  startTime,
  speeds,
  watermark = '',
  guard,
  handlers,
  onEngine,
  audio,
  className,
}: VideoStageProps) {
  const t = useMessages(playerMessages);
  const lang = useLang();
  const host = useRef<HTMLDivElement>(null);
  // The layer over the video the watermark goes in, once the player is ready.
  const [layer, setLayer] = useState<HTMLElement | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  // The latest callbacks, read by the player's listeners (the player is made once).
  const latest = useRef({ handlers, guard, onEngine });
  useEffect(() => {
    latest.current = { handlers, guard, onEngine };
  });
  const key = JSON.stringify([material, startTime, speeds, lang, audio]);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let made: VideoEngine | null = null;
    let over: HTMLElement | null = null;
    let gone = false;
    // Where the video was at its last time update before a seek began: the seek starts from there.
    let playedAt = startTime;
    let seekFrom: number | null = null;
    setFailure(null);
    const events = {
      play: () => latest.current.handlers?.play?.(),
      pause: () => latest.current.handlers?.pause?.(),
      ended: () => latest.current.handlers?.ended?.(),
      seeking: (target: number) => {
        seekFrom ??= playedAt;
        const back = latest.current.guard?.check(target);
        if (back === null || back === undefined || !made) return;
        made.seek(back);
        latest.current.handlers?.seekRefused?.();
      },
      seeked: (position: number) => {
        const from = seekFrom ?? playedAt;
        seekFrom = null;
        playedAt = position;
        latest.current.guard?.jumped(position);
        latest.current.handlers?.seeked?.(position, from);
      },
      timeupdate: (position: number) => {
        if (seekFrom === null) playedAt = position;
        latest.current.guard?.played(position);
        latest.current.handlers?.timeupdate?.(position);
      },
      error: () => setFailure('media'),
    };
    void loadEngine()
      .then(async ({ createVideoEngine, PolyvUnavailable, PlatformUnsupported }) => {
        try {
          const e = await createVideoEngine(el, { material, startTime, speeds, lang, audio: audio ?? false }, events);
          if (gone) {
            e.destroy();
            return;
          }
          made = e;
          over = document.createElement('div');
          over.className = 'portal-watermark-layer';
          e.root.append(over);
          setLayer(over);
          latest.current.onEngine?.({
            ...e,
            reset: (seconds) => {
              seekFrom = seconds;
              playedAt = seconds;
              e.seek(seconds);
            },
          });
        } catch (err) {
          if (gone) return;
          if (err instanceof PolyvUnavailable) setFailure('polyv');
          else if (err instanceof PlatformUnsupported) setFailure('platform');
          else {
            setFailure('media');
            console.error(err);
          }
        }
      })
      .catch((err: unknown) => {
        // The player's module did not load (chunk-reload handles a new build).
        if (!gone) setFailure('media');
        console.error(err);
      });
    return () => {
      gone = true;
      latest.current.onEngine?.(null);
      made?.destroy();
      over?.remove();
      made = null;
      setLayer(null);
    };
    // The player is made again only when what it plays changes (`key` holds all of it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => (layer && watermark ? mountWatermark(layer, watermark) : undefined), [layer, watermark]);

  const message =
    failure === 'polyv' ? t.polyvFailed : failure === 'platform' ? t.platformUnsupported : failure ? t.mediaFailed : '';
  return (
    <div className={`portal-video ${className ?? ''}`}>
      <div ref={host} className="portal-video-host" />
      {!layer && !failure && <p className="portal-video-note">{t.loading}</p>}
      {message && (
        <p className="portal-video-note portal-video-failed" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
