import { z } from 'zod';
import { defineCall } from '../call.ts';
import { encryptedIdCard } from './fields.ts';

/** Profile calls (account-area.md section 7), served by the profile module: the personal-information page. */

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

export const viewUserDetail = defineCall({
  name: 'viewUserDetail',
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

export const viewConfirmSetting = defineCall({
  name: 'viewConfirmSetting',
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

export const getHeadshotUrl = defineCall({
  name: 'getHeadshotUrl',
  method: 'GET',
  path: '/user/auth/enterprise/user/info/get/headshot/url',
  summary: "A short-lived link to the signed-in person's one-inch photo ('' when none)",
  tags: ['account'],
  request: z.object({}),
  response: z.object({ url: z.string() }),
});

export const updateUserInfo = defineCall({
  name: 'updateUserInfo',
  method: 'PUT',
  path: '/user/auth/enterprise/user/info/update',
  summary:
    'Edit info: nickname, detail fields, avatar (a URL from upload/pic), one-inch photo (a key from upload/private/file)',
  tags: ['account'],
  request: z.object({
    userName: z.string().trim().max(15, { error: '昵称最多15个字' }).optional(),
    headPortrait: z.string().trim().max(300).optional(),
    headshot: z.string().trim().max(300).optional(),
    /** The configured detail fields (checked as at registration; replaces what was kept). */
    userDetail: z.record(z.string(), z.string().max(300)).optional(),
  }),
  response: z.null(),
});
