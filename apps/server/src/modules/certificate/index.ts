/**
 * The certificate module's front door: the PDF maker with Chinese fonts, for other documents the
 * portal prints (invoices, decision 057). Nothing else of this folder is for other modules.
 */
export { newChinesePdf } from './certificate-pdf.ts';
