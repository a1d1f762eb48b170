import type { ExportRecord, ExportStatusValue } from '@portal/contract';
import type { ExportRecordRow } from './export-record.repository.ts';

/** A stored export record as the contract shows it (the storage key never leaves the server). */
export const presentExportRecord = (row: ExportRecordRow): ExportRecord => ({
  id: row.id,
  fileName: row.fileName,
  fileSize: row.fileSize,
  gmtCreate: row.createdAt.toISOString(),
  exportStatus: row.exportStatus as ExportStatusValue,
});
