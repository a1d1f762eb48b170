import { z } from 'zod';
import { defineCall } from '../call.ts';
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
  }),
  response: z.object({
    /** Accepted at once: signed in (the token cookie is set). Else waiting for review. */
    audited: z.boolean(),
    token: z.string(),
  }),
});
