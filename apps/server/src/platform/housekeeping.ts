import type { Logger } from 'pino';
import { lt } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';
import type { UploadService } from '../modules/upload/index.ts';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export interface HousekeepingResult {
  captchas: number;
  sessions: number;
  smsCodes: number;
  smsOutbox: number;
  uploads: number;
}

/**
 * Removes what has served its time, so the tables and the upload folder do not grow without end:
 * captchas an hour after they expire (every visit to a sign-in page makes one), sessions and SMS
 * codes a day after they expire, the dev SMS outbox after a day, and uploads nothing has used for a
 * day (UploadService.sweep). The audit log is kept.
 */
export class Housekeeping {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly db: Db,
    private readonly uploads: Pick<UploadService, 'sweep'>,
    private readonly log: Pick<Logger, 'info' | 'error'>,
  ) {}

  async run(now = new Date()): Promise<HousekeepingResult> {
    const before = (ms: number) => new Date(now.getTime() - ms);
    const count = async (q: Promise<{ rowCount: number | null }>) => (await q).rowCount ?? 0;
    return {
      captchas: await count(this.db.delete(schema.captchas).where(lt(schema.captchas.expiresAt, before(HOUR)))),
      sessions:
        (await count(this.db.delete(schema.sessions).where(lt(schema.sessions.expiresAt, before(DAY))))) +
        (await count(this.db.delete(schema.sessionHandoffs).where(lt(schema.sessionHandoffs.expiresAt, before(HOUR))))),
      smsCodes: await count(this.db.delete(schema.smsCodes).where(lt(schema.smsCodes.expiresAt, before(DAY)))),
      smsOutbox: await count(this.db.delete(schema.smsOutbox).where(lt(schema.smsOutbox.createdAt, before(DAY)))),
      uploads: await this.uploads.sweep(now),
    };
  }

  /**
   * Runs shortly after start, then `intervalMs` after each run ends (runs never overlap); a failed
   * run is logged and the next one tries again.
   */
  start(intervalMs: number): void {
    this.stopped = false;
    const tick = async () => {
      this.running = this.run()
        .then((r) => {
          if (Object.values(r).some((n) => n > 0)) this.log.info({ housekeeping: r }, 'housekeeping');
        })
        .catch((err: unknown) => this.log.error({ err }, 'housekeeping failed'));
      await this.running;
      if (!this.stopped) this.schedule(tick, intervalMs);
    };
    this.schedule(tick, Math.min(intervalMs, 30_000));
  }

  /** Stops the timer and waits for a run in progress (before the database stops). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(tick: () => Promise<void>, ms: number): void {
    this.timer = setTimeout(() => void tick(), ms);
    this.timer.unref();
  }
}
