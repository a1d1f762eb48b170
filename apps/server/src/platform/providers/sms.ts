import type { Logger } from 'pino';
import { desc, eq } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';

/** Sends a text message (DESIGN.md section 5). */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, content: string): Promise<void>;
}

/**
 * The default provider: works offline. Messages go to the server log and to the outbox table, which
 * the dev-only outbox call (`/dev/api/sms/outbox`) and the tests read.
 */
export class DevSmsProvider implements SmsProvider {
  readonly name = 'dev';

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  async send(phone: string, content: string): Promise<void> {
    await this.db.insert(schema.smsOutbox).values({ phone, content });
    this.log.info({ sms: { phone, content } }, 'dev SMS provider: message kept in the outbox');
  }

  /** The latest messages to a phone, newest first. */
  async outbox(phone: string, limit = 10) {
    return this.db
      .select()
      .from(schema.smsOutbox)
      .where(eq(schema.smsOutbox.phone, phone))
      .orderBy(desc(schema.smsOutbox.id))
      .limit(limit);
  }
}
