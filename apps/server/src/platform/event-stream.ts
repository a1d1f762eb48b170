import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * The answer of a call the contract declares `stream: 'events'`: server-sent events instead of the
 * envelope (`data: <one JSON event>` and a blank line each). The handler makes one, starts writing
 * events into it (they wait until the gateway attaches it to the reply) and returns it; whatever
 * happens before that — session, input, limits — is refused with the envelope as for any call.
 * `signal` aborts when the client goes away before `end` (the learner stopped it, the tab closed)
 * or the server stops it (`abort`), so the work behind the stream stops too.
 */
export class EventStream<E = unknown> {
  private readonly body = new PassThrough();
  private readonly controller = new AbortController();
  /** Events sent before the gateway attached the stream: checked then. */
  private pending: E[] | null = [];
  private check: ((event: unknown) => void) | undefined;
  private ended = false;

  constructor() {
    // A client gone mid-write destroys the body (Fastify); a later write must not crash the process.
    this.body.on('error', () => {});
  }

  /** Aborted when the stream stops before its end: the client went away or the server stopped it. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether events still reach anyone (not ended, not aborted). */
  get open(): boolean {
    return !this.ended && !this.controller.signal.aborted && !this.body.destroyed;
  }

  /** Sends one event; false when the stream is over and nobody will read it. */
  send(event: E): boolean {
    if (!this.open) return false;
    if (this.pending) this.pending.push(event);
    else this.check?.(event);
    this.body.write(`data: ${JSON.stringify(event)}\n\n`);
    return true;
  }

  /** The last event was sent. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.body.end();
  }

  /** Stops the stream from the server's side (shutting down): `signal` aborts, the client's stream ends. */
  abort(reason?: unknown): void {
    this.controller.abort(reason);
    this.end();
  }

  /**
   * The gateway's part: the stream becomes the reply (no compression, no caching, no proxy
   * buffering), each event checked by `check` (the contract's schema in development and tests: a
   * wrong event throws in the writer's `send`).
   */
  attach(reply: FastifyReply, check?: (event: unknown) => void): FastifyReply {
    this.check = check;
    const sent = this.pending ?? [];
    this.pending = null;
    try {
      if (check) for (const event of sent) check(event);
    } catch (err) {
      this.abort(err);
      throw err;
    }
    // Closed before the writer's last event: the client went away (stopped, closed the tab) —
    // perhaps before the stream was attached at all.
    const gone = () => {
      if (!this.ended) this.controller.abort(new Error('the client went away'));
    };
    reply.raw.on('close', gone);
    if (reply.raw.socket?.destroyed) gone();
    reply
      .status(200)
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-store, no-transform')
      .header('x-accel-buffering', 'no');
    return reply.send(this.body);
  }
}

/** The events of a server-sent event stream's text (`data:` lines), in order: for tests and benches. */
export function parseEvents<E = unknown>(text: string): E[] {
  return text
    .split('\n\n')
    .map((block) =>
      block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n'),
    )
    .filter((data) => data !== '')
    .map((data) => JSON.parse(data) as E);
}
