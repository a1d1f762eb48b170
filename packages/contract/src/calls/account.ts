import { z } from 'zod';
import { defineCall } from '../call.ts';
import { zMobile } from '../validators.ts';
import { imageCode, encryptedPassword, signedIn, smsCode } from './fields.ts';

/**
 * Account calls (platform.md section 7, account-area.md section 7), served by the account module:
 * captcha, SMS codes, sign-in, the signed-in person, sign-out, choosing an enterprise, passwords,
 * phone and cancellation. Field names are the spec's where it gives them; decision 008 records the rest.
 */

/** What an SMS code is for (verificationCodeType). The spec fixes 4 and 5; decision 008 the rest. */
export const SmsPurpose = {
  REGISTER: 1,
  SIGN_IN: 2,
  RESET_PASSWORD: 3,
  CHANGE_PHONE: 4,
  CANCEL_ACCOUNT: 5,
} as const;
export type SmsPurposeValue = (typeof SmsPurpose)[keyof typeof SmsPurpose];

export const getImageCaptcha = defineCall({
  name: 'getImageCaptcha',
  method: 'GET',
  path: '/user/api/common/get/image/captcha',
  summary: 'Image captcha: single use, short-lived; img is an SVG data URL',
  tags: ['account'],
  request: z.object({}),
  response: z.object({ token: z.string(), img: z.string() }),
});

export const getPasswordKey = defineCall({
  name: 'getPasswordKey',
  method: 'GET',
  path: '/user/api/common/get/public/key',
  summary: 'Public key the browser encrypts passwords and ID numbers with (RSA-OAEP, SHA-256, SPKI PEM)',
  tags: ['account'],
  request: z.object({}),
  response: z.object({ publicKey: z.string(), algorithm: z.literal('RSA-OAEP-256') }),
});

export const sendVerificationCode = defineCall({
  name: 'sendVerificationCode',
  method: 'POST',
  path: '/user/api/common/send/verification/code',
  summary: 'Send an SMS code (6 digits) after an image captcha; answers the seconds until a new one may be sent',
  tags: ['account'],
  request: z.object({
    ...imageCode,
    phone: zMobile(),
    eid: z.coerce.number().int().positive().max(2147483647).optional(),
    verificationCodeType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  }),
  response: z.object({ retryDuration: z.number().int() }),
});

export const loginByPassword = defineCall({
  name: 'loginByPassword',
  method: 'POST',
  path: '/user/api/login/pwd',
  summary: 'Sign in with phone, encrypted password and image captcha',
  tags: ['account'],
  request: z.object({ phone: zMobile(), password: encryptedPassword, ...imageCode }),
  response: signedIn,
});

export const loginByCode = defineCall({
  name: 'loginByCode',
  method: 'POST',
  path: '/user/api/login/verification/code',
  summary: 'Sign in with phone and SMS code (verificationCodeType 2)',
  tags: ['account'],
  request: z.object({
    phone: zMobile(),
    verificationCode: z.string().trim().min(1, { error: '请输入验证码' }).max(6),
  }),
  response: signedIn,
});

export const loginByEmployeeNo = defineCall({
  name: 'loginByEmployeeNo',
  method: 'POST',
  path: '/user/api/login/emp/no',
  summary: "Sign in to this site's enterprise with an employee number, encrypted password and image captcha",
  tags: ['account'],
  request: z.object({
    empNo: z.string().trim().min(1, { error: '请输入工号' }).max(50),
    password: encryptedPassword,
    ...imageCode,
  }),
  response: signedIn,
});

export const viewCurrentUser = defineCall({
  name: 'viewCurrentUser',
  method: 'GET',
  path: '/user/auth/enterprise/user/info/current/view',
  summary: 'The signed-in person in the chosen enterprise',
  tags: ['account'],
  request: z.object({}),
  response: z.object({
    eid: z.number().int(),
    userName: z.string(),
    realName: z.string(),
    phone: z.string(),
    headPortrait: z.string(),
    departmentName: z.string(),
    isAdmin: z.boolean(),
    creditHour: z.number(),
    certificateCount: z.number().int(),
  }),
});

export const logout = defineCall({
  name: 'logout',
  method: 'PUT',
  path: '/user/auth/user/info/logout',
  access: 'account',
  summary: 'Sign out: the session ends (its token answers 307 from now on)',
  tags: ['account'],
  request: z.object({}),
  response: z.null(),
});

export const findEnterprises = defineCall({
  name: 'findEnterprises',
  method: 'GET',
  path: '/user/auth/user/info/enterprise/list',
  access: 'account',
  summary: "The signed-in person's enterprises (also before one is chosen)",
  tags: ['account'],
  request: z.object({}),
  response: z.array(
    z.object({
      eid: z.number().int(),
      entName: z.string(),
      userEntLogo: z.string(),
      current: z.boolean(),
      disabled: z.boolean(),
    }),
  ),
});

export const chooseEnterprise = defineCall({
  name: 'chooseEnterprise',
  method: 'POST',
  path: '/user/auth/user/info/choose/enterprise',
  access: 'account',
  summary:
    'Choose or switch the enterprise: a new session for it, the old one ends. siteUrl: where the browser goes next when the enterprise has its own address (a one-time link that signs in there), else null',
  tags: ['account'],
  request: z.object({ eid: z.coerce.number().int().positive().max(2147483647) }),
  response: z.object({ token: z.string(), siteUrl: z.string().nullable() }),
});

const handoffTicket = z.string().trim().min(1).max(100);

export const viewHandoff = defineCall({
  name: 'viewHandoff',
  method: 'GET',
  path: '/user/api/login/handoff/info',
  summary:
    "Whom a session handoff link (chooseEnterprise's siteUrl) would sign in, masked, for the person to confirm; the ticket is not used up",
  tags: ['account'],
  request: z.object({ ticket: handoffTicket }),
  response: z.object({ userName: z.string(), phone: z.string(), entName: z.string() }),
});

export const loginByHandoff = defineCall({
  name: 'loginByHandoff',
  method: 'POST',
  path: '/user/api/login/handoff',
  summary: "Signs in on the enterprise's own address with a handoff ticket (single use, a minute long)",
  tags: ['account'],
  request: z.object({ ticket: handoffTicket }),
  response: z.object({ token: z.string(), chooseEnterprise: z.boolean() }),
});

const imgCode = {
  imgVerificationCodeToken: z.string().trim().min(1, { error: '请获取图形验证码' }).max(100),
  imgVerificationCode: z.string().trim().min(1, { error: '请输入图形验证码' }).max(10),
};

export const resetPassword = defineCall({
  name: 'resetPassword',
  method: 'PUT',
  path: '/user/api/user/info/reset/password',
  summary: 'Forgotten password: phone, SMS code (type 3), image captcha and the new password twice (encrypted)',
  tags: ['account'],
  request: z.object({
    phone: zMobile(),
    verificationCode: smsCode,
    loginPwd: encryptedPassword,
    confirmPwd: encryptedPassword,
    ...imgCode,
  }),
  response: z.null(),
});

export const setPassword = defineCall({
  name: 'setPassword',
  method: 'PUT',
  path: '/user/auth/user/info/reset/password',
  summary: 'Set a password where none is set yet (isNeedModifyPassword); every session of the account ends',
  tags: ['account'],
  request: z.object({ loginPwd: encryptedPassword, confirmPwd: encryptedPassword }),
  response: z.null(),
});

export const updatePassword = defineCall({
  name: 'updatePassword',
  method: 'PUT',
  path: '/user/auth/user/info/update/password',
  summary: 'Change the password (old, new, confirmation; encrypted); every session of the account ends',
  tags: ['account'],
  request: z.object({
    password: z.string().trim().min(1, { error: '请输入旧密码' }).max(1024),
    newPassword: encryptedPassword,
    confirmPassword: encryptedPassword,
  }),
  response: z.null(),
});

export const sendAccountCode = defineCall({
  name: 'sendAccountCode',
  method: 'POST',
  path: '/user/auth/user/info/send/verification/code',
  summary: "Signed in: an SMS code to a new phone (type 4) or to the account's phone for cancellation (type 5)",
  tags: ['account'],
  request: z.object({
    ...imageCode,
    phone: zMobile('zh', { required: false }).optional(),
    eid: z.coerce.number().int().positive().max(2147483647).optional(),
    verificationCodeType: z.union([z.literal(4), z.literal(5)]),
  }),
  response: z.object({ retryDuration: z.number().int() }),
});

export const updatePhone = defineCall({
  name: 'updatePhone',
  method: 'PUT',
  path: '/user/auth/user/info/update/phone',
  summary: 'Change the sign-in phone with an SMS code sent to the new one (type 4); every session ends',
  tags: ['account'],
  request: z.object({ phone: zMobile(), verificationCode: smsCode }),
  response: z.null(),
});

export const deregister = defineCall({
  name: 'deregister',
  method: 'DELETE',
  path: '/user/auth/user/info/deregister',
  summary: "Cancel the account: SMS code (type 5, to the account's phone), image captcha, real name and reason",
  tags: ['account'],
  requestIn: 'body',
  request: z.object({
    verificationCode: smsCode,
    ...imgCode,
    realName: z.string().trim().min(1, { error: '请输入真实姓名' }).max(15),
    reason: z.string().trim().min(1, { error: '请填写注销理由' }).max(100, { error: '注销理由最多100个字' }),
  }),
  response: z.null(),
});

export const findDevSmsOutbox = defineCall({
  name: 'findDevSmsOutbox',
  method: 'GET',
  path: '/dev/api/sms/outbox',
  summary: 'Dev SMS provider only: the latest messages it "sent" to a phone (DESIGN.md section 5)',
  tags: ['dev'],
  request: z.object({ phone: zMobile() }),
  response: z.array(z.object({ phone: z.string(), content: z.string(), createdAt: z.string() })),
});
