import * as calls from '@portal/contract';
import { ErrorCode } from '@portal/contract';
import type { AccountContext, PublicContext } from '../../platform/gateway.ts';
import { AppError } from '../../platform/errors.ts';
import { defineModule } from '../../platform/module.ts';
import { DevSmsProvider } from '../../platform/providers/sms.ts';
import { hostnameOf, registrableDomain, requestLang } from '../../platform/request-context.ts';
import { clearSessionCookie, setSessionCookie } from '../../platform/session-cookie.ts';
import { registrationFormsOf, registrationTicketsOf } from '../registration-form/index.ts';
import { accountServiceOf, type SignedIn } from './account.service.ts';
import { assertMethodOffered } from './sign-in.policy.ts';

/** Sign-in, codes, the signed-in person, sign-out and enterprises: thin handlers over the service. */
export default defineModule({
  name: 'account',
  register(gateway, platform) {
    const { site, captchas, cipher, sms, tenancy } = platform;
    const accounts = accountServiceOf(platform);
    const forms = registrationFormsOf(platform);
    const tickets = registrationTicketsOf(platform);
    const limited = { perMinute: platform.perMinute };
    const siteOf = async (ctx: PublicContext) => {
      const eid = await ctx.eid();
      const website = await site.viewWebsite(eid);
      return { eid, entName: website.entName, ip: ctx.req.ip };
    };
    const signedIn = (ctx: PublicContext, result: SignedIn) => {
      setSessionCookie(ctx.req, ctx.reply, result.token, result.expiresAt);
      return { token: result.token, chooseEnterprise: result.chooseEnterprise };
    };

    gateway.call(calls.getImageCaptcha, async () => {
      const { token, img } = await captchas.create();
      return { token, img };
    });
    gateway.call(calls.getPasswordKey, () => ({ publicKey: cipher.publicKeyPem, algorithm: 'RSA-OAEP-256' as const }));
    gateway.call(
      calls.sendVerificationCode,
      async (input, ctx) => {
        const at = await siteOf(ctx);
        // A registration code starts a registration: only where the site registers, and it gives
        // the browser the ticket its one-inch photo is uploaded with (registration-form module).
        const registering = input.verificationCodeType === calls.SmsPurpose.REGISTER;
        if (registering && !(await site.viewWebsite(at.eid)).registerOpenSet) {
          throw new AppError(ErrorCode.REGISTRATION_CLOSED);
        }
        const retryDuration = await accounts.sendVerificationCode(input, at);
        if (registering) tickets.issue(ctx.req, ctx.reply, at.eid);
        return { retryDuration };
      },
      limited,
    );
    gateway.call(
      calls.loginByPassword,
      async (input, ctx) => signedIn(ctx, await accounts.loginByPassword(input, await siteOf(ctx))),
      limited,
    );
    gateway.call(
      calls.loginByCode,
      async (input, ctx) => signedIn(ctx, await accounts.loginByCode(input, await siteOf(ctx))),
      limited,
    );
    gateway.call(
      calls.loginByEmployeeNo,
      async (input, ctx) => {
        const at = await siteOf(ctx);
        assertMethodOffered(tenancy.tenantCode(at.eid), 'employeeNo');
        return signedIn(ctx, await accounts.loginByEmployeeNo(input, at));
      },
      limited,
    );
    gateway.call(calls.viewCurrentUser, (_q, ctx) => accounts.viewCurrentUser(ctx.session));
    gateway.call(calls.verifyComplete, async (_q, ctx) => {
      const website = await site.viewWebsite(ctx.eid);
      const required = await forms.requiredFields(ctx.eid);
      return accounts.verifyComplete(ctx.session, website, required);
    });
    gateway.call(calls.logout, async (_q, ctx) => {
      await accounts.logout(ctx.account, ctx.req.ip);
      clearSessionCookie(ctx.reply);
      return null;
    });
    gateway.call(calls.findEnterprises, async (_q, ctx) =>
      (await accounts.findEnterprises(ctx.account)).map((m) => ({
        eid: m.eid,
        entName: m.entName,
        userEntLogo: m.userEntLogo,
        current: m.current,
        disabled: !m.active,
      })),
    );
    gateway.call(calls.chooseEnterprise, async (input, ctx) => {
      const result = await accounts.chooseEnterprise(ctx.account, input.eid, ctx.req.ip);
      setSessionCookie(ctx.req, ctx.reply, result.token, result.expiresAt);
      return { token: result.token, siteUrl: await handoffUrl(ctx, input.eid) };
    });
    // The other end of a handoff, on the enterprise's own address: the page shows whom the link
    // signs in and asks; only then (a POST like every call, so no other site can make a browser
    // sign in as someone else by a link alone) the ticket opens a session there.
    gateway.call(calls.viewHandoff, async (q, ctx) => {
      const eid = await ctx.eid();
      return accounts.viewHandoff(q.ticket, eid, (await site.viewWebsite(eid)).entName);
    });
    gateway.call(
      calls.loginByHandoff,
      async (input, ctx) => signedIn(ctx, await accounts.loginByHandoff(input.ticket, await ctx.eid(), ctx.req.ip)),
      limited,
    );

    /**
     * The session cookie belongs to one host: when the chosen enterprise's site has its own address
     * (a plain host name that leads to that enterprise), a one-time link carries the session there.
     */
    const handoffUrl = async (ctx: AccountContext, eid: number): Promise<string | null> => {
      const correct = (await site.viewWebsite(eid)).correctDomain.trim().toLowerCase();
      const host = ctx.req.headers.host ?? '';
      if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(correct)) return null;
      if (hostnameOf(host) === correct) return null;
      const there = await tenancy.resolveEid({ domain: registrableDomain(correct) }).catch(() => null);
      if (there !== eid) return null;
      const url = new URL(`${ctx.req.protocol}://${correct}`);
      url.port = /:(\d+)$/.exec(host)?.[1] ?? '';
      url.pathname = requestLang(ctx.req) === 'en' ? '/en/callbackLogin' : '/callbackLogin';
      url.searchParams.set('handoff', await accounts.handoffTicket(ctx.account.accountId, eid));
      return url.href;
    };

    // Password and phone changes end every session of the account, this one included.
    const ended = (ctx: { reply: PublicContext['reply'] }) => {
      clearSessionCookie(ctx.reply);
      return null;
    };
    gateway.call(
      calls.resetPassword,
      async (input, ctx) => {
        await accounts.resetPassword(input, await siteOf(ctx));
        return null;
      },
      limited,
    );
    gateway.call(calls.setPassword, async (input, ctx) => {
      await accounts.setPassword(ctx.session, input, ctx.req.ip);
      return ended(ctx);
    });
    gateway.call(
      calls.updatePassword,
      async (input, ctx) => {
        await accounts.updatePassword(ctx.session, input, ctx.req.ip);
        return ended(ctx);
      },
      limited,
    );
    gateway.call(
      calls.sendAccountCode,
      async (input, ctx) => ({
        retryDuration: await accounts.sendAccountCode(ctx.session, input, {
          eid: ctx.eid,
          entName: (await site.viewWebsite(ctx.eid)).entName,
          ip: ctx.req.ip,
        }),
      }),
      limited,
    );
    gateway.call(calls.updatePhone, async (input, ctx) => {
      await accounts.updatePhone(ctx.session, input, ctx.req.ip);
      return ended(ctx);
    });
    gateway.call(calls.deregister, async (input, ctx) => {
      await accounts.deregister(ctx.session, input, ctx.req.ip);
      return ended(ctx);
    });

    if (sms instanceof DevSmsProvider) {
      gateway.call(calls.findDevSmsOutbox, async (input) =>
        (await sms.outbox(input.phone)).map((r) => ({
          phone: r.phone,
          content: r.content,
          createdAt: r.createdAt.toISOString(),
        })),
      );
    }
  },
});
