/**
 * The upload module's front door (issue 19 item 6): the uploads ledger's service, which the
 * account, registration and profile modules claim files through and housekeeping sweeps.
 */
export { uploadServiceOf, type UploadService } from './upload.service.ts';
