import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, pageResponse, paging } from '../envelope.ts';
import type { Lang } from '../errors.ts';
import { zMobile } from '../validators.ts';
import { imageCode, encryptedPassword, encryptedIdCard, smsCode } from './fields.ts';

/** Registration calls (platform.md section 7), served by the registration module. */

const configuredField = z.object({
  field: z.string(),
  name: z.string(),
  required: z.boolean(),
  show: z.boolean(),
  sort: z.number().int(),
});

export const viewRegistrationConfig = defineCall({
  name: 'viewRegistrationConfig',
  method: 'GET',
  path: '/user/api/user/info/detail/config',
  summary: "The site's registration form configuration: groups default and userTitle (empty: defaults apply)",
  tags: ['registration'],
  request: z.object({ eid: z.coerce.number().int().positive().max(2147483647).optional() }),
  response: z.object({ default: z.array(configuredField), userTitle: z.array(configuredField) }),
});

export const findPositions = defineCall({
  name: 'findPositions',
  method: 'GET',
  path: '/user/api/enterprise/position/children/menu',
  summary: 'One level of the position hierarchy: level 1 with no pathNo, else the children of pathNo',
  tags: ['registration'],
  request: z.object({
    level: z.coerce.number().int().min(1).max(4),
    pathNo: z.string().trim().max(16).regex(/^\d*$/).default(''),
    eid: z.coerce.number().int().positive().max(2147483647).optional(),
  }),
  response: z.array(
    z.object({ name: z.string(), nameEn: z.string(), pathNo: z.string(), categoryType: z.number().int() }),
  ),
});

export const viewAutoAudit = defineCall({
  name: 'viewAutoAudit',
  method: 'GET',
  path: '/user/api/user/info/register/auto/audit',
  summary: 'Whether registrations on this site are accepted at once (else an administrator reviews them)',
  tags: ['registration'],
  request: z.object({ eid: z.coerce.number().int().positive().max(2147483647).optional() }),
  response: z.object({ autoAudit: z.boolean() }),
});

export const checkPhone = defineCall({
  name: 'checkPhone',
  method: 'POST',
  path: '/user/api/user/info/check/phone',
  summary: 'Is the phone free for registration? 3007 when an account has it',
  tags: ['registration'],
  request: z.object({ phone: zMobile() }),
  response: z.null(),
});

export const checkIdCardForRegistration = defineCall({
  name: 'checkIdCardForRegistration',
  method: 'POST',
  path: '/user/api/user/info/check/idcard',
  summary:
    'Registration: is the ID number (encrypted) bound to an account? 3052 with its phone masked; an image captcha guards it',
  tags: ['registration'],
  request: z.object({ idCard: encryptedIdCard, ...imageCode }),
  response: z.null(),
});

export const register = defineCall({
  name: 'register',
  method: 'POST',
  path: '/user/api/user/info/register',
  summary:
    'Register on the site: the always-present fields at the top level, the configured ones in userDetail; the image captcha token is the registration token',
  tags: ['registration'],
  request: z.object({
    eid: z.coerce.number().int().positive().max(2147483647).optional(),
    phone: zMobile(),
    imageCode: imageCode.imageCode,
    imageCodeToken: imageCode.imageCodeToken,
    verificationCode: smsCode,
    loginPsw: encryptedPassword,
    confirmPassword: encryptedPassword,
    userName: z.string().trim().max(15, { error: '昵称最多15个字' }).default(''),
    realName: z.string().trim().max(15, { error: '真实姓名最多15个字' }).default(''),
    idCard: z.string().trim().max(1024).default(''),
    confirmBind: z.boolean().optional(),
    userDetail: z.record(z.string(), z.string().max(300)).default({}),
    agreed: z
      .boolean()
      .default(false)
      .describe(
        "The person agreed to the site's service agreement and privacy policy (required: 3015 without it); recorded with the texts' versions",
      ),
  }),
  response: z.object({
    /** Accepted at once: signed in (the token cookie is set). Else waiting for review. */
    audited: z.boolean(),
    token: z.string(),
  }),
});

/**
 * The registration and profile pages' checks and the correction of a pending registration
 * (platform.md section 7, account-area.md section 7): check/phone/exist, check/edit/phone,
 * check/verification/code and register/edit. Decision 019 records their rules.
 */

const texts = {
  zh: {
    code: '请输入验证码',
    codeMax: '验证码为6位数字',
    codeType: '验证码类型不正确',
    imageToken: '请获取图形验证码',
    image: '请输入图形验证码',
    userName: '昵称最多15个字',
    realName: '真实姓名最多15个字',
  },
  en: {
    code: 'Please enter the SMS code',
    codeMax: 'The SMS code has 6 digits',
    codeType: 'Unknown kind of SMS code',
    imageToken: 'Please get an image code',
    image: 'Please enter the image code',
    userName: 'The nickname has at most 15 characters',
    realName: 'The real name has at most 15 characters',
  },
} as const;

const smsCodeFor = (lang: Lang) =>
  z
    .string({ error: texts[lang].code })
    .trim()
    .min(1, { error: texts[lang].code })
    .max(6, { error: texts[lang].codeMax });

const checkPhoneExistsRequest = (lang: Lang) => z.object({ phone: zMobile(lang) });

export const checkPhoneExists = defineCall({
  name: 'checkPhoneExists',
  method: 'GET',
  path: '/user/api/user/info/check/phone/exist',
  summary:
    'Whether an account has this phone (exist), nothing more about it; limited per client address like the sign-in calls',
  tags: ['registration'],
  request: checkPhoneExistsRequest('zh'),
  requestFor: checkPhoneExistsRequest,
  response: z.object({ exist: z.boolean() }),
});

export const checkEditPhone = defineCall({
  name: 'checkEditPhone',
  method: 'POST',
  path: '/user/api/user/info/check/edit/phone',
  summary:
    "Is the phone free to become someone's new phone? 3007 when an account has it; signed in, also 400 when it is the account's own phone",
  tags: ['registration'],
  request: checkPhoneExistsRequest('zh'),
  requestFor: checkPhoneExistsRequest,
  response: z.null(),
});

const checkVerificationCodeRequest = (lang: Lang) =>
  z.object({
    phone: zMobile(lang),
    verificationCode: smsCodeFor(lang),
    /** The purpose the code was sent for (1 register, 2 sign in, 3 reset password, 4 change phone, 5 cancel). */
    verificationCodeType: z.coerce
      .number({ error: texts[lang].codeType })
      .int({ error: texts[lang].codeType })
      .min(1, { error: texts[lang].codeType })
      .max(5, { error: texts[lang].codeType }),
  });

export const checkVerificationCode = defineCall({
  name: 'checkVerificationCode',
  method: 'POST',
  path: '/user/api/user/info/check/verification/code',
  summary:
    "Is this the SMS code sent to the phone for the purpose? Each check uses one of the code's 5 attempts; a right code is not used up: the next step sends it again and uses it (3005 wrong, 3006 none, expired or out of attempts)",
  tags: ['registration'],
  request: checkVerificationCodeRequest('zh'),
  requestFor: checkVerificationCodeRequest,
  response: z.null(),
});

const editRegistrationRequest = (lang: Lang) =>
  z.object({
    phone: zMobile(lang),
    /** The registration code (verificationCodeType 1) sent to that phone. */
    verificationCode: smsCodeFor(lang),
    imageCode: z.string({ error: texts[lang].image }).trim().min(1, { error: texts[lang].image }).max(10),
    imageCodeToken: z
      .string({ error: texts[lang].imageToken })
      .trim()
      .min(1, { error: texts[lang].imageToken })
      .max(100),
    userName: z.string().trim().max(15, { error: texts[lang].userName }).default(''),
    realName: z.string().trim().max(15, { error: texts[lang].realName }).default(''),
    /** Encrypted like a password; required where the site verifies identities. */
    idCard: z.string().trim().max(1024).default(''),
    confirmBind: z.boolean().optional(),
    userDetail: z.record(z.string(), z.string().max(300)).default({}),
  });

export const editRegistration = defineCall({
  name: 'editRegistration',
  method: 'POST',
  path: '/user/api/user/info/register/edit',
  summary:
    'Correct a registration waiting for review and send it again: the phone and its registration SMS code (type 1) prove the person; the fields are checked as at registration and replace the stored ones only when all are good (the password stays). Accepted at once where the site now audits automatically',
  tags: ['registration'],
  request: editRegistrationRequest('zh'),
  requestFor: editRegistrationRequest,
  response: z.object({
    /** Accepted at once: signed in (the token cookie is set). Else waiting for review again. */
    audited: z.boolean(),
    token: z.string(),
  }),
});

// The back office's approvals of registrations (decision 038): admin calls.

/** Why an administrator rejects: required, shown to the applicant. */
export const rejectReason = z.string().trim().max(200, { error: '原因不能超过200个字' });

export const pendingRegistration = z.object({
  accountId: z.number().int(),
  phone: z.string(),
  realName: z.string(),
  userName: z.string(),
  userDetail: z.record(z.string(), z.string()),
  /** ISO 8601: when it was sent (or sent again). */
  createdAt: z.string(),
});

export const findPendingRegistrations = defineCall({
  name: 'findPendingRegistrations',
  method: 'GET',
  path: '/user/auth/admin/registration/pending/page',
  summary: 'Registrations waiting for review (the site does not accept them at once), oldest first',
  tags: ['back-office'],
  request: z.object({ ...paging(10, 100) }),
  response: pageResponse(pendingRegistration),
});

export const decideRegistration = defineCall({
  name: 'decideRegistration',
  method: 'POST',
  path: '/user/auth/admin/registration/decide',
  summary:
    'Approve (the person signs in as a member) or reject (with a reason the person is told at sign-in) a registration waiting for review',
  tags: ['back-office'],
  request: z
    .object({ accountId: id, approve: z.boolean(), reason: rejectReason.default('') })
    .refine((v) => v.approve || v.reason.length > 0, { error: '请输入拒绝原因', path: ['reason'] }),
  response: z.null(),
});
