import path from 'node:path';
import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { DEFAULT_WEB_BUILD } from '../../platform/web.ts';
import { holderOf } from './certificate.policy.ts';
import { CertificateTemplateAdmin } from './certificate-template-admin.ts';
import { CertificateTemplateAdminRepository } from './certificate-template-admin.repository.ts';
import { CertificateRepository } from './certificate.repository.ts';
import { CERTIFICATE_PDF_PATH, CertificateService } from './certificate.service.ts';

/**
 * Certificates (issue 13 item 6, decision 030): the learner's list and download link, the PDF the
 * link opens, and the public check of /certificate/query (public on every site, visitor mode or
 * not; by number only with its check code; limited per address like the other public look-ups).
 * Issuing is the earning module's (`earnOnce`), called by the exam's marking in its transaction.
 */
export default defineModule({
  name: 'certificate',
  register(gateway, platform) {
    const publicDir = path.join(DEFAULT_WEB_BUILD, 'client');
    const s = new CertificateService({
      repo: new CertificateRepository(platform.db),
      site: platform.site,
      captchas: platform.captchas,
      cipher: platform.cipher,
      vault: platform.vault,
      signer: platform.signer,
      storage: platform.storage,
      publicDir,
    });
    // The back office's templates and their designer (decision 055).
    const templates = new CertificateTemplateAdmin(
      new CertificateTemplateAdminRepository(platform.db),
      s,
      platform.site,
      { storage: platform.storage, publicDir },
    );
    gateway.call(calls.findAdminCertificateTemplates, (q, ctx) => templates.templates(ctx.eid, q));
    gateway.call(calls.viewCertificateTemplate, (q, ctx) => templates.template(ctx.eid, q.id));
    gateway.call(calls.createCertificateTemplate, (q, ctx) => templates.create(ctx, q));
    gateway.call(calls.editCertificateTemplate, ({ id, ...form }, ctx) => templates.edit(ctx, id, form));
    gateway.call(calls.deleteCertificateTemplate, (q, ctx) => templates.remove(ctx, q.id));
    gateway.call(calls.previewCertificateTemplate, (q, ctx) =>
      templates.preview(ctx, q, { protocol: ctx.req.protocol, host: ctx.req.host }),
    );
    gateway.call(calls.findMyCertificates, (q, ctx) => s.findMyCertificates(holderOf(ctx.session), q));
    gateway.call(calls.getCertificateDownloadUrl, (q, ctx) => s.getDownloadUrl(holderOf(ctx.session), q.id));
    gateway.call(calls.queryCertificate, async (q, ctx) => s.queryCertificate(await ctx.eid(), q), {
      perMinute: platform.perMinute,
    });

    // The PDF of a download link: saved, never shown in the page, never kept by a cache.
    gateway.app.get(CERTIFICATE_PDF_PATH, async (req, reply) => {
      const { ticket } = req.query as { ticket?: string };
      const made =
        typeof ticket === 'string' ? await s.pdfOf(ticket, { protocol: req.protocol, host: req.host }) : null;
      if (!made)
        return reply
          .status(404)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send('Not found');
      const ascii = made.fileName.replace(/[^\x20-\x7e]+/g, '').replace(/["\\]/g, '') || 'certificate.pdf';
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', made.pdf.length)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(made.fileName)}`,
        )
        .header('cache-control', 'no-store')
        .send(made.pdf);
    });
  },
});
