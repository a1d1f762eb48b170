import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { TtlCache } from './cache.ts';
import { requestToken } from './gateway.ts';
import { hashToken, type SessionStore } from './session.ts';

/**
 * Who a gateway call is counted against (decision 022). A whole company often reaches the portal
 * from one address (NAT), so signed-in traffic is counted per account, whatever address it comes
 * from: `account:<id>`, RATE_LIMIT_PER_ACCOUNT_PER_MINUTE. Calls without a session (visitors,
 * sign-in) are counted per client address: `address:<ip>`, RATE_LIMIT_PER_MINUTE. A token counts as
 * a session only when it opens one: made-up tokens are counted against their address, so they
 * cannot buy fresh budgets. The per-call limits (`perMinute`: sign-in, codes, writing calls) use
 * the same keys with their own, tighter budget.
 */
export class RateLimitKeys {
  /**
   * The account of a token hash (0: no valid session), remembered for a minute: one look-up per
   * token a minute, not one per call. A session ended meanwhile is still counted against its
   * account until then; that decides only the budget, never access.
   */
  private readonly accounts = new TtlCache<{ accountId: number }>({ max: 20_000, ttlMs: 60_000 });

  constructor(
    private readonly sessions: SessionStore,
    private readonly limits: { perAccount: number; perAddress: number },
  ) {}

  /** The `keyGenerator` of @fastify/rate-limit. */
  readonly key = async (req: FastifyRequest): Promise<string> => {
    const token = requestToken(req);
    if (token) {
      const { accountId } = await this.accounts.get(hashToken(token), async () => ({
        accountId: await this.sessions.authenticateAccount(token).then(
          (session) => session.accountId,
          () => 0, // unknown, expired, ended, or the database is down: counted by address
        ),
      }));
      if (accountId) return `account:${accountId}`;
    }
    return `address:${addressKey(req.ip)}`;
  };

  /** The gateway-wide budget of a key (`max` of @fastify/rate-limit); per-call limits set their own. */
  readonly max = (_req: FastifyRequest, key: string): number =>
    key.startsWith('account:') ? this.limits.perAccount : this.limits.perAddress;
}

/**
 * The route options of a route outside the gateway that a third party calls (a payment channel's
 * or Nuonuo's notification): its own budget per client address, whatever the request says. A
 * flood of forged notifications would otherwise cost a signature check and a stored row each
 * (decision 057); a channel refused with 429 sends its notification again later.
 */
export function perAddressLimit(max: number) {
  return {
    config: {
      rateLimit: {
        max,
        timeWindow: 60_000,
        // The gateway-wide allow list passes every route outside the gateway: not this one.
        allowList: () => false,
        keyGenerator: (req: FastifyRequest) => `address:${addressKey(req.ip)}`,
      },
    },
  };
}

/**
 * The part of a client address one budget is counted against: an IPv4 address as it is, an IPv6
 * address by its /64 network. One subscriber (a home, an office, a cloud machine) is given a whole
 * /64 and can use any of its 2^64 addresses: counted one by one, each would bring a fresh budget.
 * An IPv4 address written as IPv6 (::ffff:a.b.c.d) counts as that IPv4 address.
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  // An IPv4 tail (::ffff:1.2.3.4 in other spellings, 64:ff9b::1.2.3.4) takes two groups; only
  // the first four groups matter here, which it never reaches unless the address is short.
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
