import type { FastifyReply, FastifyRequest } from 'fastify';
import { DETAIL_FIELDS, ErrorCode, GATEWAY_PREFIX, formFields, uploadPrivateFile } from '@portal/contract';
import { AppError } from '../../platform/errors.ts';
import type { UrlSigner } from '../../platform/storage.ts';
import type { Platform } from '../../platform/platform.ts';
import type { RegistrationForms } from './registration-form.ts';
import { registrationFormsOf } from './registration-form.ts';

/** The cookie that carries a registration in progress to the one-inch photo's upload. */
export const REGISTRATION_TICKET_COOKIE = 'regTicket';
/** How long after its code was sent a registration may upload its photo (a long form, a slow person). */
export const REGISTRATION_TICKET_TTL_MS = 30 * 60_000;
/** What the ticket is sealed for (UrlSigner.seal: it opens for nothing else). */
export const REGISTRATION_TICKET_PURPOSE = 'registration-upload';

/**
 * Anonymous one-inch photos (issue 11): only a registration in progress on a site that registers
 * and whose form asks for the photo may upload one. A registration is in progress once the site
 * has sent its registration SMS code (image captcha solved, at most one code a minute per phone):
 * that answer carries a signed, HttpOnly ticket of the site's enterprise, sent back only to the
 * upload call and good for REGISTRATION_TICKET_TTL_MS. The register page already asks for the code
 * above the photo, so its flow is unchanged.
 */
export class RegistrationTickets {
  constructor(
    private readonly signer: UrlSigner,
    private readonly forms: RegistrationForms,
    private readonly registerOpen: (eid: number) => Promise<boolean>,
  ) {}

  /** Gives the browser a ticket for this enterprise's registration (after its SMS code was sent). */
  issue(req: FastifyRequest, reply: FastifyReply, eid: number, now = Date.now()): void {
    reply.setCookie(
      REGISTRATION_TICKET_COOKIE,
      this.signer.seal(REGISTRATION_TICKET_PURPOSE, { eid: String(eid) }, REGISTRATION_TICKET_TTL_MS, now),
      {
        path: GATEWAY_PREFIX + uploadPrivateFile.path,
        httpOnly: true,
        sameSite: 'strict',
        secure: req.protocol === 'https',
        maxAge: REGISTRATION_TICKET_TTL_MS / 1000,
      },
    );
  }

  /**
   * Refuses an upload without a session unless the site registers (3011), its form asks for the
   * one-inch photo, and the request holds a live ticket of this enterprise (403 with what to do).
   */
  async assertMayUpload(req: FastifyRequest, eid: number, now = Date.now()): Promise<void> {
    if (!(await this.registerOpen(eid))) throw new AppError(ErrorCode.REGISTRATION_CLOSED);
    const config = await this.forms.viewRegistrationConfig(eid);
    if (!formFields(DETAIL_FIELDS, config.userTitle, 'zh').some((f) => f.field === 'headshot')) {
      throw new AppError(ErrorCode.FORBIDDEN, {
        message: {
          zh: '当前平台注册无需上传一寸照',
          en: 'Registration on this site does not ask for a one-inch photo',
        },
      });
    }
    const raw = req.cookies?.[REGISTRATION_TICKET_COOKIE];
    const ticket = raw ? this.signer.unseal(REGISTRATION_TICKET_PURPOSE, raw, now) : null;
    if (ticket?.eid !== String(eid)) {
      throw new AppError(ErrorCode.FORBIDDEN, {
        message: {
          zh: '请先获取短信验证码，再上传一寸照',
          en: 'Please get the SMS code first, then upload the one-inch photo',
        },
      });
    }
  }
}

/** The one set of registration tickets of a platform (the account and upload modules use it). */
export const registrationTicketsOf = (p: Platform): RegistrationTickets => p.shared(buildTickets);
const buildTickets = (p: Platform) =>
  new RegistrationTickets(
    p.signer,
    registrationFormsOf(p),
    async (eid) => (await p.site.viewWebsite(eid)).registerOpenSet,
  );
