import type { FastifyInstance } from 'fastify';
import * as calls from '@portal/contract';
import { registerCall, requestToken, type CallContext, type GatewayDeps } from '../../platform/gateway.ts';
import { setSessionCookie } from '../../platform/session-cookie.ts';
import type { SiteService } from '../site/site.service.ts';
import type { RegistrationService } from './registration.service.ts';

/** Registration: the form configuration, the position hierarchy, checks and registering. */
export function registerRegistrationRoutes(
  app: FastifyInstance,
  deps: GatewayDeps,
  r: { registrations: RegistrationService; site: SiteService; perMinute: number },
): void {
  const limited = { perMinute: r.perMinute };
  registerCall(app, deps, calls.registrationConfig, async (_q, ctx) => r.registrations.config(await ctx.eid()));
  registerCall(app, deps, calls.positionMenu, async (q, ctx) =>
    r.registrations.positions(await ctx.eid(), q.level, q.pathNo),
  );
  registerCall(app, deps, calls.registerAutoAudit, async (_q, ctx) => ({
    autoAudit: await r.registrations.autoAudit(await ctx.eid()),
  }));
  registerCall(
    app,
    deps,
    calls.checkPhone,
    async (input) => {
      await r.registrations.checkPhone(input.phone);
      return null;
    },
    limited,
  );
  registerCall(
    app,
    deps,
    calls.checkIdCardForRegistration,
    async (input) => {
      await r.registrations.checkIdCard(input.idCard, input);
      return null;
    },
    limited,
  );
  registerCall(
    app,
    deps,
    calls.register,
    async (input, ctx: CallContext) => {
      const eid = await ctx.eid();
      const website = await r.site.getWebsite(eid);
      const result = await r.registrations.register(input, { eid, ip: ctx.req.ip, website });
      if (result.expiresAt) setSessionCookie(ctx.req, ctx.reply, result.token, result.expiresAt);
      return { audited: result.audited, token: result.token };
    },
    limited,
  );
  registerCall(app, deps, calls.checkPhoneExists, async (q) => r.registrations.checkPhoneExists(q), limited);
  registerCall(
    app,
    deps,
    calls.checkEditPhone,
    async (input, ctx) => {
      await r.registrations.checkEditPhone({ phone: input.phone, token: requestToken(ctx.req) });
      return null;
    },
    limited,
  );
  registerCall(
    app,
    deps,
    calls.checkVerificationCode,
    async (input) => {
      await r.registrations.checkVerificationCode(input);
      return null;
    },
    limited,
  );
  registerCall(
    app,
    deps,
    calls.editRegistration,
    async (input, ctx: CallContext) => {
      const eid = await ctx.eid();
      const website = await r.site.getWebsite(eid);
      const result = await r.registrations.editRegistration(input, { eid, ip: ctx.req.ip, website });
      if (result.expiresAt) setSessionCookie(ctx.req, ctx.reply, result.token, result.expiresAt);
      return { audited: result.audited, token: result.token };
    },
    limited,
  );
}
