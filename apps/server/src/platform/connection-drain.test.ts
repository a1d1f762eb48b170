import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GATEWAY_PREFIX, PLATFORM_HEADER_VALUE, defineCall } from '@portal/contract';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createEnterprise, type Learner } from '../test/factories.ts';
import { defineModule } from './module.ts';

/**
 * Stopping the server (app.close, as SIGTERM does) hangs up at once the connections no request is
 * using — one that never sent a request included, which Node alone keeps until its headers
 * time-out (60 s and more) — and answers a request in flight before hanging up its connection.
 */
const held = defineCall({
  name: 'probeHeld',
  method: 'POST',
  path: '/probe/auth/held',
  summary: 'test probe',
  tags: ['probe'],
  request: z.object({}),
  response: z.object({ answered: z.boolean() }),
});

/** The held call answers when the test lets it go. */
let letGo: () => void = () => {};
let arrived: () => void = () => {};
const probes = defineModule({
  name: 'probe',
  register(gateway) {
    gateway.call(held, async () => {
      arrived();
      await new Promise<void>((resolve) => (letGo = resolve));
      return { answered: true };
    });
  },
});

let t: TestApp;
let learner: Learner;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' }, { extraModules: [probes] });
  learner = await t.learner(await createEnterprise(t.database.db));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t?.close());

/** A raw connection to the server and everything it has received, until the server hangs up. */
async function connect() {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  const hungUp = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, hungUp, received: () => received };
}

const request = (keepAlive: boolean) => {
  const body = '{}';
  return [
    `POST ${GATEWAY_PREFIX}${held.path} HTTP/1.1`,
    'host: 127.0.0.1',
    'content-type: application/json',
    `content-length: ${body.length}`,
    `platform: ${PLATFORM_HEADER_VALUE}`,
    `domain: ${learner.domain}`,
    `token: ${learner.token}`,
    `connection: ${keepAlive ? 'keep-alive' : 'close'}`,
    '',
    body,
  ].join('\r\n');
};

describe('stopping the server', () => {
  it('hangs up idle and never-used connections at once, and answers the request in flight first', async () => {
    // A connection that finished a request and stays open (keep-alive).
    const used = await connect();
    let firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    used.socket.write(request(true));
    await firstArrived;
    letGo();
    await expect.poll(() => used.received()).toContain('"answered":true');
    // A connection that never sends anything (a browser's spare socket).
    const spare = await connect();
    // A request the server is still working on.
    const busy = await connect();
    firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    busy.socket.write(request(true));
    await firstArrived;

    const closed = t.app.close();
    let busyHungUp = false;
    void busy.hungUp.then(() => (busyHungUp = true));
    await Promise.all([spare.hungUp, used.hungUp]);
    // The request in flight still gets its answer; then its connection ends too, and the server has stopped.
    expect(busyHungUp).toBe(false);
    letGo();
    await busy.hungUp;
    expect(busy.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(busy.received()).toContain('"answered":true');
    await closed;
    expect(spare.received()).toBe('');
  });
});
