import type { MultipartFile } from '@fastify/multipart';
import type { Tx } from '@portal/db';
import { fileTypeFromBuffer } from 'file-type';
import { AVATAR_MAX_BYTES, ErrorCode, HEADSHOT_MAX_BYTES, RECEIPT_MAX_BYTES } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import { isFileKey, newFileKey, type FileStorage, type UrlSigner } from '../../platform/storage.ts';
import type { Platform } from '../../platform/platform.ts';
import { UploadRepository } from './upload.repository.ts';

export type UploadKind = 'avatar' | 'headshot' | 'receipt';

const RULES: Record<
  UploadKind,
  {
    field: string;
    maxBytes: number;
    area: 'avatars' | 'private';
    tooLarge: [string, string];
    wrongType: [string, string];
    /** Types taken besides JPG and PNG. */
    alsoPdf?: boolean;
  }
> = {
  avatar: {
    field: 'picFile',
    maxBytes: AVATAR_MAX_BYTES,
    area: 'avatars',
    tooLarge: ['上传头像图片大小不能超过 500kb！', 'The avatar image may be at most 500 KB!'],
    wrongType: ['上传头像图片只能是 JPG | JPEG | PNG 格式！', 'The avatar image must be JPG | JPEG | PNG!'],
  },
  headshot: {
    field: 'file',
    maxBytes: HEADSHOT_MAX_BYTES,
    area: 'private',
    tooLarge: ['文件大小不能超过1024KB', 'The file may be at most 1024 KB'],
    wrongType: ['请上传JPG、JPEG、PNG格式的文件', 'Please upload a JPG, JPEG or PNG file'],
  },
  // A bank transfer's receipt (decision 057): a photo, a screenshot or the bank's PDF.
  receipt: {
    field: 'file',
    maxBytes: RECEIPT_MAX_BYTES,
    area: 'private',
    tooLarge: ['转账凭证不能超过 5MB', 'The receipt may be at most 5 MB'],
    wrongType: ['转账凭证须为 JPG、PNG 或 PDF 文件', 'The receipt must be a JPG, PNG or PDF file'],
    alsoPdf: true,
  },
};

/** How long an upload nothing uses is kept (a registration form left open, a dialog not saved). */
export const UNCLAIMED_TTL_MS = 24 * 60 * 60_000;

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/**
 * Uploaded pictures (issue 3): the one file part of the request, its size limited while it is read
 * and its type taken from its content (file-type), never from its name or the browser's word;
 * stored under a random key of the enterprise.
 */
export class UploadService {
  constructor(
    private readonly storage: FileStorage,
    private readonly signer: UrlSigner,
    private readonly ledger: UploadRepository,
  ) {}

  async accept(
    next: (options: { limits: { fileSize: number; files: number } }) => Promise<MultipartFile | undefined>,
    kind: UploadKind,
    eid: number,
    accountId: number | null,
  ): Promise<{ key: string }> {
    const rule = RULES[kind];
    const fail = (code: typeof ErrorCode.BAD_INPUT | typeof ErrorCode.PAYLOAD_TOO_LARGE, [zh, en]: [string, string]) =>
      new AppError(code, { message: { zh, en } });
    let part: MultipartFile | undefined;
    try {
      part = await next({ limits: { fileSize: rule.maxBytes, files: 1 } });
    } catch {
      part = undefined;
    }
    if (!part || part.fieldname !== rule.field) {
      throw fail(ErrorCode.BAD_INPUT, [
        '参数错误：请选择要上传的文件',
        'Invalid input: please choose a file to upload',
      ]);
    }
    let data: Buffer;
    try {
      data = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw fail(ErrorCode.PAYLOAD_TOO_LARGE, rule.tooLarge);
      throw err;
    }
    const type = await fileTypeFromBuffer(data);
    const ext = type
      ? (EXTENSIONS[type.mime] ?? (rule.alsoPdf && type.mime === 'application/pdf' ? 'pdf' : undefined))
      : undefined;
    if (!ext) throw fail(ErrorCode.BAD_INPUT, rule.wrongType);
    const key = newFileKey(rule.area, eid, ext);
    await this.storage.put(key, data);
    await this.ledger.record({ key, eid, accountId, size: data.length });
    return { key };
  }

  /** The public address of an avatar key. */
  publicUrl(key: string): string {
    return `/uploads/${key}`;
  }

  signedUrl(key: string): string {
    return this.signer.url(key);
  }

  /** Whether this person (null: someone registering) may use the upload in this enterprise. */
  async usable(key: string, eid: number, accountId: number | null): Promise<boolean> {
    return isFileKey(key) && (await this.ledger.usable(key, eid, accountId));
  }

  /**
   * The account uses the upload from now on (a profile or registration saved with it); false when
   * it may not, or the upload is gone (unclaimed for a day).
   */
  claim(key: string, eid: number, accountId: number, uploader: number | null, now = new Date()): Promise<boolean> {
    return isFileKey(key) ? this.ledger.claim(key, eid, accountId, uploader, now) : Promise.resolve(false);
  }

  /**
   * The site uses the upload from now on (a lecturer's photo the back office saved), in the caller's
   * transaction; false when the administrator did not upload it or it is gone.
   */
  claimForSite(tx: Tx, key: string, eid: number, uploader: number, now = new Date()): Promise<boolean> {
    return isFileKey(key) ? UploadRepository.claimForSite(tx, key, eid, uploader, now) : Promise.resolve(false);
  }

  /** The key of an address `publicUrl` made (`/uploads/<key>`), else null. */
  keyOfPublicUrl(url: string): string | null {
    return url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : null;
  }

  /** Uploads no longer used (a picture replaced): deleted once unused for UNCLAIMED_TTL_MS. */
  release(keys: Array<string | null | undefined>, now = new Date()): Promise<void> {
    return this.ledger.release(
      keys.filter((k): k is string => !!k && isFileKey(k)),
      now,
    );
  }

  /** A registration's photo, held before the account exists; false when it may not be used. */
  reserveForRegistration(key: string, eid: number, now = new Date()): Promise<boolean> {
    return isFileKey(key) ? this.ledger.reserve(key, eid, now) : Promise.resolve(false);
  }

  /** The new account owns the photo its registration reserved. */
  assign(key: string, accountId: number): Promise<void> {
    return this.ledger.assign(key, accountId);
  }

  /** Everything an account uploaded or uses (collected before the account is removed). */
  keysOf(accountId: number): Promise<string[]> {
    return this.ledger.keysOf(accountId);
  }

  /** Deletes files and their records at once (a cancelled account's pictures). */
  async deleteNow(keys: string[]): Promise<void> {
    await this.ledger.forget(keys);
    for (const key of keys) await this.storage.delete(key);
  }

  /**
   * Deletes the files of uploads unclaimed for UNCLAIMED_TTL_MS (registrations given up, pictures
   * replaced, dialogs not saved), in batches; returns how many. Whatever uploads a file must claim
   * it (claim, reserveForRegistration) or it is gone after a day.
   */
  async sweep(now = new Date()): Promise<number> {
    let removed = 0;
    for (;;) {
      const keys = await this.ledger.takeUnclaimed(new Date(now.getTime() - UNCLAIMED_TTL_MS), 200);
      for (const key of keys) await this.storage.delete(key);
      removed += keys.length;
      if (keys.length < 200) return removed;
    }
  }
}

/** The one upload service of a platform (profile, registration and housekeeping use it too). */
export const uploadServiceOf = (p: Platform): UploadService => p.shared(buildUploadService);
const buildUploadService = (p: Platform) =>
  new UploadService(p.storage, p.signer, new UploadRepository(p.db, p.systemDb));
