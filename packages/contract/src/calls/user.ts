import { z } from 'zod';
import { defineCall } from '../call.ts';
import { zCreditCode, zMobile } from '../validators.ts';

/**
 * Account calls (platform.md section 7, account-area.md section 7): captcha, SMS codes, sign-in,
 * the signed-in person, sign-out and choosing an enterprise. Field names are the spec's where it
 * gives them; decision 008 records the rest.
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

const imageCode = {
  imageCodeToken: z.string().trim().min(1, { error: '请获取图形验证码' }).max(100),
  imageCode: z.string().trim().min(1, { error: '请输入图形验证码' }).max(10),
};

/** A password as the browser sends it: RSA-OAEP (SHA-256) ciphertext, base64. */
const encryptedPassword = z.string().trim().min(1, { error: '请输入密码' }).max(1024);

const signedIn = z.object({
  token: z.string(),
  /** The person belongs to several enterprises and none is chosen yet: go to /company. */
  chooseEnterprise: z.boolean(),
});

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

export const currentUser = defineCall({
  name: 'currentUser',
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
  summary: 'Sign out: the session ends (its token answers 307 from now on)',
  tags: ['account'],
  request: z.object({}),
  response: z.null(),
});

export const enterpriseList = defineCall({
  name: 'enterpriseList',
  method: 'GET',
  path: '/user/auth/user/info/enterprise/list',
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
  summary:
    'Choose or switch the enterprise: a new session for it, the old one ends. siteUrl: where the browser goes next when the enterprise has its own address (a one-time link that signs in there), else null',
  tags: ['account'],
  request: z.object({ eid: z.coerce.number().int().positive().max(2147483647) }),
  response: z.object({ token: z.string(), siteUrl: z.string().nullable() }),
});

const handoffTicket = z.string().trim().min(1).max(100);

export const handoffInfo = defineCall({
  name: 'handoffInfo',
  method: 'GET',
  path: '/user/api/login/handoff/info',
  summary:
    "Whom a session handoff link (chooseEnterprise's siteUrl) would sign in, masked, for the person to confirm; the ticket is not used up",
  tags: ['account'],
  request: z.object({ ticket: handoffTicket }),
  response: z.object({ userName: z.string(), phone: z.string(), entName: z.string() }),
});

export const handoffSignIn = defineCall({
  name: 'handoffSignIn',
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
const smsCode = z.string().trim().min(1, { error: '请输入验证码' }).max(6);

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

export const verifyComplete = defineCall({
  name: 'verifyComplete',
  method: 'GET',
  path: '/user/auth/enterprise/user/info/verify/complete',
  summary: "How complete the signed-in person's profile is, and whether a password must be set",
  tags: ['account'],
  request: z.object({}),
  response: z.object({
    completeEnterpriseUserInfo: z.boolean(),
    completeUserDetail: z.boolean(),
    completeUserVerify: z.boolean(),
    userVerify: z.boolean(),
    isModifyPasswordForce: z.boolean(),
    isNeedModifyPassword: z.boolean(),
  }),
});

/** An ID number as the browser sends it: RSA-OAEP ciphertext like a password. */
const encryptedIdCard = z.string().trim().min(1, { error: '请输入身份证号码' }).max(1024);

export const userDetail = defineCall({
  name: 'userDetail',
  method: 'GET',
  path: '/user/auth/enterprise/user/info/detail',
  summary: "The signed-in person's profile in the chosen enterprise (ID number masked)",
  tags: ['account'],
  request: z.object({}),
  response: z.object({
    phone: z.string(),
    userName: z.string(),
    realName: z.string(),
    idCard: z.string().describe('Masked: first 6 and last 4'),
    verified: z.boolean(),
    headPortrait: z.string(),
    departmentName: z.string(),
    /** The configured detail fields as kept (select values, position pathNos, …). */
    userDetail: z.record(z.string(), z.string()),
    /** Names of the positions chosen in userDetail, by pathNo. */
    positionNames: z.record(z.string(), z.object({ name: z.string(), nameEn: z.string() })),
  }),
});

export const checkIdCard = defineCall({
  name: 'checkIdCard',
  method: 'POST',
  path: '/user/auth/enterprise/info/check/idcard',
  summary: "Is the ID number (encrypted) bound to another account? 3052 with that account's phone masked",
  tags: ['account'],
  request: z.object({ idCard: encryptedIdCard }),
  response: z.null(),
});

export const updateIdv = defineCall({
  name: 'updateIdv',
  method: 'PUT',
  path: '/user/auth/enterprise/user/info/update/idv',
  summary:
    'Real-name verification: real name and ID number (encrypted; optional where the site does not verify); confirmBind after 3052 (继续绑定)',
  tags: ['account'],
  request: z.object({
    realName: z.string().trim().min(1, { error: '请输入真实姓名' }).max(15, { error: '真实姓名最多15个字' }),
    /** Required where the site verifies identities (verifyOpenSet); else '' keeps only the name. */
    idCard: z.string().trim().max(1024).default(''),
    confirmBind: z.boolean().optional(),
  }),
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

const configuredField = z.object({
  field: z.string(),
  name: z.string(),
  required: z.boolean(),
  show: z.boolean(),
  sort: z.number().int(),
});

export const registrationConfig = defineCall({
  name: 'registrationConfig',
  method: 'GET',
  path: '/user/api/user/info/detail/config',
  summary: "The site's registration form configuration: groups default and userTitle (empty: defaults apply)",
  tags: ['registration'],
  request: z.object({ eid: z.coerce.number().int().positive().max(2147483647).optional() }),
  response: z.object({ default: z.array(configuredField), userTitle: z.array(configuredField) }),
});

export const positionMenu = defineCall({
  name: 'positionMenu',
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

export const registerAutoAudit = defineCall({
  name: 'registerAutoAudit',
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

export const enterpriseApply = defineCall({
  name: 'enterpriseApply',
  method: 'POST',
  path: '/user/api/enterprise/info/register',
  summary: 'An organisation applies to join the platform (/company/in), reviewed by the operators',
  tags: ['registration'],
  request: z.object({
    entName: z.string().trim().min(1, { error: '请输入企业名称' }).max(50, { error: '企业名称最多50个字' }),
    creditCode: zCreditCode(),
    contactName: z.string().trim().min(1, { error: '请输入联系人' }).max(20, { error: '联系人最多20个字' }),
    contactPhone: zMobile(),
    remark: z.string().trim().max(200, { error: '备注最多200个字' }).default(''),
    ...imageCode,
  }),
  response: z.null(),
});

export const confirmSetting = defineCall({
  name: 'confirmSetting',
  method: 'GET',
  path: '/user/auth/enterprise/user/info/confirm/setting',
  summary:
    'Which confirmations the signed-in person still owes (the site asks for them and they are not given yet): personal, talent',
  tags: ['account'],
  request: z.object({}),
  response: z.object({ personalInfoConfirmOpenSet: z.boolean(), talentInfoConfirmOpenSet: z.boolean() }),
});

export const updateConfirm = defineCall({
  name: 'updateConfirm',
  method: 'PUT',
  path: '/user/auth/enterprise/user/info/updateConfirm',
  summary: 'Confirm one step of the personal-confirmation popup: type 1 personal information, 2 talent information',
  tags: ['account'],
  request: z.object({ type: z.union([z.literal(1), z.literal(2)]) }),
  response: z.null(),
});

export const thirdPartyKinds = ['dingding', 'weixin', 'workWeixin'] as const;
const thirdPartyCode = z.object({
  code: z.string().trim().min(1).max(512),
  /** The callback address the provider was given (it must be the same). */
  redirectUri: z.string().trim().min(1).max(1000),
});

export const thirdPartyProviders = defineCall({
  name: 'thirdPartyProviders',
  method: 'GET',
  path: '/user/api/login/thirdparty/providers',
  summary: 'The third-party sign-in providers this portal offers (the sign-in page shows their buttons)',
  tags: ['account'],
  request: z.object({}),
  response: z.array(z.enum(thirdPartyKinds)),
});

export const thirdPartyAuthorize = defineCall({
  name: 'thirdPartyAuthorize',
  method: 'GET',
  path: '/user/api/login/thirdparty/authorize',
  summary: "Where the browser goes to sign in with a provider (the site's application, the state it generated)",
  tags: ['account'],
  request: z.object({
    provider: z.enum(thirdPartyKinds),
    state: z.string().trim().min(1).max(200),
    redirectUri: z.string().trim().min(1).max(1000),
  }),
  response: z.object({ url: z.string() }),
});

const thirdPartyLogin = (provider: (typeof thirdPartyKinds)[number], label: string) =>
  defineCall({
    name: `loginBy${provider[0]!.toUpperCase()}${provider.slice(1)}`,
    method: 'POST',
    path: `/user/api/login/${provider}`,
    summary: `Sign in with ${label}: signed in when the identity is bound, else 3013 with a bind ticket`,
    tags: ['account'],
    request: thirdPartyCode,
    response: signedIn,
  });
export const loginByDingTalk = thirdPartyLogin('dingding', 'DingTalk');
export const loginByWeChat = thirdPartyLogin('weixin', 'WeChat');
export const loginByWeCom = thirdPartyLogin('workWeixin', 'WeCom');

export const thirdPartyBindSignIn = defineCall({
  name: 'thirdPartyBindSignIn',
  method: 'POST',
  path: '/user/api/login/thirdparty/bind',
  summary: 'Bind a third-party identity (its ticket from 3013) to the account signed in with phone and password',
  tags: ['account'],
  request: z.object({
    bindTicket: z.string().trim().min(1).max(2000),
    phone: zMobile(),
    password: encryptedPassword,
    ...imageCode,
  }),
  response: signedIn,
});

export const thirdPartyList = defineCall({
  name: 'thirdPartyList',
  method: 'GET',
  path: '/user/auth/user/info/thirdparty/list',
  summary: "The signed-in account's third-party identities",
  tags: ['account'],
  request: z.object({}),
  response: z.array(z.object({ provider: z.enum(thirdPartyKinds), nickname: z.string(), boundAt: z.string() })),
});

export const thirdPartyUnbind = defineCall({
  name: 'thirdPartyUnbind',
  method: 'PUT',
  path: '/user/auth/user/info/thirdparty/unbind',
  summary: 'Unbind one third-party identity of the signed-in account',
  tags: ['account'],
  request: z.object({ provider: z.enum(thirdPartyKinds) }),
  response: z.null(),
});

const thirdPartyBind = (provider: (typeof thirdPartyKinds)[number], label: string) =>
  defineCall({
    name: `bind${provider[0]!.toUpperCase()}${provider.slice(1)}`,
    method: 'POST',
    path: `/user/auth/user/info/thirdparty/bind/${provider}`,
    summary: `Bind ${label} to the signed-in account (3014 when bound to another)`,
    tags: ['account'],
    request: thirdPartyCode,
    response: z.null(),
  });
export const bindDingTalk = thirdPartyBind('dingding', 'DingTalk');
export const bindWeChat = thirdPartyBind('weixin', 'WeChat');
export const bindWeCom = thirdPartyBind('workWeixin', 'WeCom');

export const devSmsOutbox = defineCall({
  name: 'devSmsOutbox',
  method: 'GET',
  path: '/dev/api/sms/outbox',
  summary: 'Dev SMS provider only: the latest messages it "sent" to a phone (DESIGN.md section 5)',
  tags: ['dev'],
  request: z.object({ phone: zMobile() }),
  response: z.array(z.object({ phone: z.string(), content: z.string(), createdAt: z.string() })),
});
