import * as calls from '@portal/contract';
import { defineModule } from '../../platform/module.ts';
import { BackOfficeRepository } from './back-office.repository.ts';
import { BackOfficeService } from './back-office.service.ts';

/**
 * The back office's own calls (issue 21, decision 036): the audit log and the dashboard. Its
 * calls are `admin` (an administrator of the session's enterprise); the screens of people,
 * courses and content add their calls in their own modules, under the same access and audit.
 */
export default defineModule({
  name: 'back-office',
  register(gateway, platform) {
    const service = new BackOfficeService(new BackOfficeRepository(platform.db));
    gateway.call(calls.findAuditLog, (q, ctx) => service.findAuditLog(ctx.eid, q));
    gateway.call(calls.viewDashboard, (_q, ctx) => service.viewDashboard(ctx.eid, ctx.lang));
  },
});
