import { ErrorCode } from '@portal/contract';
import { AppError } from './errors.ts';
import { requestToken, type CallContext, type GatewayDeps } from './gateway.ts';

/**
 * The enterprise of a public call that visitors may make only where the site's visitor mode
 * (visitorOpenSet) is on: a signed-in learner's enterprise; a visitor's site, or 301 (请先登录)
 * when its visitor mode is off, as the route guard sends visitors of such a site to /login.
 */
export async function visitorModeEid(
  ctx: CallContext,
  deps: GatewayDeps,
  visitorOpen: (eid: number) => Promise<boolean>,
): Promise<number> {
  const token = requestToken(ctx.req);
  if (token) {
    const session = await deps.sessions.authenticate(token).catch(() => null);
    if (session) return session.eid;
  }
  const eid = await ctx.eid();
  if (!(await visitorOpen(eid))) throw new AppError(ErrorCode.NOT_SIGNED_IN);
  return eid;
}
