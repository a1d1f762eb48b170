import {
  CERTIFICATE_IMAGE_MAX_BYTES,
  certificateLayout,
  DEFAULT_CERTIFICATE_LAYOUTS,
  ErrorCode,
  pageOffset,
  toPage,
  type AdminCertificateTemplate,
  type AdminCertificateTemplateRow,
  type CertificateOrientation,
  type CertificateTemplateForm,
  type Lang,
} from '@portal/contract';
import type { Tx } from '@portal/db';
import type { AdminAudit } from '../../platform/admin-audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/session.ts';
import type { SiteService } from '../site/index.ts';
import { certificateImage, publicFileOf, uploadKeyOf, type CertificateImageSource } from './certificate-images.ts';
import {
  CertificateTemplateAdminRepository as Repo,
  type TemplateRecord,
  type TemplateValues,
} from './certificate-template-admin.repository.ts';
import type { CertificateService, RequestOrigin } from './certificate.service.ts';

/** An administrator's call (the gateway settled that the session administers its enterprise). */
export interface AdminCaller {
  session: Session;
  audit: AdminAudit;
  lang: Lang;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const notFound = () => new AppError(ErrorCode.CERTIFICATE_TEMPLATE_NOT_FOUND);
const orientationOf = (o: string): CertificateOrientation => (o === 'portrait' ? 'portrait' : 'landscape');
const MAX_SIZE_TEXT = `${CERTIFICATE_IMAGE_MAX_BYTES / 1024 / 1024} MB`;

/** The stored layout, or the default of its orientation (a template from before decision 055). */
function layoutOf(row: Pick<TemplateRecord, 'layout' | 'orientation'>) {
  const parsed = row.layout === null ? null : certificateLayout.safeParse(row.layout);
  return parsed?.success ? parsed.data : DEFAULT_CERTIFICATE_LAYOUTS[orientationOf(row.orientation)];
}

const valuesOf = (form: CertificateTemplateForm): TemplateValues => ({
  title: form.title,
  body: form.body,
  issuer: form.issuer,
  signature: form.signature,
  sealUrl: form.sealUrl,
  validMonths: form.validMonths,
  orientation: form.orientation,
  backgroundUrl: form.backgroundUrl,
  layout: form.layout as unknown as Record<string, unknown>,
});

const audited = (row: TemplateRecord) => ({
  title: row.title,
  body: row.body,
  issuer: row.issuer,
  signature: row.signature,
  sealUrl: row.sealUrl,
  validMonths: row.validMonths,
  orientation: row.orientation,
  backgroundUrl: row.backgroundUrl,
  layout: row.layout,
});

type Picture = 'background' | 'seal';
const pictureError = (which: Picture) =>
  new AppError(
    which === 'background' ? ErrorCode.CERTIFICATE_BACKGROUND_UNUSABLE : ErrorCode.CERTIFICATE_SEAL_UNUSABLE,
    {
      params: { size: MAX_SIZE_TEXT },
    },
  );

/**
 * The back office's certificate templates (issue 22 item 3, decision 055): list with what grants
 * each and how many it issued, the designer's view, create, edit, delete while nothing uses it, and
 * a preview PDF of the form as it is, printed by the certificates' own printer with sample data.
 */
export class CertificateTemplateAdmin {
  constructor(
    private readonly repo: Repo,
    private readonly certificates: CertificateService,
    private readonly site: SiteService,
    private readonly images: CertificateImageSource,
  ) {}

  async templates(eid: number, q: { pageCurrent: number; pageSize: number; keyword?: string | undefined }) {
    const { rows, total } = await this.repo.templates(
      eid,
      q.keyword,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    const users = await this.repo.users(
      eid,
      rows.map((r) => r.id),
    );
    return toPage<AdminCertificateTemplateRow>(
      rows.map((r) => ({
        id: r.id,
        title: r.title,
        issuer: r.issuer,
        orientation: orientationOf(r.orientation),
        backgroundUrl: r.backgroundUrl,
        validMonths: r.validMonths,
        issued: r.issued,
        usedBy: users.get(r.id) ?? [],
        usedByCount: r.usedByCount,
        createdAt: iso(r.createdAt),
      })),
      total,
      q.pageCurrent,
      q.pageSize,
    );
  }

  async template(eid: number, id: number): Promise<AdminCertificateTemplate> {
    const found = await this.repo.template(eid, id);
    if (!found) throw notFound();
    const { template: row } = found;
    const users = await this.repo.users(eid, [id]);
    return {
      id: row.id,
      title: row.title,
      body: row.body,
      issuer: row.issuer,
      signature: row.signature,
      sealUrl: row.sealUrl,
      validMonths: row.validMonths,
      orientation: orientationOf(row.orientation),
      backgroundUrl: row.backgroundUrl,
      layout: layoutOf(row),
      issued: found.issued,
      usedBy: users.get(id) ?? [],
      usedByCount: found.usedByCount,
    };
  }

  async create({ session, audit }: AdminCaller, form: CertificateTemplateForm) {
    return this.repo.transaction(async (tx) => {
      await this.checkPictures(tx, session, form, null);
      const row = await Repo.insert(tx, session.eid, valuesOf(form));
      await audit.record(tx, {
        entityType: 'certificate_template',
        entityId: row.id,
        before: null,
        after: audited(row),
      });
      return { id: row.id };
    });
  }

  /** Certificates issued from it print with the new design when they are downloaded again. */
  async edit({ session, audit }: AdminCaller, id: number, form: CertificateTemplateForm) {
    return this.repo.transaction(async (tx) => {
      const before = await Repo.lock(tx, session.eid, id);
      if (!before) throw notFound();
      await this.checkPictures(tx, session, form, before);
      const after = await Repo.update(tx, session.eid, id, valuesOf(form));
      await audit.record(tx, {
        entityType: 'certificate_template',
        entityId: id,
        before: audited(before),
        after: audited(after),
      });
      return { id };
    });
  }

  /**
   * Only a template nothing grants and nothing was issued from: issued certificates print from
   * their template whenever they are downloaded. Under the template's lock, which an exam, task or
   * project saved with it waits for (its foreign key's share lock).
   */
  async remove({ session, audit }: AdminCaller, id: number) {
    return this.repo.transaction(async (tx) => {
      const before = await Repo.lock(tx, session.eid, id);
      if (!before) throw notFound();
      const usage = await Repo.usage(tx, session.eid, id);
      if (usage.usedBy > 0) throw new AppError(ErrorCode.CERTIFICATE_TEMPLATE_IN_USE, { params: { n: usage.usedBy } });
      if (usage.issued > 0) throw new AppError(ErrorCode.CERTIFICATE_TEMPLATE_ISSUED, { params: { n: usage.issued } });
      await Repo.remove(tx, session.eid, id);
      await audit.record(tx, {
        entityType: 'certificate_template',
        entityId: id,
        before: audited(before),
        after: null,
      });
      return { id };
    });
  }

  /**
   * The form (saved or not) as a certificate with sample data: the administrator's name, today, a
   * sample number and check code, a score of 95 — through the printer of issued certificates.
   * Its pictures follow the saving rules (the administrator's or the site's uploads, the web app's
   * files). Recorded in the audit log (a preview changes nothing: `before` and `after` are the form).
   */
  async preview(
    { session, audit }: AdminCaller,
    form: CertificateTemplateForm & { id?: number | undefined },
    origin: RequestOrigin,
  ) {
    const eid = session.eid;
    let current: TemplateRecord | null = null;
    if (form.id !== undefined) {
      const found = await this.repo.template(eid, form.id);
      if (!found) throw notFound();
      current = found.template;
    }
    for (const which of ['background', 'seal'] as const) {
      const url = (which === 'background' ? form.backgroundUrl : form.sealUrl).trim();
      const known = current && url === (which === 'background' ? current.backgroundUrl : current.sealUrl);
      const key = uploadKeyOf(url);
      if (
        url &&
        !known &&
        key &&
        !(key.startsWith('avatars/') && (await this.repo.mayUse(key, eid, session.accountId)))
      )
        throw pictureError(which);
      if (url && !(await certificateImage(url, this.images))) throw pictureError(which);
    }
    const [name, website] = await Promise.all([this.repo.nameOf(eid, session.accountId), this.site.viewWebsite(eid)]);
    const now = new Date();
    const zh = website.lang === 'zh';
    const validUntil = form.validMonths === null ? null : new Date(now);
    validUntil?.setMonth(validUntil.getMonth() + (form.validMonths ?? 0));
    const number = `ZS${eid}${now.getFullYear()}00000000`;
    const pdf = await this.certificates.render(
      eid,
      {
        templateTitle: form.title,
        body: form.body,
        issuer: form.issuer,
        signature: form.signature,
        sealUrl: form.sealUrl,
        orientation: form.orientation,
        backgroundUrl: form.backgroundUrl,
        layout: form.layout,
      },
      {
        title: zh ? '示例考试' : 'Sample exam',
        holderName: name || (zh ? '示例学员' : 'Sample learner'),
        number,
        checkCode: 'SAMPLE00',
        issuedAt: now,
        validUntil,
        scoreTenths: 950,
      },
      origin,
    );
    await this.repo.transaction((tx) =>
      audit.record(tx, {
        entityType: 'certificate_template',
        entityId: form.id ?? 0,
        before: null,
        after: { preview: true, title: form.title, orientation: form.orientation, backgroundUrl: form.backgroundUrl },
      }),
    );
    return { pdf: pdf.toString('base64'), fileName: `${zh ? '证书预览' : 'certificate-preview'}-${number}.pdf` };
  }

  /**
   * A background and a seal the printer can read: none, the one the template has, a file of the
   * web app, a data URL, or a JPG/PNG upload of this administrator or the site (claimed for the
   * site now); 7705 / 7706 otherwise, and for a file that is not a JPEG or PNG or is too large.
   */
  private async checkPictures(tx: Tx, session: Session, form: CertificateTemplateForm, current: TemplateRecord | null) {
    for (const which of ['background', 'seal'] as const) {
      const url = (which === 'background' ? form.backgroundUrl : form.sealUrl).trim();
      if (!url) continue;
      if (current && url === (which === 'background' ? current.backgroundUrl : current.sealUrl)) continue;
      const key = uploadKeyOf(url);
      const usable = key
        ? key.startsWith('avatars/') && (await Repo.claimForSite(tx, key, session.eid, session.accountId))
        : url.startsWith('data:') || publicFileOf(url, this.images.publicDir) !== null;
      if (!usable || !(await certificateImage(url, this.images))) throw pictureError(which);
    }
  }
}
