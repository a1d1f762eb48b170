import { and, eq } from 'drizzle-orm';
import { ErrorCode, type TenantCode } from '@portal/contract';
import { schema, type Db } from '@portal/db';
import { TtlCache } from './cache.ts';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';

export interface SiteKey {
  /** Registrable domain of the host (the `domain` header). */
  domain: string;
  /** Enterprise asked for by query, cookie or session; the domain's default when absent. */
  eid?: number | undefined;
}

/**
 * Finds the tenant: an explicit eid names an active enterprise; otherwise the domain's default
 * enterprise serves. Results are cached briefly (SITE_CACHE_TTL_MS).
 */
export class Tenancy {
  private readonly byKey: TtlCache<{ eid: number }>;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'TENANT_CODES' | 'SITE_CACHE_TTL_MS'>,
  ) {
    this.byKey = new TtlCache({ max: 5000, ttlMs: config.SITE_CACHE_TTL_MS });
  }

  async resolveEid(key: SiteKey): Promise<number> {
    const cacheKey = `${key.domain}|${key.eid ?? ''}`;
    const { eid } = await this.byKey.get(cacheKey, async () => ({ eid: await this.lookup(key) }));
    return eid;
  }

  tenantCode(eid: number): TenantCode | null {
    return this.config.TENANT_CODES.get(eid) ?? null;
  }

  private async lookup(key: SiteKey): Promise<number> {
    if (key.eid !== undefined) {
      const rows = await this.db
        .select({ eid: schema.enterprises.eid })
        .from(schema.enterprises)
        .where(and(eq(schema.enterprises.eid, key.eid), eq(schema.enterprises.status, 1)))
        .limit(1);
      if (rows[0]) return rows[0].eid;
      throw new AppError(ErrorCode.ENTERPRISE_NOT_FOUND);
    }
    const rows = await this.db
      .select({ eid: schema.enterpriseDomains.eid })
      .from(schema.enterpriseDomains)
      .innerJoin(schema.enterprises, eq(schema.enterprises.eid, schema.enterpriseDomains.eid))
      .where(
        and(
          eq(schema.enterpriseDomains.domain, key.domain),
          eq(schema.enterpriseDomains.isDefault, true),
          eq(schema.enterprises.status, 1),
        ),
      )
      .limit(1);
    if (rows[0]) return rows[0].eid;
    throw new AppError(ErrorCode.ENTERPRISE_NOT_FOUND);
  }
}
