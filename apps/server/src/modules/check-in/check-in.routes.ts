import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { learnerOf } from '../../platform/learner.ts';
import type { Platform } from '../../platform/platform.ts';
import { CheckInAdmin } from './check-in-admin.ts';
import { checkInClockOf } from './check-in-clock.ts';
import { CheckInRepository } from './check-in.repository.ts';
import { CheckInService } from './check-in.service.ts';

const buildService = (p: Platform): CheckInService =>
  new CheckInService(new CheckInRepository(p.db), checkInClockOf(p));

/** The platform's one check-in service, on the platform's check-in clock. */
export const checkInServiceOf = (platform: Platform): CheckInService => platform.shared(buildService);

/** Check-ins (issue 20 item 4, decision 034): check in, my plans, a plan's slots; plans made in the back office (decision 056). */
export default defineModule({
  name: 'check-in',
  register(gateway, platform) {
    const checkIns = checkInServiceOf(platform);
    gateway.call(calls.checkIn, (q, ctx) => checkIns.checkIn(learnerOf(ctx.session), q.planId));
    gateway.call(calls.findCheckInPlans, (q, ctx) => checkIns.findPlans(learnerOf(ctx.session), q));
    gateway.call(calls.findCheckInSlots, (q, ctx) => checkIns.findSlots(learnerOf(ctx.session), q));
    const admin = new CheckInAdmin(platform.db);
    gateway.call(calls.createCheckInPlan, (q, ctx) => admin.create(ctx, q));
  },
});
