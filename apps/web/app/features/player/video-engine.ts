import Player, { Events } from 'xgplayer';
import type { IPlayerOptions } from 'xgplayer';
import 'xgplayer/dist/index.min.css';
import type { VideoMaterial } from '@portal/contract/calls/study';
import type { Lang } from '../../lib/navigation.ts';

/**
 * The video players behind the course player and the preview dialog, loaded only where a video is
 * shown (dynamic import): xgplayer 3.0.24 for platform 4 (an MP4, or HLS through xgplayer-hls
 * 3.0.24 where the browser cannot play HLS itself), and Polyv's own player script for platform 1
 * (account-area.md section 9). Both are driven through one small interface.
 */
export interface VideoEngine {
  /** The element to put things over the video in (the watermark), also in full screen. */
  readonly root: HTMLElement;
  currentTime(): number;
  seek(seconds: number): void;
  pause(): void;
  destroy(): void;
}

export interface VideoEvents {
  play(): void;
  pause(): void;
  ended(): void;
  /** A seek began: the position it goes to. */
  seeking(target: number): void;
  seeked(position: number): void;
  timeupdate(position: number): void;
  error(): void;
}

export interface VideoOptions {
  material: VideoMaterial;
  /** Where to begin (seconds). */
  startTime: number;
  /** Speeds the speed menu offers. */
  speeds: number[];
  lang: Lang;
  /** An audio file rather than a video (rich-content audio in the preview). */
  audio?: boolean;
}

/** Polyv's player script, loaded on first use (platform 1). */
export const POLYV_SCRIPT = 'https://player.polyv.net/script/player.js';

/** Thrown when a platform-1 video cannot be played because Polyv's script did not load. */
export class PolyvUnavailable extends Error {
  constructor() {
    super('The Polyv player script could not be loaded');
    this.name = 'PolyvUnavailable';
  }
}

export class PlatformUnsupported extends Error {
  constructor(readonly platform: number) {
    super(`Video platform ${platform} is not supported`);
    this.name = 'PlatformUnsupported';
  }
}

/** Plays `options.material` in `el`; rejects with PolyvUnavailable or PlatformUnsupported. */
export async function createVideoEngine(el: HTMLElement, options: VideoOptions, events: VideoEvents) {
  const { vodPlatform } = options.material;
  if (vodPlatform === 4) return createXgPlayer(el, options, events);
  if (vodPlatform === 1) return createPolyvPlayer(el, options, events);
  throw new PlatformUnsupported(vodPlatform);
}

const isHls = (url: string) => /\.m3u8(?:$|[?#])/i.test(url);

async function createXgPlayer(el: HTMLElement, options: VideoOptions, events: VideoEvents): Promise<VideoEngine> {
  const url = options.material.vodPlayUrl;
  const plugins: IPlayerOptions['plugins'] = [];
  // HLS plays natively where the browser can (Safari, recent Chromium); elsewhere through MSE.
  if (isHls(url) && document.createElement('video').canPlayType('application/vnd.apple.mpegurl') === '') {
    const { HlsPlugin } = await import('xgplayer-hls');
    if (HlsPlugin.isSupported()) plugins.push(HlsPlugin);
  }
  const player = new Player({
    el,
    url,
    width: '100%',
    height: '100%',
    autoplay: false,
    videoInit: true,
    playsinline: true,
    lang: options.lang === 'en' ? 'en' : 'zh-cn',
    startTime: options.startTime > 0 ? options.startTime : 0,
    playbackRate: options.speeds.length > 0 ? options.speeds : false,
    defaultPlaybackRate: 1,
    ...(options.audio ? { mediaType: 'audio' } : {}),
    // Nothing that takes the video out of the page or out of the watermark's reach.
    ignores: ['download', 'screenshot', 'pip', 'miniscreen', 'rotate', 'playnext', 'cssfullscreen'],
    plugins,
  } as IPlayerOptions);
  const position = () => Number(player.currentTime) || 0;
  player.on(Events.PLAY, () => events.play());
  player.on(Events.PAUSE, () => events.pause());
  player.on(Events.ENDED, () => events.ended());
  player.on(Events.SEEKING, () => events.seeking(position()));
  player.on(Events.SEEKED, () => events.seeked(position()));
  player.on(Events.TIME_UPDATE, () => events.timeupdate(position()));
  player.on(Events.ERROR, () => events.error());
  return {
    root: player.root ?? el,
    currentTime: position,
    seek: (seconds) => {
      player.currentTime = seconds;
    },
    pause: () => player.pause(),
    destroy: () => player.destroy(),
  };
}

/** The part of Polyv's web player this page uses (dev.polyv.net, 播放器 JavaScript API). */
interface PolyvPlayer {
  on?(event: string, fn: (...args: unknown[]) => void): void;
  j2s_getCurrentTime?(): number;
  j2s_seekVideo?(seconds: number): void;
  j2s_pauseVideo?(): void;
  destroy?(): void;
}
type PolyvFactory = (options: Record<string, unknown>) => PolyvPlayer;

let polyvScript: Promise<PolyvFactory> | undefined;

/** Loads Polyv's script once (a failed load may be tried again by opening the video again). */
function loadPolyv(): Promise<PolyvFactory> {
  const existing = (window as unknown as { polyvPlayer?: PolyvFactory }).polyvPlayer;
  if (existing) return Promise.resolve(existing);
  polyvScript ??= new Promise<PolyvFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = POLYV_SCRIPT;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { polyvPlayer?: PolyvFactory }).polyvPlayer;
      if (factory) resolve(factory);
      else reject(new PolyvUnavailable());
    };
    script.onerror = () => reject(new PolyvUnavailable());
    document.head.append(script);
  }).catch((err: unknown) => {
    polyvScript = undefined;
    throw err;
  });
  return polyvScript;
}

async function createPolyvPlayer(el: HTMLElement, options: VideoOptions, events: VideoEvents): Promise<VideoEngine> {
  const polyvPlayer = await loadPolyv();
  const m = options.material;
  const wrap = document.createElement('div');
  wrap.id = `polyv-${Math.random().toString(36).slice(2)}`;
  wrap.className = 'portal-polyv-wrap';
  el.append(wrap);
  // Signed play (account-area.md section 3): playsafe token for PC, ts and sign for H5, the
  // viewer code for the provider's statistics; no autoplay, the course's speeds.
  const player = polyvPlayer({
    wrap: `#${wrap.id}`,
    width: '100%',
    height: '100%',
    vid: m.vid,
    playsafe: m.token,
    ts: m.ts,
    sign: m.sign,
    code: m.code,
    autoplay: false,
    watchStartTime: options.startTime > 0 ? options.startTime : 0,
    speed: options.speeds.length > 0 ? options.speeds : false,
    lang: options.lang === 'en' ? 'en' : 'zh_CN',
  });
  const position = () => Number(player.j2s_getCurrentTime?.()) || 0;
  player.on?.('s2j_onVideoPlay', () => events.play());
  player.on?.('s2j_onVideoPause', () => events.pause());
  player.on?.('s2j_onPlayOver', () => events.ended());
  // Polyv says a seek once it is done, with the position it went to (vid, then seconds).
  player.on?.('s2j_onVideoSeek', (...args: unknown[]) => {
    const target = Number(args[1] ?? args[0]);
    const at = Number.isFinite(target) ? target : position();
    events.seeking(at);
    events.seeked(at);
  });
  player.on?.('s2j_onPlayerError', () => events.error());
  const ticker = window.setInterval(() => events.timeupdate(position()), 500);
  return {
    root: wrap,
    currentTime: position,
    seek: (seconds) => player.j2s_seekVideo?.(seconds),
    pause: () => player.j2s_pauseVideo?.(),
    destroy: () => {
      window.clearInterval(ticker);
      player.destroy?.();
      wrap.remove();
    },
  };
}
