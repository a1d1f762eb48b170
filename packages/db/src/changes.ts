import { EventEmitter } from 'node:events';
import pg from 'pg';

/** The channel the change triggers notify on (migration 0033). */
export const CHANGES_CHANNEL = 'portal_changes';

/** A row of a watched table changed: its table, enterprise and the key the trigger names. */
export interface TableChange {
  table: string;
  eid: number;
  id: number;
}

/** Parses a notification's payload, "table:eid:id"; null for anything else. */
export function parseChange(payload: string | undefined): TableChange | null {
  const m = /^([a-z_]+):(\d+):(\d+)$/.exec(payload ?? '');
  return m ? { table: m[1]!, eid: Number(m[2]), id: Number(m[3]) } : null;
}

/**
 * Changes of watched tables as the database announces them (LISTEN on CHANGES_CHANNEL), so every
 * process of the portal forgets what it cached of a row at once, whoever changed it: the back
 * office, another process or someone at a SQL prompt (DESIGN.md section 1: several processes).
 *
 * One connection of its own (a listening connection cannot serve queries from a pool), opened on
 * the first subscriber. Events: `change` (a TableChange) and `gap`, sent each time the connection
 * starts listening: notifications sent while it was not (before the first connection, or while it
 * was lost) are gone, so a subscriber forgets everything then. A lost connection is opened again
 * after a pause that grows to 5 s.
 */
export class DatabaseChanges extends EventEmitter<{ change: [TableChange]; gap: [] }> {
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = 100;
  private timer: NodeJS.Timeout | null = null;
  private listening: Promise<void> | null = null;
  private markListening: (() => void) | null = null;

  constructor(private readonly url: string) {
    super();
  }

  /**
   * Subscribes to changes and gaps; starts listening on the first subscriber. Answers a promise
   * that settles once the connection listens (tests wait for it before changing rows).
   */
  subscribe(handlers: { change: (c: TableChange) => void; gap: () => void }): Promise<void> {
    this.on('change', handlers.change);
    this.on('gap', handlers.gap);
    return this.whenListening();
  }

  /** Starts listening when no one has yet; settles once the connection listens. */
  whenListening(): Promise<void> {
    if (!this.listening) {
      this.listening = new Promise((resolve) => (this.markListening = resolve));
      this.connect();
    }
    return this.listening;
  }

  private connect(): void {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    this.client = client;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      if (this.client === client) this.client = null;
      if (this.closed) return;
      this.timer = setTimeout(() => this.connect(), this.retryMs);
      this.timer.unref();
      this.retryMs = Math.min(this.retryMs * 2, 5000);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (n) => {
      if (n.channel !== CHANGES_CHANNEL) return;
      const change = parseChange(n.payload);
      if (change) this.emit('change', change);
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${CHANGES_CHANNEL}`))
      .then(() => {
        if (lost) return;
        this.retryMs = 100;
        this.emit('gap');
        this.markListening?.();
        this.markListening = null;
      })
      .catch(onLost);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    // Nothing waits for a listener that will never come.
    this.markListening?.();
    if (client) await client.end().catch(() => {});
  }
}
