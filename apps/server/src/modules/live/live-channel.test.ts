import { describe, expect, it } from 'vitest';
import { CHANNEL_WINDOW, livePlaylist, parsePlaylist, resolveUri } from './live-channel.ts';
import { aliyunPlayUrl, mediaServerSign, tencentPlayUrl } from './live-urls.ts';
import { createHash } from 'node:crypto';

const VOD =
  '#EXTM3U\n#EXT-X-TARGETDURATION:5\n#EXTINF:5.000000,\nsegment-0.ts\n#EXTINF:5.000000,\nsegment-1.ts\n#EXTINF:4.5,\nsegment-2.ts\n#EXT-X-ENDLIST\n';
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('the channel playlist', () => {
  const { segments } = parsePlaylist(VOD, '/demo/media/lecture/index.m3u8') as ReturnType<typeof parsePlaylist> & {
    segments: { duration: number; uri: string }[];
  };

  it('reads a VOD playlist’s segments with their addresses, and a master playlist’s first rendition', () => {
    expect(segments.map((s) => s.uri)).toEqual([
      '/demo/media/lecture/segment-0.ts',
      '/demo/media/lecture/segment-1.ts',
      '/demo/media/lecture/segment-2.ts',
    ]);
    const master = parsePlaylist(
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n720p/index.m3u8\n',
      '/uploads/media/1/abc/master.m3u8',
    );
    expect(master.variant).toBe('/uploads/media/1/abc/720p/index.m3u8');
    expect(resolveUri('https://cdn.example.com/a/b.m3u8', 'c.ts')).toBe('https://cdn.example.com/a/c.ts');
  });

  it('slides with the clock: the media sequence advances, no end tag while live, a discontinuity where the loop starts over', () => {
    const epoch = 1_000_000;
    const first = livePlaylist(segments, epoch, epoch + 2000, false);
    expect(first).toContain('#EXT-X-MEDIA-SEQUENCE:0');
    expect(first).not.toContain('#EXT-X-ENDLIST');
    expect(first.match(/#EXTINF/g)).toHaveLength(1);
    // 31 s in: two loops of 14.5 s (29 s) and 2 s into the third: segment 6 is the live edge.
    const later = livePlaylist(segments, epoch, epoch + 31_000, false);
    expect(later).toContain(`#EXT-X-MEDIA-SEQUENCE:${6 - CHANNEL_WINDOW + 1}`);
    expect(later).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:1');
    expect(later.match(/#EXT-X-DISCONTINUITY\n/g)).toHaveLength(1);
    expect(later.trim().split('\n').at(-1)).toBe('/demo/media/lecture/segment-0.ts');
    const ended = livePlaylist(segments, epoch, epoch + 31_000, true);
    expect(ended.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });
});

describe('signed play addresses', () => {
  it('signs Aliyun (type A), Tencent and node-media-server addresses as each provider checks them', () => {
    const ali = new URL(aliyunPlayUrl({ base: 'play.example.com', app: 'live', stream: 's1' }, 'k', 1900000000));
    const [ts, rand, uid, hash] = ali.searchParams.get('auth_key')!.split('-');
    expect(ts).toBe('1900000000');
    expect(hash).toBe(md5(`/live/s1.m3u8-1900000000-${rand}-${uid}-k`));
    const tx = new URL(tencentPlayUrl({ base: 'https://t.example.com', app: 'live', stream: 's1' }, 'k', 1900000000));
    expect(tx.searchParams.get('txTime')).toBe((1900000000).toString(16).toUpperCase());
    expect(tx.searchParams.get('txSecret')).toBe(md5(`ks1${(1900000000).toString(16).toUpperCase()}`));
    expect(mediaServerSign('live', 's1', 'secret', 1900000000)).toBe(`1900000000-${md5('/live/s1-1900000000-secret')}`);
  });
});
