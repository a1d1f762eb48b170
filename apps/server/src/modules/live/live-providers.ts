import { eq } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@portal/db';
import { LIVE_DEFAULT_ATTENDANCE_PERCENT, type LiveSettings } from '@portal/contract';
import { TtlCache } from '../../platform/cache.ts';
import type { IdCardVault } from '../../platform/id-card-vault.ts';

/** What may be shown of an enterprise's providers (`live_settings.providers`). */
const SHOWN = [
  'ingestPushUrl',
  'ingestPlayUrl',
  'aliyunPlayDomain',
  'aliyunAppName',
  'tencentPlayDomain',
  'tencentAppName',
] as const;
/** The keys, encrypted together in `live_settings.secrets`. */
const SECRETS = ['ingestSecret', 'aliyunKey', 'tencentKey'] as const;
type Secret = (typeof SECRETS)[number];

export type ProviderSettings = Record<(typeof SHOWN)[number] | Secret, string> & { attendancePercent: number };

const ls = schema.liveSettings;

/**
 * An enterprise's live settings (decision 060): the attendance share and its providers' addresses,
 * the keys encrypted at rest (the vault's AES-256-GCM) and read only to sign play addresses.
 */
export class LiveProviders {
  private readonly cache = new TtlCache<ProviderSettings>({ max: 500, ttlMs: 30_000 });

  constructor(
    private readonly db: Db,
    private readonly vault: IdCardVault,
  ) {}

  private async read(db: Db | Tx, eid: number): Promise<ProviderSettings> {
    const [row] = await db.select().from(ls).where(eq(ls.eid, eid));
    const secrets = row?.secrets
      ? (JSON.parse(this.vault.decrypt(row.secrets)) as Partial<Record<Secret, string>>)
      : {};
    const shown = row?.providers ?? {};
    return {
      attendancePercent: row?.attendancePercent ?? LIVE_DEFAULT_ATTENDANCE_PERCENT,
      ...(Object.fromEntries(SHOWN.map((k) => [k, shown[k] ?? ''])) as Record<(typeof SHOWN)[number], string>),
      ...(Object.fromEntries(SECRETS.map((k) => [k, secrets[k] ?? ''])) as Record<Secret, string>),
    };
  }

  forget(eid: number) {
    this.cache.forget((k) => k === String(eid));
  }

  of(eid: number): Promise<ProviderSettings> {
    return this.cache.get(String(eid), () => this.read(this.db, eid));
  }

  /** The settings as the back office sees them: keys only as whether one is kept. */
  static present(s: ProviderSettings): LiveSettings {
    return {
      attendancePercent: s.attendancePercent,
      ingestPushUrl: s.ingestPushUrl,
      ingestPlayUrl: s.ingestPlayUrl,
      aliyunPlayDomain: s.aliyunPlayDomain,
      aliyunAppName: s.aliyunAppName,
      tencentPlayDomain: s.tencentPlayDomain,
      tencentAppName: s.tencentAppName,
      hasIngestSecret: s.ingestSecret !== '',
      hasAliyunKey: s.aliyunKey !== '',
      hasTencentKey: s.tencentKey !== '',
    };
  }

  /**
   * Saves the settings in the caller's transaction: a key given replaces the stored one, '' keeps
   * it, '-' removes it. Answers the settings before and after.
   */
  async save(
    tx: Tx,
    eid: number,
    form: Omit<ProviderSettings, Secret> & Record<Secret, string>,
  ): Promise<{ before: ProviderSettings; after: ProviderSettings }> {
    await tx.insert(ls).values({ eid }).onConflictDoNothing();
    await tx.select({ eid: ls.eid }).from(ls).where(eq(ls.eid, eid)).for('update');
    const before = await this.read(tx, eid);
    const after: ProviderSettings = { ...before, attendancePercent: form.attendancePercent };
    for (const k of SHOWN) after[k] = form[k];
    for (const k of SECRETS) after[k] = form[k] === '-' ? '' : form[k] || before[k];
    const secrets = Object.fromEntries(SECRETS.filter((k) => after[k]).map((k) => [k, after[k]]));
    await tx
      .update(ls)
      .set({
        attendancePercent: after.attendancePercent,
        providers: Object.fromEntries(SHOWN.map((k) => [k, after[k]])),
        secrets: Object.keys(secrets).length ? this.vault.encryptText(JSON.stringify(secrets)) : '',
        updatedAt: new Date(),
      })
      .where(eq(ls.eid, eid));
    this.forget(eid);
    return { before, after };
  }
}
