import {
  CERTIFICATE_CHECK_CODE,
  CERTIFICATE_CODE_PARAM,
  CERTIFICATE_QUERY_PATH,
  CertificateQueryType,
  certificateLayout,
  ErrorCode,
  isIdCard,
  normalizeCheckCode,
  pageOffset,
  toPage,
  type Lang,
} from '@portal/contract';
import { withTenant } from '@portal/db';
import type { CaptchaStore } from '../../platform/captcha.ts';
import { AppError } from '../../platform/errors.ts';
import type { IdCardVault } from '../../platform/id-card-vault.ts';
import type { PasswordCipher } from '../../platform/password-cipher.ts';
import type { FileStorage, UrlSigner } from '../../platform/storage.ts';
import type { SiteService } from '../site/index.ts';
import { certificateImage, type CertificateImageSource } from './certificate-images.ts';
import { renderCertificatePdf, type CertificatePrint } from './certificate-pdf.ts';
import { requireCertificate, requireFound, type Holder } from './certificate.policy.ts';
import { presentCheck, presentMine } from './certificate.presenter.ts';
import type { CertificateRepository, PrintableCertificate } from './certificate.repository.ts';

/** How long a download link works. */
export const CERTIFICATE_LINK_TTL_MS = 5 * 60_000;
/** The path the PDF is served under, by the link's sealed ticket. */
export const CERTIFICATE_PDF_PATH = '/files/certificate.pdf';
const TICKET_PURPOSE = 'certificate-pdf';

const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;

export interface CertificateQueryInput {
  queryType: number;
  number?: string | undefined;
  checkCode?: string | undefined;
  realName?: string | undefined;
  idCard?: string | undefined;
  imageCodeToken?: string | undefined;
  imageCode?: string | undefined;
}

/** What a certificate prints of its template. */
export type PrintedTemplate = Pick<
  PrintableCertificate,
  'templateTitle' | 'body' | 'issuer' | 'signature' | 'sealUrl' | 'orientation' | 'backgroundUrl' | 'layout'
>;
/** What a certificate prints of itself. */
export type PrintedCertificate = Pick<
  PrintableCertificate,
  'title' | 'holderName' | 'number' | 'checkCode' | 'issuedAt' | 'validUntil' | 'scoreTenths'
>;

export interface CertificateServiceDeps {
  repo: CertificateRepository;
  site: SiteService;
  captchas: CaptchaStore;
  cipher: PasswordCipher;
  vault: IdCardVault;
  signer: UrlSigner;
  storage: FileStorage;
  /** The built web app's public files (a template's seal may be one of them). */
  publicDir: string;
}

/**
 * Certificates (decision 030): the learner's list and PDF download, and the public check. The PDF
 * is made when its link is opened (a few milliseconds) and never stored or cached.
 */
export class CertificateService {
  constructor(private readonly deps: CertificateServiceDeps) {}

  async findMyCertificates(h: Holder, q: { pageCurrent: number; pageSize: number }) {
    const { rows, total } = await this.deps.repo.findMine(
      h.eid,
      h.accountId,
      pageOffset(q.pageCurrent, q.pageSize),
      q.pageSize,
    );
    return toPage(rows.map(presentMine), total, q.pageCurrent, q.pageSize);
  }

  /**
   * A 5-minute link to the holder's own certificate as a PDF, for this holder and certificate only.
   * The PDF is in the site's language whichever language the page was in (decision 030).
   */
  async getDownloadUrl(h: Holder, id: number, now = Date.now()) {
    const row = requireCertificate(await this.deps.repo.viewMine(h.eid, h.accountId, id));
    const ticket = this.deps.signer.seal(
      TICKET_PURPOSE,
      { eid: String(h.eid), accountId: String(h.accountId), id: String(id) },
      CERTIFICATE_LINK_TTL_MS,
      now,
    );
    return { url: `${CERTIFICATE_PDF_PATH}?ticket=${encodeURIComponent(ticket)}`, fileName: fileNameOf(row) };
  }

  /**
   * The PDF a download link opens, or null (a forged or expired ticket, a certificate gone). The
   * certificate is read again in its enterprise for the holder the link was made for. One language
   * for the whole certificate, the site's: its template's text is written in it, so labels, dates
   * and punctuation follow it too, from whichever page it was downloaded (decision 030).
   * `origin`: the address the link was opened on (its scheme and host behind TRUST_PROXY).
   */
  async pdfOf(ticket: string, origin: RequestOrigin): Promise<{ pdf: Buffer; fileName: string } | null> {
    const data = this.deps.signer.unseal(TICKET_PURPOSE, ticket);
    const eid = Number(data?.eid);
    const accountId = Number(data?.accountId);
    const id = Number(data?.id);
    if (!data || ![eid, accountId, id].every((n) => Number.isSafeInteger(n) && n > 0)) return null;
    const row = await withTenant(eid, () => this.deps.repo.viewMine(eid, accountId, id));
    if (!row) return null;
    const pdf = await this.render(eid, row, row, origin);
    return { pdf, fileName: fileNameOf(row) };
  }

  /**
   * A certificate's PDF from its template and its own data: the one printer of issued certificates
   * and of the back office's preview (decision 055), in the site's language, with the QR code of the
   * public check on the address the request came to.
   */
  async render(eid: number, template: PrintedTemplate, cert: PrintedCertificate, origin: RequestOrigin) {
    const website = await this.deps.site.viewWebsite(eid);
    const lang: Lang = website.lang;
    return renderCertificatePdf({
      templateTitle: template.templateTitle,
      body: template.body,
      issuer: template.issuer,
      signature: template.signature,
      seal: await certificateImage(template.sealUrl, this.deps),
      ...(await designOf(template, this.deps)),
      title: cert.title,
      holderName: cert.holderName,
      number: cert.number,
      checkCode: cert.checkCode,
      issuedAt: cert.issuedAt,
      validUntil: cert.validUntil,
      scoreTenths: cert.scoreTenths,
      checkUrl: checkUrlOf(website.correctDomain, origin, cert, lang),
      lang,
    });
  }

  /**
   * The public check, in the site's enterprise only: by number and its check code (a missing or
   * wrong code finds nothing, like an unknown number, so numbers that count up cannot be walked), or
   * by name and ID number after the image captcha (used up first, right or wrong, so every guess
   * costs a captcha).
   */
  async queryCertificate(eid: number, q: CertificateQueryInput) {
    if (q.queryType === CertificateQueryType.NUMBER) {
      const checkCode = normalizeCheckCode(q.checkCode ?? '');
      if (!CERTIFICATE_CHECK_CODE.test(checkCode)) throw new AppError(ErrorCode.CERTIFICATE_NOT_FOUND);
      const rows = await this.deps.repo.findByNumber(eid, (q.number ?? '').toUpperCase(), checkCode);
      return requireFound(rows).map(presentCheck);
    }
    await this.deps.captchas.check(q.imageCodeToken ?? '', q.imageCode ?? '');
    const idCard = this.idCardOf(q.idCard ?? '');
    const rows = await this.deps.repo.findByHolder(eid, (q.realName ?? '').trim(), this.deps.vault.hash(idCard));
    return requireFound(rows).map(presentCheck);
  }

  private idCardOf(encrypted: string): string {
    const plain = this.deps.cipher.decrypt(encrypted);
    if (plain === null) {
      throw badIdCard(
        '参数错误：身份证号码未按要求加密，请刷新页面后重试',
        'Invalid input: not encrypted as required, please reload the page',
      );
    }
    const idCard = plain.trim().toUpperCase();
    if (!isIdCard(idCard)) throw badIdCard('请输入正确的身份证号码', 'Please enter a valid ID card number');
    return idCard;
  }
}

/**
 * A template's design as the printer takes it: its orientation, its background's bytes (null when
 * it has none or it cannot be read: the certificate is then printed with the drawn frame, never
 * refused) and its layout (null: the default of the orientation, the design before decision 055).
 */
export async function designOf(
  t: { orientation: string; backgroundUrl: string; layout: unknown },
  src: CertificateImageSource,
): Promise<Pick<CertificatePrint, 'orientation' | 'background' | 'layout'>> {
  const orientation = t.orientation === 'portrait' ? 'portrait' : 'landscape';
  const layout = t.layout === null ? null : certificateLayout.safeParse(t.layout);
  return {
    orientation,
    background: await certificateImage(t.backgroundUrl, src),
    layout: layout?.success ? layout.data : null,
  };
}

const badIdCard = (zh: string, en: string) =>
  new AppError(ErrorCode.BAD_INPUT, { message: { zh, en }, data: { fields: [{ field: 'idCard', message: zh }] } });

/** 合格证书-ZS1001202600000042.pdf (characters a file name cannot hold are left out). */
function fileNameOf(row: Pick<PrintableCertificate, 'templateTitle' | 'number'>): string {
  const title = row.templateTitle.replace(/[\\/:*?"<>|\s]+/g, '').slice(0, 40);
  return `${title ? `${title}-` : ''}${row.number}.pdf`;
}

/** The scheme and host (with its port) a request came to, as Fastify reads them behind TRUST_PROXY. */
export interface RequestOrigin {
  protocol: string;
  host: string;
}

/**
 * The public check of a certificate, its QR code's address: the site's public address, which is
 * the address the download link was opened on (its scheme and port, behind the trusted proxy's
 * X-Forwarded-Proto and -Host when TRUST_PROXY is on) on the site's configured correct domain when
 * it has one (as the wrong-domain alert sends people there: same scheme and port), with the number
 * and its check code, on the check page in the certificate's language.
 */
export function checkUrlOf(
  correctDomain: string,
  origin: RequestOrigin,
  cert: { number: string; checkCode: string },
  lang: Lang,
): string {
  const configured = correctDomain.trim().toLowerCase();
  const protocol = origin.protocol === 'https' ? 'https' : 'http';
  let url: URL;
  try {
    url = new URL(`${protocol}://${origin.host}`);
    if (url.username || url.password || url.pathname !== '/' || url.search) throw new Error('not a host');
  } catch {
    url = new URL(`https://${HOST.test(configured) ? configured : 'localhost'}`);
  }
  if (HOST.test(configured)) url.hostname = configured;
  url.pathname = lang === 'en' ? `/en${CERTIFICATE_QUERY_PATH}` : CERTIFICATE_QUERY_PATH;
  url.searchParams.set('number', cert.number);
  url.searchParams.set(CERTIFICATE_CODE_PARAM, cert.checkCode);
  return url.href;
}
