import type { FastifyInstance } from 'fastify';
import * as calls from '@portal/contract';
import type { CaptchaStore } from '../../platform/captcha.ts';
import type { Config } from '../../platform/config.ts';
import { registerCall, type CallContext, type GatewayDeps } from '../../platform/gateway.ts';
import type { PasswordCipher } from '../../platform/password-cipher.ts';
import { DevSmsProvider, type SmsProvider } from '../../platform/providers/sms.ts';
import { hostnameOf, registrableDomain, requestLang } from '../../platform/request-context.ts';
import { clearSessionCookie, setSessionCookie } from '../../platform/session-cookie.ts';
import type { SiteService } from '../site/site.service.ts';
import type { AccountService, SignedIn } from './account.service.ts';
import type { RegistrationService } from '../registration/registration.service.ts';
import type { ProfileService } from './profile.service.ts';
import { assertMethodOffered } from './sign-in.policy.ts';

export interface AccountRouteDeps {
  accounts: AccountService;
  profiles: ProfileService;
  registrations: RegistrationService;
  captchas: CaptchaStore;
  cipher: PasswordCipher;
  site: SiteService;
  sms: SmsProvider;
  config: Pick<Config, 'SIGN_IN_PER_IP_PER_MINUTE'>;
}

/** Sign-in, codes, the signed-in person, sign-out and enterprises: thin handlers over the service. */
export function registerAccountRoutes(app: FastifyInstance, deps: GatewayDeps, account: AccountRouteDeps): void {
  const limited = { perMinute: account.config.SIGN_IN_PER_IP_PER_MINUTE };
  const site = async (ctx: CallContext) => {
    const eid = await ctx.eid();
    const website = await account.site.getWebsite(eid);
    return { eid, entName: website.entName, ip: ctx.req.ip };
  };
  const signedIn = (ctx: CallContext, result: SignedIn) => {
    setSessionCookie(ctx.req, ctx.reply, result.token, result.expiresAt);
    return { token: result.token, chooseEnterprise: result.chooseEnterprise };
  };

  registerCall(app, deps, calls.getImageCaptcha, async () => {
    const { token, img } = await account.captchas.create();
    return { token, img };
  });
  registerCall(app, deps, calls.getPasswordKey, () => ({
    publicKey: account.cipher.publicKeyPem,
    algorithm: 'RSA-OAEP-256' as const,
  }));
  registerCall(
    app,
    deps,
    calls.sendVerificationCode,
    async (input, ctx) => ({ retryDuration: await account.accounts.sendCode(input, await site(ctx)) }),
    limited,
  );
  registerCall(
    app,
    deps,
    calls.loginByPassword,
    async (input, ctx) => signedIn(ctx, await account.accounts.signInWithPassword(input, await site(ctx))),
    limited,
  );
  registerCall(
    app,
    deps,
    calls.loginByCode,
    async (input, ctx) => signedIn(ctx, await account.accounts.signInWithCode(input, await site(ctx))),
    limited,
  );
  registerCall(
    app,
    deps,
    calls.loginByEmployeeNo,
    async (input, ctx) => {
      const at = await site(ctx);
      assertMethodOffered(deps.tenancy.tenantCode(at.eid), 'employeeNo');
      return signedIn(ctx, await account.accounts.signInWithEmployeeNo(input, at));
    },
    limited,
  );
  registerCall(app, deps, calls.viewCurrentUser, (_q, ctx) => account.accounts.viewCurrentUser(ctx.session!));
  registerCall(app, deps, calls.verifyComplete, async (_q, ctx) => {
    const website = await account.site.getWebsite(ctx.session!.eid);
    const required = await account.registrations.requiredFields(ctx.session!.eid);
    return account.accounts.profileCompleteness(ctx.session!, website, required);
  });
  registerCall(
    app,
    deps,
    calls.logout,
    async (_q, ctx) => {
      await account.accounts.signOut(ctx.account!, ctx.req.ip);
      clearSessionCookie(ctx.reply);
      return null;
    },
    { session: 'account' },
  );
  registerCall(
    app,
    deps,
    calls.findEnterprises,
    async (_q, ctx) =>
      (await account.accounts.enterprises(ctx.account!)).map((m) => ({
        eid: m.eid,
        entName: m.entName,
        userEntLogo: m.userEntLogo,
        current: m.current,
        disabled: !m.active,
      })),
    { session: 'account' },
  );
  registerCall(
    app,
    deps,
    calls.chooseEnterprise,
    async (input, ctx) => {
      const result = await account.accounts.choose(ctx.account!, input.eid, ctx.req.ip);
      setSessionCookie(ctx.req, ctx.reply, result.token, result.expiresAt);
      return { token: result.token, siteUrl: await handoffUrl(ctx, input.eid) };
    },
    { session: 'account' },
  );
  // The other end of a handoff, on the enterprise's own address: the page shows whom the link
  // signs in and asks; only then (a POST like every call, so no other site can make a browser
  // sign in as someone else by a link alone) the ticket opens a session there.
  registerCall(app, deps, calls.viewHandoff, async (q, ctx) => {
    const eid = await ctx.eid();
    return account.accounts.viewHandoff(q.ticket, eid, (await account.site.getWebsite(eid)).entName);
  });
  registerCall(
    app,
    deps,
    calls.loginByHandoff,
    async (input, ctx) => signedIn(ctx, await account.accounts.takeHandoff(input.ticket, await ctx.eid(), ctx.req.ip)),
    limited,
  );

  /**
   * The session cookie belongs to one host: when the chosen enterprise's site has its own address
   * (a plain host name that leads to that enterprise), a one-time link carries the session there.
   */
  const handoffUrl = async (ctx: CallContext, eid: number): Promise<string | null> => {
    const correct = (await account.site.getWebsite(eid)).correctDomain.trim().toLowerCase();
    const host = ctx.req.headers.host ?? '';
    if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(correct)) return null;
    if (hostnameOf(host) === correct) return null;
    const there = await deps.tenancy.resolveEid({ domain: registrableDomain(correct) }).catch(() => null);
    if (there !== eid) return null;
    const url = new URL(`${ctx.req.protocol}://${correct}`);
    url.port = /:(\d+)$/.exec(host)?.[1] ?? '';
    url.pathname = requestLang(ctx.req) === 'en' ? '/en/callbackLogin' : '/callbackLogin';
    url.searchParams.set('handoff', await account.accounts.handoffTicket(ctx.account!.accountId, eid));
    return url.href;
  };

  // Password and phone changes end every session of the account, this one included.
  const ended = (ctx: CallContext) => {
    clearSessionCookie(ctx.reply);
    return null;
  };
  registerCall(
    app,
    deps,
    calls.resetPassword,
    async (input, ctx) => {
      await account.accounts.resetPassword(input, await site(ctx));
      return null;
    },
    limited,
  );
  registerCall(app, deps, calls.setPassword, async (input, ctx) => {
    await account.accounts.setFirstPassword(ctx.session!, input, ctx.req.ip);
    return ended(ctx);
  });
  registerCall(
    app,
    deps,
    calls.updatePassword,
    async (input, ctx) => {
      await account.accounts.changePassword(ctx.session!, input, ctx.req.ip);
      return ended(ctx);
    },
    limited,
  );
  registerCall(
    app,
    deps,
    calls.sendAccountCode,
    async (input, ctx) => ({
      retryDuration: await account.accounts.sendAccountCode(ctx.session!, input, await site(ctx)),
    }),
    limited,
  );
  registerCall(app, deps, calls.updatePhone, async (input, ctx) => {
    await account.accounts.changePhone(ctx.session!, input, ctx.req.ip);
    return ended(ctx);
  });

  registerCall(app, deps, calls.deregister, async (input, ctx) => {
    await account.accounts.cancel(ctx.session!, input, ctx.req.ip);
    return ended(ctx);
  });
  registerCall(app, deps, calls.viewUserDetail, (_q, ctx) => account.profiles.detail(ctx.session!));
  registerCall(app, deps, calls.viewConfirmSetting, (_q, ctx) => account.profiles.confirmationsOwed(ctx.session!));
  registerCall(app, deps, calls.updateConfirm, async (input, ctx) => {
    await account.profiles.confirm(ctx.session!, input.type);
    return null;
  });
  registerCall(app, deps, calls.getHeadshotUrl, async (_q, ctx) => ({
    url: await account.profiles.headshotUrl(ctx.session!),
  }));
  registerCall(app, deps, calls.updateUserInfo, async (input, ctx) => {
    await account.profiles.updateInfo(ctx.session!, input);
    return null;
  });
  registerCall(app, deps, calls.checkIdCard, async (input, ctx) => {
    await account.profiles.checkIdCard(ctx.session!, input.idCard);
    return null;
  });
  registerCall(app, deps, calls.updateIdv, async (input, ctx) => {
    const website = await account.site.getWebsite(ctx.session!.eid);
    await account.profiles.verify(ctx.session!, input, website.verifyOpenSet);
    return null;
  });

  const { sms } = account;
  if (sms instanceof DevSmsProvider) {
    registerCall(app, deps, calls.findDevSmsOutbox, async (input) =>
      (await sms.outbox(input.phone)).map((r) => ({
        phone: r.phone,
        content: r.content,
        createdAt: r.createdAt.toISOString(),
      })),
    );
  }
}
