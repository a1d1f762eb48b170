import type { CallDef, CallRequest, CallResponse } from '@portal/contract/call';
import type { Envelope } from '@portal/contract/envelope';
import { ErrorCode, SUCCESS_CODES } from '@portal/contract/error-codes';
import { HTTP_TIMEOUT_MS } from '@portal/contract/constants';
import { ApiError, callFetch, handleErrorEnvelope, SIGN_IN_CODES } from '../../lib/api.ts';
import { startLoading } from '../../lib/loading.ts';

/**
 * The reading side of a call the contract declares `stream: 'events'` (server-sent events, one JSON
 * value of the call's response in each event's data; apps/server/src/platform/event-stream.ts).
 */

/**
 * Splits the text of an event stream into the data of its events, whatever the chunks it arrives
 * in (the HTML standard's parsing, for the one field this app reads): lines end in CRLF, LF or CR;
 * `data:` lines (one space after the colon dropped) of one event are joined with LF; a blank line
 * ends the event, and one without data is no event; comments (`:`) and the other fields (event,
 * id, retry) are skipped. An event the stream ends before its blank line is dropped.
 */
export class EventDataParser {
  private buffer = '';
  private data: string[] = [];

  /** Reads more of the stream; answers the data of the events it completed, in order. */
  push(text: string): string[] {
    this.buffer += text;
    const events: string[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c !== '\n' && c !== '\r') continue;
      // A CR last in the chunk may be the first half of a CRLF: the next chunk tells.
      if (c === '\r' && i === this.buffer.length - 1) break;
      this.line(this.buffer.slice(start, i), events);
      if (c === '\r' && this.buffer[i + 1] === '\n') i++;
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  /** The stream ended: a last CR ends its line (an event still open is dropped, as the standard says). */
  end(): string[] {
    const events: string[] = [];
    if (this.buffer.endsWith('\r')) this.line(this.buffer.slice(0, -1), events);
    this.buffer = '';
    this.data = [];
    return events;
  }

  private line(line: string, events: string[]): void {
    if (line === '') {
      if (this.data.length > 0) events.push(this.data.join('\n'));
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    this.data.push(value);
  }
}

/**
 * Reads a body of server-sent events to its end, giving each event's data as it completes. A body
 * that fails to read (the connection dropped, the fetch aborted) rejects with a `StreamFailure`;
 * whatever `onData` throws goes back as it is, and the body is cancelled.
 */
export async function readEventData(body: ReadableStream<Uint8Array>, onData: (data: string) => void): Promise<void> {
  const parser = new EventDataParser();
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let read = true;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (err) {
        read = false;
        throw new StreamFailure('network', { cause: err });
      }
      if (chunk.done) break;
      for (const data of parser.push(decoder.decode(chunk.value, { stream: true }))) onData(data);
    }
    for (const data of parser.push(decoder.decode())) onData(data);
    for (const data of parser.end()) onData(data);
  } catch (err) {
    if (read) await reader.cancel().catch(() => undefined);
    throw err;
  } finally {
    reader.releaseLock();
  }
}

/** The stream could not be read to its end: the network failed, or it took longer than the request limit. */
export class StreamFailure extends Error {
  constructor(
    readonly reason: 'network' | 'timeout',
    options?: ErrorOptions,
  ) {
    super(`the event stream failed: ${reason}`, options);
    this.name = 'StreamFailure';
  }
}

/** Codes the request layer handles the same way for every call: the session's (sign in again, a disabled account, no enterprise). */
const SESSION_CODES: readonly number[] = [...SIGN_IN_CODES, ErrorCode.ACCOUNT_DISABLED, ErrorCode.CHOOSE_ENTERPRISE];

/**
 * Makes a streamed call with the request layer's headers and reads its events, each checked
 * against the call's response schema (one that does not match is logged and skipped), until the
 * stream ends. Resolves when it ends, however it ends (the caller knows from the events whether
 * the answer was complete). Rejects:
 * - with the signal's reason when the caller aborts (the learner stopped the answer);
 * - with an `ApiError` when the gateway refused the call with an envelope before the stream
 *   started: not shown (the caller shows it where the question was asked), except the session's
 *   codes, which go through the request layer's catalogue (to /login, the disabled-account dialog);
 * - with a `StreamFailure` when the network failed or the whole took longer than HTTP_TIMEOUT_MS.
 */
export async function streamCall<C extends CallDef>(
  call: C,
  input: CallRequest<C>,
  options: { signal: AbortSignal; onEvent: (event: CallResponse<C>) => void },
): Promise<void> {
  const { url, init } = callFetch(call, input);
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  init.signal = AbortSignal.any([options.signal, timeout]);
  init.headers = { ...(init.headers as Record<string, string>), accept: 'text/event-stream' };
  const failed = (): never => {
    if (options.signal.aborted) throw options.signal.reason;
    throw new StreamFailure(timeout.aborted ? 'timeout' : 'network');
  };
  let res: Response;
  const done = startLoading();
  try {
    res = await fetch(url, init);
  } catch {
    return failed();
  } finally {
    done();
  }
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream') || !res.body) {
    let env: Envelope;
    try {
      env = (await res.json()) as Envelope;
    } catch {
      return failed();
    }
    options.signal.throwIfAborted();
    if (SESSION_CODES.includes(env.code)) handleErrorEnvelope(env);
    // A success envelope where events were declared: the server broke the contract.
    if (SUCCESS_CODES.includes(env.code)) throw new ApiError(ErrorCode.INTERNAL, env.message);
    throw new ApiError(env.code, env.message, env.data);
  }
  try {
    await readEventData(res.body, (data) => {
      let value: unknown;
      try {
        value = JSON.parse(data);
      } catch {
        console.error(`${call.name}: an event that is not JSON was skipped`, data.slice(0, 200));
        return;
      }
      const parsed = call.response.safeParse(value);
      if (!parsed.success) {
        console.error(`${call.name}: an event that does not match the contract was skipped`, parsed.error.issues);
        return;
      }
      options.onEvent(parsed.data as CallResponse<C>);
    });
  } catch (err) {
    if (err instanceof StreamFailure) failed();
    throw err;
  }
}
