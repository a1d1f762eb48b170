import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { GATEWAY_PREFIX, PLATFORM_HEADER_VALUE, defineCall } from '@portal/contract';
import { createTestApp, clientHeaders, type TestApp } from '../test/harness.ts';
import { createEnterprise, type Learner } from '../test/factories.ts';
import { EventStream, parseEvents } from './event-stream.ts';
import { defineModule } from './module.ts';
import { buildOpenApi } from './openapi.ts';

/**
 * Calls answered as server-sent events (the contract's `stream: 'events'`, decision 061): the
 * gateway's pipeline (session, input, tenant scope) runs first and refuses with the envelope; then
 * the handler's events are the answer, each checked against the contract, and a client that goes
 * away aborts the work behind the stream.
 */
const streamed = defineCall({
  name: 'probeStream',
  method: 'POST',
  path: '/probe/auth/stream',
  summary: 'test probe',
  tags: ['probe'],
  request: z.object({
    n: z.number().int().min(1).max(1000),
    pauseMs: z.number().int().default(0),
    bad: z.boolean().default(false),
  }),
  response: z.object({ i: z.number().int(), eid: z.string() }),
  stream: 'events',
});
const notDeclared = defineCall({
  name: 'probeUndeclaredStream',
  method: 'POST',
  path: '/probe/auth/undeclared-stream',
  summary: 'test probe',
  tags: ['probe'],
  request: z.object({}),
  response: z.null(),
});

/** What the probe's writer saw: whether its signal aborted, and how many events it wrote. */
const seen = { aborted: false, written: 0, error: '' };

const probes = defineModule({
  name: 'probe',
  register(gateway, { db }) {
    gateway.call(streamed, (q) => {
      const events = new EventStream<{ i: number; eid: string }>();
      seen.aborted = false;
      seen.written = 0;
      seen.error = '';
      events.signal.addEventListener('abort', () => (seen.aborted = true));
      void (async () => {
        try {
          for (let i = 1; i <= q.n && events.open; i++) {
            // The writer runs after the handler returned, still in the request's tenant scope.
            const { rows } = await db.execute<{ eid: string }>(sql`SELECT current_setting('app.eid', true) AS eid`);
            events.send(q.bad && i === 2 ? ({ i: 'two' } as never) : { i, eid: rows[0]!.eid });
            seen.written = i;
            if (q.pauseMs) await sleep(q.pauseMs);
          }
        } catch (err) {
          seen.error = (err as Error).message;
        }
        events.end();
      })();
      return events;
    });
    gateway.call(notDeclared, () => new EventStream() as never);
  },
});

let t: TestApp;
let learner: Learner;
let eid: number;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' }, { extraModules: [probes] });
  const site = await createEnterprise(t.database.db);
  eid = site.eid;
  learner = await t.learner(site);
});
afterAll(async () => t?.close());

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: GATEWAY_PREFIX + url,
    headers: clientHeaders(learner.domain, token ? { token } : {}),
    payload,
  });

describe('a streamed call', () => {
  it('answers server-sent events written after the handler returned, in the request’s tenant scope', async () => {
    const res = await post(streamed.path, { n: 3 }, learner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/no-cache/);
    expect(res.body.startsWith('data: ')).toBe(true);
    expect(parseEvents(res.body)).toEqual([1, 2, 3].map((i) => ({ i, eid: String(eid) })));
    expect(seen.aborted).toBe(false);
  });

  it('refuses with the envelope before streaming: no session, bad input', async () => {
    const visitor = await post(streamed.path, { n: 3 });
    expect(visitor.headers['content-type']).toMatch(/^application\/json/);
    expect(visitor.json()).toMatchObject({ code: 301 });
    const bad = await post(streamed.path, { n: 0 }, learner.token);
    expect(bad.json()).toMatchObject({ code: 400 });
  });

  it('checks each event against the contract: a wrong one throws in its writer', async () => {
    const res = await post(streamed.path, { n: 3, bad: true }, learner.token);
    expect(parseEvents(res.body)).toEqual([{ i: 1, eid: String(eid) }]);
    expect(seen.error).toMatch(/does not match the contract/);
  });

  it('a handler that answers a stream its call does not declare is a server error', async () => {
    const res = await post(notDeclared.path, {}, learner.token);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 500 });
  });

  it('aborts the writer’s signal when the client goes away mid-stream', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${address.port}${GATEWAY_PREFIX}${streamed.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        platform: PLATFORM_HEADER_VALUE,
        domain: learner.domain,
        token: learner.token,
      },
      body: JSON.stringify({ n: 1000, pauseMs: 20 }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^data: \{"i":1/);
    controller.abort();
    for (let i = 0; i < 100 && !seen.aborted; i++) await sleep(20);
    expect(seen.aborted).toBe(true);
    const written = seen.written;
    await sleep(100);
    // The writer stopped: nothing more was written after the client left.
    expect(seen.written).toBeLessThanOrEqual(written + 1);
    expect(seen.written).toBeLessThan(1000);
  });

  it('is documented as text/event-stream, with the envelope for refusals', () => {
    const doc = buildOpenApi([streamed]) as {
      paths: Record<string, { post: { responses: { 200: { content: Record<string, unknown> } } } }>;
    };
    const content = doc.paths[GATEWAY_PREFIX + streamed.path]!.post.responses[200].content;
    expect(Object.keys(content).sort()).toEqual(['application/json', 'text/event-stream']);
    expect(content['text/event-stream']).toMatchObject({ schema: { properties: { i: {}, eid: {} } } });
  });
});
