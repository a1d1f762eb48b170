import * as calls from '@portal/contract';
import { requestToken } from '../../platform/gateway.ts';
import { defineModule } from '../../platform/module.ts';
import { setSessionCookie } from '../../platform/session-cookie.ts';
import { RegistrationReview } from './registration-review.ts';
import { registrationServiceOf } from './registration.service.ts';

/** Registration: the form configuration, the position hierarchy, checks and registering. */
export default defineModule({
  name: 'registration',
  register(gateway, platform) {
    const registrations = registrationServiceOf(platform);
    const limited = { perMinute: platform.perMinute };
    const review = new RegistrationReview(platform.db);
    gateway.call(calls.findPendingRegistrations, (q, ctx) => review.findPendingRegistrations(ctx.eid, q));
    gateway.call(calls.decideRegistration, async (q, ctx) => {
      await review.decideRegistration(ctx.eid, ctx.session.accountId, q, ctx.audit);
      return null;
    });
    gateway.call(calls.viewRegistrationConfig, async (_q, ctx) =>
      registrations.viewRegistrationConfig(await ctx.eid()),
    );
    gateway.call(calls.findPositions, async (q, ctx) =>
      registrations.findPositions(await ctx.eid(), q.level, q.pathNo),
    );
    gateway.call(calls.viewAutoAudit, async (_q, ctx) => ({
      autoAudit: await registrations.viewAutoAudit(await ctx.eid()),
    }));
    gateway.call(
      calls.checkPhone,
      async (input) => {
        await registrations.checkPhone(input.phone);
        return null;
      },
      limited,
    );
    gateway.call(
      calls.checkIdCardForRegistration,
      async (input) => {
        await registrations.checkIdCardForRegistration(input.idCard, input);
        return null;
      },
      limited,
    );
    gateway.call(
      calls.register,
      async (input, ctx) => {
        const eid = await ctx.eid();
        const website = await platform.site.viewWebsite(eid);
        const result = await registrations.register(input, { eid, ip: ctx.req.ip, website });
        if (result.expiresAt) setSessionCookie(ctx.req, ctx.reply, result.token, result.expiresAt);
        return { audited: result.audited, token: result.token };
      },
      limited,
    );
    // The checks of the registration and profile pages and the correction of a pending
    // registration (decision 019): public, limited per address like registering.
    gateway.call(calls.checkPhoneExists, (q) => registrations.checkPhoneExists(q), limited);
    gateway.call(
      calls.checkEditPhone,
      async (input, ctx) => {
        await registrations.checkEditPhone({ phone: input.phone, token: requestToken(ctx.req) });
        return null;
      },
      limited,
    );
    gateway.call(
      calls.checkVerificationCode,
      async (input) => {
        await registrations.checkVerificationCode(input);
        return null;
      },
      limited,
    );
    gateway.call(
      calls.editRegistration,
      async (input, ctx) => {
        const eid = await ctx.eid();
        const website = await platform.site.viewWebsite(eid);
        const result = await registrations.editRegistration(input, { eid, ip: ctx.req.ip, website });
        if (result.expiresAt) setSessionCookie(ctx.req, ctx.reply, result.token, result.expiresAt);
        return { audited: result.audited, token: result.token };
      },
      limited,
    );
  },
});
