import { createHash, randomBytes } from 'node:crypto';

/**
 * Signed play and push addresses of the live providers (decision 060). Each is good until
 * `expires` (Unix seconds) and cannot be altered without the key:
 * - Aliyun (URL authentication type A): `auth_key={expires}-{rand}-{uid}-md5("{uri}-{expires}-{rand}-{uid}-{key}")`.
 * - Tencent (hotlink protection): `txSecret=md5(key + streamName + txTime)`, `txTime` the expiry in hex.
 * - A self-hosted node-media-server (its `auth` option): `sign={expires}-md5("/{app}/{stream}-{expires}-{secret}")`.
 */
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Where an address goes: the scheme and host, the application and the stream. */
export interface StreamPlace {
  base: string;
  app: string;
  stream: string;
}

const trimBase = (base: string) => base.replace(/\/+$/, '');
const withScheme = (domain: string) => (/^[a-z]+:\/\//i.test(domain) ? domain : `https://${domain}`);

export function aliyunPlayUrl(place: StreamPlace, key: string, expires: number, uid = '0'): string {
  const uri = `/${place.app}/${place.stream}.m3u8`;
  const rand = randomBytes(8).toString('hex');
  const hash = md5(`${uri}-${expires}-${rand}-${uid}-${key}`);
  return `${trimBase(withScheme(place.base))}${uri}?auth_key=${expires}-${rand}-${uid}-${hash}`;
}

export function tencentPlayUrl(place: StreamPlace, key: string, expires: number): string {
  const txTime = expires.toString(16).toUpperCase();
  const txSecret = md5(`${key}${place.stream}${txTime}`);
  return `${trimBase(withScheme(place.base))}/${place.app}/${place.stream}.m3u8?txSecret=${txSecret}&txTime=${txTime}`;
}

/** node-media-server's sign of one stream path (play and publish use the same). */
export function mediaServerSign(app: string, stream: string, secret: string, expires: number): string {
  return `${expires}-${md5(`/${app}/${stream}-${expires}-${secret}`)}`;
}

/**
 * The own media server's addresses: `pushBase` rtmp://host/app and `playBase` http(s)://host/app,
 * the stream key appended; signed when a secret is set (node-media-server's `auth.play` and
 * `auth.publish`).
 */
export function mediaServerUrl(base: string, stream: string, secret: string, expires: number, ext = ''): string {
  const trimmed = trimBase(base);
  const app = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  const url = `${trimmed}/${stream}${ext}`;
  return secret ? `${url}?sign=${mediaServerSign(app, stream, secret, expires)}` : url;
}

/** A stream key nobody can guess. */
export const newStreamKey = () => randomBytes(12).toString('hex');
