import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { pipeline } from 'node:stream/promises';
import { loadOrCreateSecret } from './secret-file.ts';

/** Where uploaded files are kept (DESIGN.md section 2: local folder by default). */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Writes what `source` gives into the file at `key` (made exports are streamed, never held in
   * memory), replacing a file there in one step: a reader finds the old file, the whole new one or
   * none, never part of one. Answers its size. When `source` fails, nothing is left.
   */
  putStream(key: string, source: Readable): Promise<number>;
  get(key: string): Promise<Buffer | null>;
  /** The file's size in bytes; null when it is gone. */
  size(key: string): Promise<number | null>;
  /** The file's size and a stream of it (large exports are never read into memory); null when gone. */
  open(key: string): Promise<{ size: number; stream: Readable } | null>;
  /** Removes the file (and what an interrupted `putStream` left of it); a file already gone is no error. */
  delete(key: string): Promise<void>;
}

/**
 * Keys are `<area>/<eid>/<random>.<ext>`: nothing a client sends becomes part of a path. Pictures
 * (avatars public, one-inch photos private), learner import files (private XLSX, read by the import
 * job, never linked) and export files (private, by signed link only). The
 * media library's files are `media/<eid>/<random>/<name>.<ext>` (a transcoded video's playlists,
 * segments and poster in one folder, so the playlists' relative links work; decision 041).
 */
const KEY =
  /^(?:(?:avatars|private)\/\d+\/[A-Za-z0-9_-]{16,64}\.(?:jpg|png|gif|webp|bmp)|private\/\d+\/[A-Za-z0-9_-]{16,64}\.(?:xlsx|pdf)|exports\/\d+\/[A-Za-z0-9_-]{16,64}\.(?:csv|xlsx)|media\/\d+\/[A-Za-z0-9_-]{16,64}\/[A-Za-z0-9_-]{1,64}\.(?:m3u8|ts|jpg|pdf|doc|docx|ppt|pptx|xls|xlsx))$/;

/** A new folder of the media library: `media/<eid>/<random>` (its files are `<folder>/<name>.<ext>`). */
export function newMediaFolder(eid: number): string {
  return `media/${eid}/${randomBytes(18).toString('base64url')}`;
}

export function newFileKey(area: 'avatars' | 'private' | 'exports', eid: number, ext: string): string {
  return `${area}/${eid}/${randomBytes(18).toString('base64url')}.${ext}`;
}

export function isFileKey(key: string): boolean {
  return KEY.test(key);
}

export class LocalStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    if (!isFileKey(key)) throw new Error(`not a file key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data, { flag: 'wx' });
  }

  async putStream(key: string, source: Readable): Promise<number> {
    const file = this.file(key);
    const part = `${file}.part`;
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await pipeline(source, createWriteStream(part));
      await rename(part, file);
    } catch (err) {
      await rm(part, { force: true });
      throw err;
    }
    return (await stat(file)).size;
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.file(key))).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async open(key: string): Promise<{ size: number; stream: Readable } | null> {
    const size = await this.size(key);
    return size === null ? null : { size, stream: createReadStream(this.file(key)) };
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await rm(file, { force: true });
    await rm(`${file}.part`, { force: true });
  }
}

export interface S3Settings {
  bucket: string;
  endpoint?: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** The S3 client of the settings (the storage's and the resumable uploads' store share them). */
export function s3ClientConfig(s: S3Settings): S3ClientConfig {
  return {
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
  };
}

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey ||
  err instanceof NotFound ||
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * The same files in an S3-compatible bucket (decision 041), chosen by S3_BUCKET. The object's key
 * is the file key. An object appears whole when its PUT ends, so `putStream` keeps its promise of
 * no partial file; the stream goes through a temporary file first, as S3 wants its length.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client(s3ClientConfig(settings));
  }

  private check(key: string): string {
    if (!isFileKey(key)) throw new Error(`not a file key: ${key}`);
    return key;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.check(key), Body: data }));
  }

  async putStream(key: string, source: Readable): Promise<number> {
    this.check(key);
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-s3-'));
    try {
      const file = path.join(dir, 'part');
      await pipeline(source, createWriteStream(file));
      const { size } = await stat(file);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Body: createReadStream(file),
          ContentLength: size,
        }),
      );
      return size;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const opened = await this.open(key);
    if (!opened) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.check(key) }),
      );
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async open(key: string): Promise<{ size: number; stream: Readable } | null> {
    try {
      const got = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.check(key) }));
      return { size: got.ContentLength ?? 0, stream: got.Body as Readable };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.check(key) }));
  }
}

/** The S3 settings of the configuration, or null when files stay in the local folder. */
export function s3SettingsOf(config: {
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
}): S3Settings | null {
  if (!config.S3_BUCKET) return null;
  return {
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

/**
 * Short-lived links to private files (one-inch photos): `/uploads/<key>?expires=…&sig=…`, the
 * signature an HMAC of key and expiry with a secret kept in URL_SIGNING_KEY_FILE.
 */
export class UrlSigner {
  private constructor(private readonly secret: Buffer) {}

  static async load(file: string): Promise<UrlSigner> {
    return new UrlSigner(await loadOrCreateSecret(file, 32));
  }

  private sig(key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest('base64url');
  }

  url(key: string, ttlMs = 10 * 60_000, now = Date.now()): string {
    const expires = Math.floor((now + ttlMs) / 1000);
    return `/uploads/${key}?expires=${expires}&sig=${this.sig(key, expires)}`;
  }

  /**
   * A tamper-proof, short-lived token carrying `data`, good only for its `purpose` (a registration
   * ticket, a third-party bind ticket…): the purpose is part of what is signed, so a token sealed
   * for one use never opens for another, nor passes as a signed URL.
   */
  seal(purpose: string, data: Record<string, string>, ttlMs: number, now = Date.now()): string {
    const body = Buffer.from(JSON.stringify({ ...data, exp: Math.floor((now + ttlMs) / 1000) })).toString('base64url');
    return `${body}.${this.sealSig(purpose, body)}`;
  }

  /** The data of a token sealed for `purpose`, or null (forged, for another purpose, expired). */
  unseal(purpose: string, token: string, now = Date.now()): Record<string, string> | null {
    const [body, sig] = token.split('.');
    if (!body || !sig) return null;
    const expected = Buffer.from(this.sealSig(purpose, body));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const data = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
      if (typeof data.exp !== 'number' || data.exp * 1000 < now) return null;
      const { exp: _exp, ...rest } = data;
      return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)]));
    } catch {
      return null;
    }
  }

  private sealSig(purpose: string, body: string): string {
    return createHmac('sha256', this.secret).update(`sealed\n${purpose}\n${body}`).digest('base64url');
  }

  verify(key: string, expires: string | undefined, sig: string | undefined, now = Date.now()): boolean {
    const at = Number(expires);
    if (!Number.isInteger(at) || at * 1000 < now || typeof sig !== 'string') return false;
    const expected = Buffer.from(this.sig(key, at));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
