import * as calls from '@portal/contract';
import { learnerOf } from '../../platform/learner.ts';
import { defineModule } from '../../platform/module.ts';
import type { Platform } from '../../platform/platform.ts';
import { BatchPackages } from './batch-packages.ts';

/** The platform's one batch-package service. */
export const batchPackagesOf = (platform: Platform) => platform.shared((p) => new BatchPackages(p.db));

/**
 * Batch packages (issue 23 item 5, decision 058): /batchPackage/query's lookup and join, the
 * learner's packages, and the back office's packages. Buying one is an order (goods type 3).
 */
export default defineModule({
  name: 'batch-package',
  register(gateway, platform) {
    const packages = batchPackagesOf(platform);
    const limited = { perMinute: platform.perMinute };
    const me = (ctx: { session: Parameters<typeof learnerOf>[0] }) => learnerOf(ctx.session);

    // A lookup by number is limited like other guesses: 10^12 numbers, a few tries a minute.
    gateway.call(calls.queryBatchPackage, (q, ctx) => packages.query(me(ctx), q.code), limited);
    gateway.call(calls.joinBatchPackage, (q, ctx) => packages.join(me(ctx), q.code), limited);
    gateway.call(calls.myBatchPackages, (_q, ctx) => packages.mine(me(ctx)));

    gateway.call(calls.findAdminBatchPackages, (q, ctx) => packages.adminPage(ctx.eid, q));
    gateway.call(calls.viewAdminBatchPackage, (q, ctx) => packages.adminView(ctx.eid, q.id));
    gateway.call(calls.saveBatchPackage, (q, ctx) => packages.save(ctx, q));
    gateway.call(calls.deleteBatchPackage, (q, ctx) => packages.remove(ctx, q.id));
  },
});
