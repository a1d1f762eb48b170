import { z } from 'zod';
import { defineCall } from '../call.ts';
import { zMobile } from '../validators.ts';
import { imageCode, encryptedPassword, signedIn } from './fields.ts';

/** Third-party sign-in, binding and unbinding (decision 010), served by the third-party module. */

export const thirdPartyKinds = ['dingding', 'weixin', 'workWeixin'] as const;
const thirdPartyCode = z.object({
  code: z.string().trim().min(1).max(512),
  /** The callback address the provider was given (it must be the same). */
  redirectUri: z.string().trim().min(1).max(1000),
});

export const findThirdPartyProviders = defineCall({
  name: 'findThirdPartyProviders',
  method: 'GET',
  path: '/user/api/login/thirdparty/providers',
  summary: 'The third-party sign-in providers this portal offers (the sign-in page shows their buttons)',
  tags: ['account'],
  request: z.object({}),
  response: z.array(z.enum(thirdPartyKinds)),
});

export const authorizeThirdParty = defineCall({
  name: 'authorizeThirdParty',
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

export const loginByThirdPartyBind = defineCall({
  name: 'loginByThirdPartyBind',
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

export const findThirdPartyBindings = defineCall({
  name: 'findThirdPartyBindings',
  method: 'GET',
  path: '/user/auth/user/info/thirdparty/list',
  summary: "The signed-in account's third-party identities",
  tags: ['account'],
  request: z.object({}),
  response: z.array(z.object({ provider: z.enum(thirdPartyKinds), nickname: z.string(), boundAt: z.string() })),
});

export const unbindThirdParty = defineCall({
  name: 'unbindThirdParty',
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
