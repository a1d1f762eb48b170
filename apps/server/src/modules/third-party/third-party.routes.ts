import * as calls from '@portal/contract';
import { GATEWAY_PREFIX, THIRD_PARTY_STATE_PREFIX } from '@portal/contract';
import type { PublicContext } from '../../platform/gateway.ts';
import { defineModule } from '../../platform/module.ts';
import { DevThirdPartyProvider, type ThirdPartyKind } from '../../platform/providers/third-party.ts';
import { setSessionCookie } from '../../platform/session-cookie.ts';
import { AccountRepository, accountServiceOf, assertProviderOffered, offeredProviders } from '../account/index.ts';
import { ThirdPartyService } from './third-party.service.ts';

const html = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const NAMES: Record<ThirdPartyKind, string> = { dingding: '钉钉', weixin: '微信', workWeixin: '企业微信' };

/** Third-party sign-in, binding and unbinding; the dev providers' stand-in authorisation page. */
export default defineModule({
  name: 'third-party',
  register(gateway, platform) {
    const { app } = gateway;
    const { site, tenancy } = platform;
    const providers = platform.thirdPartyProviders;
    const thirdParty = new ThirdPartyService({
      providers,
      accounts: new AccountRepository(platform.db, platform.systemDb),
      signIn: accountServiceOf(platform),
      signer: platform.signer,
    });
    const limited = { perMinute: platform.perMinute };
    const siteOf = async (ctx: PublicContext) => {
      const eid = await ctx.eid();
      return { eid, entName: (await site.viewWebsite(eid)).entName, ip: ctx.req.ip };
    };
    const tenantCode = async (ctx: PublicContext) => tenancy.tenantCode(await ctx.eid());

    gateway.call(calls.findThirdPartyProviders, async (_q, ctx) =>
      offeredProviders(await tenantCode(ctx), providers.keys()),
    );
    gateway.call(calls.authorizeThirdParty, async (q, ctx) => {
      assertProviderOffered(await tenantCode(ctx), q.provider);
      return { url: thirdParty.authorizeThirdParty(q.provider, q.state, q.redirectUri, ctx.req.headers.host) };
    });
    for (const [call, kind] of [
      [calls.loginByDingTalk, 'dingding'],
      [calls.loginByWeChat, 'weixin'],
      [calls.loginByWeCom, 'workWeixin'],
    ] as const) {
      gateway.call(
        call,
        async (input, ctx) => {
          assertProviderOffered(await tenantCode(ctx), kind);
          const result = await thirdParty.loginByThirdParty(kind, input.code, input.redirectUri, {
            ...(await siteOf(ctx)),
            host: ctx.req.headers.host,
          });
          setSessionCookie(ctx.req, ctx.reply, result.token, result.expiresAt);
          return { token: result.token, chooseEnterprise: result.chooseEnterprise };
        },
        limited,
      );
    }
    for (const [call, kind] of [
      [calls.bindDingTalk, 'dingding'],
      [calls.bindWeChat, 'weixin'],
      [calls.bindWeCom, 'workWeixin'],
    ] as const) {
      gateway.call(call, async (input, ctx) => {
        assertProviderOffered(tenancy.tenantCode(ctx.eid), kind);
        await thirdParty.bindThirdParty(ctx.session, kind, input.code, input.redirectUri, ctx.req.headers.host);
        return null;
      });
    }
    gateway.call(
      calls.loginByThirdPartyBind,
      async (input, ctx) => {
        const tenant = await tenantCode(ctx);
        const result = await thirdParty.loginByThirdPartyBind(input, await siteOf(ctx), (kind) =>
          assertProviderOffered(tenant, kind),
        );
        setSessionCookie(ctx.req, ctx.reply, result.token, result.expiresAt);
        return { token: result.token, chooseEnterprise: result.chooseEnterprise };
      },
      limited,
    );
    gateway.call(calls.findThirdPartyBindings, (_q, ctx) => thirdParty.findThirdPartyBindings(ctx.session.accountId));
    gateway.call(calls.unbindThirdParty, async (input, ctx) => {
      await thirdParty.unbindThirdParty(ctx.session.accountId, input.provider);
      return null;
    });

    // The offline providers' authorisation page: plays DingTalk, WeChat or WeCom for a test user.
    if ([...providers.values()].some((p) => p instanceof DevThirdPartyProvider)) {
      // Only back to this host's callback page: the stand-in page is no redirector for others.
      const checked = (q: { provider?: string; state?: string; redirect_uri?: string }, host: string | undefined) => {
        const provider = providers.get(q.provider as ThirdPartyKind);
        let target: URL | null = null;
        try {
          target = new URL(q.redirect_uri ?? '');
        } catch {
          target = null;
        }
        const ok =
          provider instanceof DevThirdPartyProvider &&
          target !== null &&
          target.host === host &&
          /^https?:$/.test(target.protocol) &&
          /^\/(en\/)?callbackLogin$/.test(target.pathname) &&
          !!q.state?.startsWith(THIRD_PARTY_STATE_PREFIX);
        return ok ? { provider: provider as DevThirdPartyProvider, target: target!, state: q.state! } : null;
      };
      app.get(`${GATEWAY_PREFIX}/dev/api/oauth/authorize`, async (req, reply) => {
        const c = checked(req.query as Record<string, string>, req.headers.host);
        if (!c) return reply.status(400).type('text/plain; charset=utf-8').send('Bad request');
        const name = NAMES[c.provider.kind];
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
        return reply.type('text/html; charset=utf-8').send(`<!doctype html>
  <html lang="zh-CN"><head><meta charset="utf-8"><title>模拟${name}授权</title>
  <style>body{font-family:sans-serif;max-width:420px;margin:80px auto;padding:24px;border:1px solid #ddd;border-radius:8px}
  input,button{font-size:16px;padding:8px;width:100%;box-sizing:border-box;margin:8px 0}</style></head>
  <body><h1>模拟${name}授权</h1>
  <p>开发环境没有真实的${name}应用，此页代替${name}完成授权。同一个测试用户名即同一个${name}账号。</p>
  <form method="get" action="${GATEWAY_PREFIX}/dev/api/oauth/approve">
  <input type="hidden" name="provider" value="${html(c.provider.kind)}">
  <input type="hidden" name="state" value="${html(c.state)}">
  <input type="hidden" name="redirect_uri" value="${html(c.target.href)}">
  <label>测试用户名<input name="user" value="tester" pattern="[\\w.\\-]{1,40}" required></label>
  <button type="submit">授权登录</button></form></body></html>`);
      });
      app.get(`${GATEWAY_PREFIX}/dev/api/oauth/approve`, async (req, reply) => {
        const q = req.query as Record<string, string>;
        const c = checked(q, req.headers.host);
        if (!c || !/^[\w.-]{1,40}$/.test(q.user ?? ''))
          return reply.status(400).type('text/plain; charset=utf-8').send('Bad request');
        c.target.searchParams.set('code', `dev.${q.user}`);
        c.target.searchParams.set('state', c.state);
        return reply.redirect(c.target.href);
      });
    }
  },
});
