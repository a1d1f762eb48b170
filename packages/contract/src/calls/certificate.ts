import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, paging, pageResponse } from '../envelope.ts';
import type { Lang } from '../errors.ts';

// Certificates (issue 13 item 6, decision 030): issued once when a learner passes an exam task (or
// later a project) that grants one; the learner's list and PDF download (/account?change=3&recordType=2),
// and the public check of /certificate/query, open to visitors of every site (platform.md section 6:
// a path needing no login), by certificate number or by name and ID number with an image captcha.

/** A certificate is valid until its end of validity (none: for ever), then expired. */
export const CertificateStatus = { VALID: 1, EXPIRED: 2 } as const;
export type CertificateStatusValue = (typeof CertificateStatus)[keyof typeof CertificateStatus];

/** How the public check looks a certificate up: 1 by its number, 2 by the holder's name and ID number. */
export const CertificateQueryType = { NUMBER: 1, HOLDER: 2 } as const;

export const CERTIFICATE_PAGE_SIZE = 10;

/**
 * A certificate number: `ZS`, the enterprise's id, the year of issue (China time) and the row's id
 * padded to 8 digits, e.g. ZS1001202600000042; unique across the platform.
 */
export const CERTIFICATE_NUMBER = /^ZS\d{13,}$/;
export const CERTIFICATE_NUMBER_MAX = 40;

/**
 * A certificate's check code (decision 030): 8 random characters of Crockford's base32 alphabet
 * (digits and capitals without I, L, O, U), printed beside the number. The public check by number
 * asks for it: numbers count up, codes cannot be guessed.
 */
export const CERTIFICATE_CHECK_CODE = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** A check code as a person types it: capitals, spaces and hyphens dropped, O read as 0 and I, L as 1. */
export function normalizeCheckCode(code: string): string {
  return code
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/** The public check's path on a site (the certificate's QR code opens it with `?number=…&code=…`). */
export const CERTIFICATE_QUERY_PATH = '/certificate/query';

/** The QR code's query parameter that carries the check code (`number` carries the number). */
export const CERTIFICATE_CODE_PARAM = 'code';

/**
 * A holder's name as the public check shows it: the first and last characters, the ones between
 * masked (张*三, 欧**明); a two-character name keeps its first (张*); one character is masked whole.
 */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** One of the learner's certificates. */
export const myCertificate = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  /** ISO 8601. */
  issuedAt: z.string(),
  /** ISO 8601; null: valid for ever. */
  validUntil: z.string().nullable(),
  status: z.union([z.literal(1), z.literal(2)]),
  /** The score that earned it (one decimal); null when none is printed. */
  score: z.number().nullable(),
});
export type MyCertificate = z.infer<typeof myCertificate>;

export const findMyCertificates = defineCall({
  name: 'findMyCertificates',
  method: 'POST',
  path: '/user/auth/user/certificate/page',
  summary:
    "The learner's certificates in the session's enterprise, newest first: number, title, issued at, valid until, status (1 valid, 2 expired) and score",
  tags: ['certificate'],
  request: z.object({
    ...paging(CERTIFICATE_PAGE_SIZE, 50),
  }),
  response: pageResponse(myCertificate),
});

export const getCertificateDownloadUrl = defineCall({
  name: 'getCertificateDownloadUrl',
  method: 'GET',
  path: '/user/auth/user/certificate/download/url',
  summary:
    "A short-lived link to one of the learner's own certificates as a PDF (made when fetched, never stored); another learner's or enterprise's certificate is unknown (7701)",
  tags: ['certificate'],
  request: z.object({ id }),
  response: z.object({ url: z.string(), fileName: z.string() }),
});

/** What the public check shows of a certificate: never the holder's whole name or ID number. */
export const certificateCheck = z.object({
  number: z.string(),
  /** Masked: 张*三. */
  holderName: z.string(),
  title: z.string(),
  issuer: z.string(),
  /** ISO 8601. */
  issuedAt: z.string(),
  /** ISO 8601; null: valid for ever. */
  validUntil: z.string().nullable(),
  status: z.union([z.literal(1), z.literal(2)]),
});
export type CertificateCheck = z.infer<typeof certificateCheck>;

const QUERY_TEXTS = {
  zh: {
    number: '请输入证书编号',
    numberFormat: '请输入正确的证书编号',
    realName: '请输入姓名',
    idCard: '请输入身份证号码',
    imageCode: '请输入图形验证码',
    imageCodeToken: '请获取图形验证码',
  },
  en: {
    number: 'Please enter the certificate number',
    numberFormat: 'Please enter a valid certificate number',
    realName: 'Please enter the name',
    idCard: 'Please enter the ID number',
    imageCode: 'Please enter the image code',
    imageCodeToken: 'Please get an image code',
  },
} as const;

/** The public check's request, its messages in `lang`: a number, or a name, ID number and captcha. */
export function certificateQueryRequest(lang: Lang = 'zh') {
  const t = QUERY_TEXTS[lang];
  return z
    .object({
      queryType: z.coerce.number().int().min(1).max(2).default(CertificateQueryType.NUMBER),
      number: z.string().trim().max(CERTIFICATE_NUMBER_MAX).optional(),
      /**
       * The check code printed beside the number (queryType 1). A missing or wrong one finds
       * nothing (7701), like an unknown number: it tells no one that the number exists.
       */
      checkCode: z.string().trim().max(20).optional(),
      realName: z.string().trim().max(50).optional(),
      /** The ID number RSA-OAEP-encrypted like a password (getPasswordKey). */
      idCard: z.string().trim().max(1024).optional(),
      imageCodeToken: z.string().trim().max(100).optional(),
      imageCode: z.string().trim().max(10).optional(),
    })
    .superRefine((q, ctx) => {
      const missing = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (q.queryType === CertificateQueryType.NUMBER) {
        if (!q.number) missing('number', t.number);
        else if (!CERTIFICATE_NUMBER.test(q.number.toUpperCase())) missing('number', t.numberFormat);
        return;
      }
      if (!q.realName) missing('realName', t.realName);
      if (!q.idCard) missing('idCard', t.idCard);
      if (!q.imageCode) missing('imageCode', t.imageCode);
      if (!q.imageCodeToken) missing('imageCodeToken', t.imageCodeToken);
    });
}

export const queryCertificate = defineCall({
  name: 'queryCertificate',
  method: 'POST',
  path: '/system/api/certificate/query',
  summary:
    "The public certificate check (/certificate/query; every site, visitor mode or not): by number and its check code (queryType 1; a missing or wrong code finds nothing), or by the holder's name and encrypted ID number with an image captcha (queryType 2); the site's own enterprise's certificates only, the holder's name masked; 7701 when none is found; limited per address",
  tags: ['certificate'],
  request: certificateQueryRequest('zh'),
  requestFor: certificateQueryRequest,
  response: z.array(certificateCheck),
});
