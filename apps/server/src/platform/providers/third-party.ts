import type { Config } from '../config.ts';
/**
 * Third-party sign-in (DESIGN.md section 5): DingTalk, WeChat (open platform QR login) and WeCom.
 * Each provider builds the address the browser is sent to and turns the code it comes back with
 * into a stable identity. The `dev` providers work offline (a page of our own plays the provider);
 * the real ones are used when their credentials are configured.
 */
export const THIRD_PARTY_PROVIDERS = ['dingding', 'weixin', 'workWeixin'] as const;
export type ThirdPartyKind = (typeof THIRD_PARTY_PROVIDERS)[number];

export interface ThirdPartyIdentity {
  openId: string;
  nickname: string;
}

export interface ThirdPartyProvider {
  readonly kind: ThirdPartyKind;
  authorizeUrl(state: string, redirectUri: string): string;
  identify(code: string, redirectUri: string): Promise<ThirdPartyIdentity>;
}

export class ThirdPartyError extends Error {}

type Fetch = typeof fetch;

async function json(fetcher: Fetch, url: string, init?: RequestInit): Promise<Record<string, unknown>> {
  const res = await fetcher(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new ThirdPartyError(`${url.split('?')[0]} answered ${res.status}`);
  return body;
}

/** DingTalk OAuth 2 (login.dingtalk.com, api.dingtalk.com v1.0). */
export class DingTalkProvider implements ThirdPartyProvider {
  readonly kind = 'dingding';
  constructor(
    private readonly credentials: { clientId: string; clientSecret: string },
    private readonly fetcher: Fetch = fetch,
  ) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const q = new URLSearchParams({
      redirect_uri: redirectUri,
      response_type: 'code',
      client_id: this.credentials.clientId,
      scope: 'openid',
      state,
      prompt: 'consent',
    });
    return `https://login.dingtalk.com/oauth2/auth?${q}`;
  }

  async identify(code: string): Promise<ThirdPartyIdentity> {
    const token = await json(this.fetcher, 'https://api.dingtalk.com/v1.0/oauth2/userAccessToken', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: this.credentials.clientId,
        clientSecret: this.credentials.clientSecret,
        code,
        grantType: 'authorization_code',
      }),
    });
    if (typeof token.accessToken !== 'string') throw new ThirdPartyError('DingTalk gave no access token');
    const me = await json(this.fetcher, 'https://api.dingtalk.com/v1.0/contact/users/me', {
      headers: { 'x-acs-dingtalk-access-token': token.accessToken },
    });
    const openId = me.unionId ?? me.openId;
    if (typeof openId !== 'string') throw new ThirdPartyError('DingTalk gave no user id');
    return { openId, nickname: typeof me.nick === 'string' ? me.nick : '' };
  }
}

/** WeChat open platform website QR login (open.weixin.qq.com, api.weixin.qq.com sns). */
export class WeChatProvider implements ThirdPartyProvider {
  readonly kind = 'weixin';
  constructor(
    private readonly credentials: { appId: string; appSecret: string },
    private readonly fetcher: Fetch = fetch,
  ) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const q = new URLSearchParams({
      appid: this.credentials.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_login',
      state,
    });
    return `https://open.weixin.qq.com/connect/qrconnect?${q}#wechat_redirect`;
  }

  async identify(code: string): Promise<ThirdPartyIdentity> {
    const q = new URLSearchParams({
      appid: this.credentials.appId,
      secret: this.credentials.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    const token = await json(this.fetcher, `https://api.weixin.qq.com/sns/oauth2/access_token?${q}`);
    if (token.errcode) throw new ThirdPartyError(`WeChat: ${String(token.errmsg)}`);
    const openId = token.unionid ?? token.openid;
    if (typeof openId !== 'string') throw new ThirdPartyError('WeChat gave no user id');
    return { openId, nickname: '' };
  }
}

/** WeCom (企业微信) web login for a self-built application (login.work.weixin.qq.com, qyapi). */
export class WeComProvider implements ThirdPartyProvider {
  readonly kind = 'workWeixin';
  constructor(
    private readonly credentials: { corpId: string; agentId: string; secret: string },
    private readonly fetcher: Fetch = fetch,
  ) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const q = new URLSearchParams({
      login_type: 'CorpApp',
      appid: this.credentials.corpId,
      agentid: this.credentials.agentId,
      redirect_uri: redirectUri,
      state,
    });
    return `https://login.work.weixin.qq.com/wwlogin/sso/login?${q}`;
  }

  async identify(code: string): Promise<ThirdPartyIdentity> {
    const tq = new URLSearchParams({ corpid: this.credentials.corpId, corpsecret: this.credentials.secret });
    const token = await json(this.fetcher, `https://qyapi.weixin.qq.com/cgi-bin/gettoken?${tq}`);
    if (token.errcode || typeof token.access_token !== 'string')
      throw new ThirdPartyError('WeCom gave no access token');
    const uq = new URLSearchParams({ access_token: token.access_token, code });
    const user = await json(this.fetcher, `https://qyapi.weixin.qq.com/cgi-bin/auth/getuserinfo?${uq}`);
    const openId = user.userid ?? user.openid;
    if (user.errcode || typeof openId !== 'string') throw new ThirdPartyError(`WeCom: ${String(user.errmsg)}`);
    return { openId: `${this.credentials.corpId}:${openId}`, nickname: '' };
  }
}

/**
 * The offline provider: the browser goes to a page of our own that plays the provider (type a test
 * user name, authorise), and comes back with `dev.<name>` as the code.
 */
export class DevThirdPartyProvider implements ThirdPartyProvider {
  constructor(readonly kind: ThirdPartyKind) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const q = new URLSearchParams({ provider: this.kind, state, redirect_uri: redirectUri });
    return `/gateway/dev/api/oauth/authorize?${q}`;
  }

  async identify(code: string): Promise<ThirdPartyIdentity> {
    const name = /^dev\.([\w.-]{1,40})$/.exec(code)?.[1];
    if (!name) throw new ThirdPartyError('not a code of the dev provider');
    return { openId: `dev-${this.kind}-${name}`, nickname: name };
  }
}

/** The real provider where its credentials are configured, else the offline dev one. */
export function thirdPartyProvidersOf(config: Config): Map<ThirdPartyKind, ThirdPartyProvider> {
  const c = config;
  const real: Array<[ThirdPartyKind, ThirdPartyProvider | null]> = [
    [
      'dingding',
      c.DINGTALK_CLIENT_ID && c.DINGTALK_CLIENT_SECRET
        ? new DingTalkProvider({ clientId: c.DINGTALK_CLIENT_ID, clientSecret: c.DINGTALK_CLIENT_SECRET })
        : null,
    ],
    [
      'weixin',
      c.WECHAT_APP_ID && c.WECHAT_APP_SECRET
        ? new WeChatProvider({ appId: c.WECHAT_APP_ID, appSecret: c.WECHAT_APP_SECRET })
        : null,
    ],
    [
      'workWeixin',
      c.WECOM_CORP_ID && c.WECOM_AGENT_ID && c.WECOM_SECRET
        ? new WeComProvider({ corpId: c.WECOM_CORP_ID, agentId: c.WECOM_AGENT_ID, secret: c.WECOM_SECRET })
        : null,
    ],
  ];
  // A provider without credentials is played by its stand-in only where DEV_PROVIDERS allows it.
  const providers = new Map<ThirdPartyKind, ThirdPartyProvider>();
  for (const [kind, provider] of real) {
    if (provider) providers.set(kind, provider);
    else if (c.DEV_PROVIDERS) providers.set(kind, new DevThirdPartyProvider(kind));
  }
  return providers;
}
