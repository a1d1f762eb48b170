import { ErrorCode, toPage, pageOffset } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import { isFileKey, type FileStorage, type UrlSigner } from '../../platform/storage.ts';
import { authorizeDownload, type Owner } from './export-record.policy.ts';
import { presentExportRecord } from './export-record.presenter.ts';
import type { ExportRecordRepository } from './export-record.repository.ts';

/** How long a download link works. */
export const DOWNLOAD_LINK_TTL_MS = 5 * 60_000;

/**
 * A learner's export records (decision 015): listed newest first, deleted one by one or all at
 * once (their files with them), and a finished one downloaded through a short-lived signed link
 * to private storage. Another person's or enterprise's record is as unknown as a missing one.
 */
export class ExportRecordService {
  constructor(
    private readonly repo: ExportRecordRepository,
    private readonly storage: FileStorage,
    private readonly signer: UrlSigner,
  ) {}

  async findExportRecords(o: Owner, q: { pageCurrent: number; pageSize: number }) {
    const { rows, total } = await this.repo.findExportRecords(
      o.eid,
      o.accountId,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return toPage(rows.map(presentExportRecord), total, q.pageCurrent, q.pageSize);
  }

  async deleteExportRecord(o: Owner, id: number): Promise<null> {
    const key = await this.repo.deleteExportRecord(o.eid, o.accountId, id);
    if (key === null) throw new AppError(ErrorCode.NOT_FOUND);
    if (key && isFileKey(key)) await this.storage.delete(key);
    return null;
  }

  async deleteAllExportRecords(o: Owner): Promise<null> {
    const keys = await this.repo.deleteAllExportRecords(o.eid, o.accountId);
    for (const key of keys) if (isFileKey(key)) await this.storage.delete(key);
    return null;
  }

  async getExportDownloadUrl(o: Owner, id: number) {
    const row = authorizeDownload(await this.repo.viewExportRecord(o.eid, o.accountId, id));
    // Done, but its file is gone (removed by hand, storage lost): nothing to link to.
    const key = row.storageKey ?? '';
    if (!isFileKey(key) || (await this.storage.size(key)) === null) throw new AppError(ErrorCode.NOT_FOUND);
    return { url: this.signer.url(key, DOWNLOAD_LINK_TTL_MS), fileName: row.fileName };
  }
}
