import Player, { Events } from 'xgplayer';
import type { IPlayerOptions } from 'xgplayer';
import 'xgplayer/dist/index.min.css';
import type { LiveRoom } from '@portal/contract/calls/live';
import type { Lang } from '../../lib/navigation.ts';

/**
 * The room's player, loaded only on the room page (dynamic import): xgplayer 3.0.24 with
 * xgplayer-hls for an HLS stream or recording where the browser cannot play HLS itself,
 * xgplayer-flv for HTTP-FLV (a lecturer's own media server), and the video element itself for an
 * MP4 recording. A live stream plays with `isLive`: no progress bar, nothing to seek ahead of the
 * live edge; the recording is an ordinary video.
 */
export interface LiveSource {
  url: string;
  format: NonNullable<LiveRoom['play']>['format'];
  /** The live stream (true) or the recording (false). */
  live: boolean;
}

export interface LiveEngine {
  /** The element to put things over the video in, also in full screen. */
  readonly root: HTMLElement;
  /** The video plays (not paused, not ended). */
  playing(): boolean;
  pause(): void;
  /** Goes on from a renewed address of the same stream or recording. */
  switchUrl(url: string): Promise<void>;
  destroy(): void;
}

export interface LiveEngineEvents {
  play(): void;
  pause(): void;
  ended(): void;
  error(): void;
}

/** Thrown when the browser cannot play the stream's format (HTTP-FLV needs Media Source Extensions). */
export class FormatUnsupported extends Error {
  constructor(readonly format: string) {
    super(`The browser cannot play ${format}`);
    this.name = 'FormatUnsupported';
  }
}

/** Speeds of the recording's menu (the live stream has none). */
const PLAYBACK_SPEEDS = [0.75, 1, 1.25, 1.5, 2];

export async function createLiveEngine(
  el: HTMLElement,
  source: LiveSource,
  lang: Lang,
  events: LiveEngineEvents,
): Promise<LiveEngine> {
  const plugins: IPlayerOptions['plugins'] = [];
  if (source.format === 'flv') {
    const { FlvPlugin } = await import('xgplayer-flv');
    if (!FlvPlugin.isSupported()) throw new FormatUnsupported('flv');
    plugins.push(FlvPlugin);
  } else if (source.format === 'hls') {
    // HLS through MSE (xgplayer-hls) wherever the browser has it: Chromium's own HLS playback
    // fails now and then on a live playlist's sliding window (DEMUXER_ERROR_COULD_NOT_PARSE).
    // Natively only where there is no MSE (iOS Safari).
    const { HlsPlugin } = await import('xgplayer-hls');
    if (HlsPlugin.isSupported()) plugins.push(HlsPlugin);
    else if (document.createElement('video').canPlayType('application/vnd.apple.mpegurl') === '') {
      throw new FormatUnsupported('hls');
    }
  }
  const player = new Player({
    el,
    url: source.url,
    width: '100%',
    height: '100%',
    isLive: source.live,
    autoplay: false,
    videoInit: true,
    playsinline: true,
    lang: lang === 'en' ? 'en' : 'zh-cn',
    playbackRate: source.live ? false : PLAYBACK_SPEEDS,
    defaultPlaybackRate: 1,
    // Nothing that takes the video out of the page.
    ignores: ['download', 'screenshot', 'pip', 'miniscreen', 'rotate', 'playnext', 'cssfullscreen'],
    plugins,
  } as IPlayerOptions);
  player.on(Events.PLAY, () => events.play());
  player.on(Events.PAUSE, () => events.pause());
  player.on(Events.ENDED, () => events.ended());
  player.on(Events.ERROR, () => events.error());
  return {
    root: player.root ?? el,
    playing: () => !player.paused && !player.ended,
    pause: () => player.pause(),
    switchUrl: async (url) => {
      await player.switchURL(url);
    },
    destroy: () => player.destroy(),
  };
}
