import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CERTIFICATE_IMAGE_MAX_BYTES } from '@portal/contract';
import { isFileKey, type FileStorage } from '../../platform/storage.ts';

/** Where a template's pictures are read from. */
export interface CertificateImageSource {
  storage: FileStorage;
  /** The built web app's public files (the demo's background and a seal may be one of them). */
  publicDir: string;
}

/** PNG or JPEG by its first bytes. */
export function isPngOrJpeg(bytes: Buffer): boolean {
  const png = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  return png || jpeg;
}

/** The key of an uploaded picture's address (`/uploads/<key>`, a PNG or JPG), else null. */
export function uploadKeyOf(url: string): string | null {
  if (!url.startsWith('/uploads/')) return null;
  const key = url.slice('/uploads/'.length).split('?')[0]!;
  return isFileKey(key) && /\.(?:png|jpg)$/.test(key) ? key : null;
}

/** A file of the web app's public folder (`/certificates/background.png`), else null. */
export function publicFileOf(url: string, publicDir: string): string | null {
  if (!/^\/[\w./-]+\.(?:png|jpe?g)$/i.test(url)) return null;
  const file = path.join(publicDir, path.normalize(url));
  return file.startsWith(publicDir + path.sep) ? file : null;
}

/**
 * A template's picture (seal or background) as PNG or JPEG bytes: an uploaded picture
 * (`/uploads/<key>`), a file of the web app's public folder or a data URL; anything else
 * (another site's address, SVG, a file that is gone, one over CERTIFICATE_IMAGE_MAX_BYTES) is
 * null, and the certificate is printed without it (decisions 030 and 055).
 */
export async function certificateImage(url: string, src: CertificateImageSource): Promise<Buffer | null> {
  const u = url.trim();
  if (!u) return null;
  let bytes: Buffer | null = null;
  const data = /^data:image\/(?:png|jpeg);base64,([A-Za-z0-9+/=]+)$/.exec(u);
  const key = uploadKeyOf(u);
  const file = publicFileOf(u, src.publicDir);
  if (data) {
    bytes = Buffer.from(data[1]!, 'base64');
  } else if (key) {
    bytes = await src.storage.get(key).catch(() => null);
  } else if (file) {
    const size = await stat(file).then(
      (s) => s.size,
      () => null,
    );
    if (size !== null && size <= CERTIFICATE_IMAGE_MAX_BYTES) bytes = await readFile(file).catch(() => null);
  }
  if (!bytes || bytes.length > CERTIFICATE_IMAGE_MAX_BYTES) return null;
  return isPngOrJpeg(bytes) ? bytes : null;
}
