import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/server';
import { mediaUploadDir, type Config } from '../../platform/config.ts';
import { s3ClientConfig, s3SettingsOf } from '../../platform/storage.ts';
import { MEDIA_DOCUMENT_EXTENSIONS, MEDIA_VIDEO_EXTENSIONS, type MaterialKind } from '@portal/contract';

/** Resumable uploads left unfinished this long are removed (the tus expiration extension). */
export const UPLOAD_EXPIRY_MS = 7 * 24 * 3600_000;

/** The kind of material a file name makes (by its extension), or null when not taken. */
export function kindOfFile(fileName: string): { kind: MaterialKind; ext: string } | null {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  if (!fileName.includes('.')) return null;
  if ((MEDIA_VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return { kind: 1, ext };
  if ((MEDIA_DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) return { kind: 2, ext };
  return null;
}

/**
 * Where resumable uploads are kept until they are finished and used (decision 041): the local
 * tus file store by default, an S3 multipart upload with S3_BUCKET. The transcoding job reads a
 * finished upload as a local file (`copyTo`), then removes it.
 */
export interface UploadSources {
  store: DataStore;
  /** Writes the finished upload `id` to the local file `file`. */
  copyTo(id: string, file: string): Promise<void>;
  /** A stream of the finished upload `id`. */
  read(id: string): Promise<Readable>;
  remove(id: string): Promise<void>;
}

export function uploadSourcesOf(config: Config): UploadSources {
  const s3 = s3SettingsOf(config);
  let store: DataStore;
  let read: (id: string) => Promise<Readable>;
  if (s3) {
    store = new S3Store({
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
      s3ClientConfig: { bucket: s3.bucket, ...s3ClientConfig(s3) },
    });
    const client = new S3Client(s3ClientConfig(s3));
    read = async (id) => {
      const got = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: id }));
      return got.Body as Readable;
    };
  } else {
    const fileStore = new FileStore({
      directory: mediaUploadDir(config),
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    });
    store = fileStore;
    read = async (id) => fileStore.read(id) as Readable;
  }
  return {
    store,
    read,
    async copyTo(id, file) {
      await mkdir(path.dirname(file), { recursive: true });
      await pipeline(await read(id), createWriteStream(file));
    },
    async remove(id) {
      await store.remove(id).catch(() => {});
    },
  };
}
