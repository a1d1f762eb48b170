import type { Logger } from 'pino';
import { createHmac, randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { schema, type Db } from '@portal/db';

/** A verification message: its full text, and the code alone for template-based providers. */
export interface SmsMessage {
  text: string;
  code: string;
}

/** Sends a text message (DESIGN.md section 5). */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, message: SmsMessage): Promise<void>;
}

/** The provider refused or could not be reached; the caller answers a clear error. */
export class SmsError extends Error {}

/** RFC 3986 encoding as Alibaba Cloud's signature wants it. */
const percent = (s: string) =>
  encodeURIComponent(s)
    .replace(/\+/g, '%20')
    .replace(/\*/g, '%2A')
    .replace(/%7E/g, '~')
    .replace(/[!'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Alibaba Cloud RPC signature 1.0 of a GET request's parameters. */
export function signRpc(params: Record<string, string>, secret: string): { query: string; signature: string } {
  const query = Object.keys(params)
    .sort()
    .map((k) => `${percent(k)}=${percent(params[k]!)}`)
    .join('&');
  const signature = createHmac('sha1', `${secret}&`)
    .update(`GET&${percent('/')}&${percent(query)}`)
    .digest('base64');
  return { query, signature };
}

/**
 * Alibaba Cloud SMS (dysmsapi SendSms, RPC signature version 1.0: HMAC-SHA1 over the sorted,
 * encoded query with the secret and '&'). The code goes to the configured template as ${code}.
 */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';

  constructor(
    private readonly settings: { accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string },
    private readonly fetcher: typeof fetch = fetch,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The signed request address (exposed for tests). */
  signedUrl(phone: string, code: string, nonce = randomUUID()): string {
    const params: Record<string, string> = {
      AccessKeyId: this.settings.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: phone,
      RegionId: 'cn-hangzhou',
      SignName: this.settings.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce,
      SignatureVersion: '1.0',
      TemplateCode: this.settings.templateCode,
      TemplateParam: JSON.stringify({ code }),
      Timestamp: this.clock()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const { query, signature } = signRpc(params, this.settings.accessKeySecret);
    return `https://dysmsapi.aliyuncs.com/?Signature=${percent(signature)}&${query}`;
  }

  async send(phone: string, message: SmsMessage): Promise<void> {
    const res = await this.fetcher(this.signedUrl(phone, message.code), { signal: AbortSignal.timeout(10_000) });
    const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
    if (!res.ok || body.Code !== 'OK')
      throw new SmsError(`Aliyun SMS: ${body.Code ?? res.status} ${body.Message ?? ''}`);
  }
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

  async send(phone: string, message: SmsMessage): Promise<void> {
    await this.db.insert(schema.smsOutbox).values({ phone, content: message.text });
    // The text in the message itself, so the code is easy to spot in the log.
    this.log.info({ sms: { phone, content: message.text } }, `dev SMS to ${phone}: ${message.text}`);
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
