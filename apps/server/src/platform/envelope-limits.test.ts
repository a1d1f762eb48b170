import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createEnterprise } from '../test/factories.ts';

// Answers Node's HTTP parser and socket handling decide: app.inject passes neither, so these tests
// talk to a really listening server over a raw socket.

let t: TestApp;
let port: number;
let domain: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  const ent = await createEnterprise(t.database.db);
  domain = ent.domain;
  token = (await t.learner(ent)).token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t?.close());

interface RawAnswer {
  /** Socket errors seen (EPIPE, ECONNRESET…). */
  errors: string[];
  status: number | null;
  headers: Record<string, string>;
  body: string;
}

/** The first answer on the connection, parsed (status, headers, a body of content-length bytes). */
function parseAnswer(text: string): Omit<RawAnswer, 'errors'> {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return { status: null, headers: {}, body: '' };
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const body = Buffer.from(text.slice(end + 4), 'latin1')
    .subarray(0, length)
    .toString('utf8');
  return { status: Number(statusLine!.split(' ')[1]), headers, body };
}

/**
 * Sends the whole request before reading anything (as a client busy uploading does), then reads
 * until the server answers and either closes or (keep-alive) has sent a whole answer.
 */
function sendAllThenRead(head: string, body: Buffer = Buffer.alloc(0)): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.pause();
    const chunks: Buffer[] = [];
    const errors: string[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ errors, ...parseAnswer(Buffer.concat(chunks).toString('latin1')) });
    };
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      const answer = parseAnswer(Buffer.concat(chunks).toString('latin1'));
      if (answer.status !== null && Buffer.byteLength(answer.body) >= Number(answer.headers['content-length'])) {
        finish();
      }
    });
    socket.on('error', (e: NodeJS.ErrnoException) => errors.push(e.code ?? e.message));
    socket.on('close', finish);
    socket.write(head);
    socket.write(body, () => socket.resume());
  });
}

const LIMIT = 1024 * 1024;

describe('bodies over the limit (1 MiB)', () => {
  const post = (length: number, headers: string) =>
    `POST /gateway/system/api/region/list HTTP/1.1\r\nHost: localhost\r\nplatform: WEB-CLIENT\r\n` +
    `content-type: application/json\r\n${headers}content-length: ${length}\r\n\r\n`;

  it.each([4, 16])(
    'a %d MiB JSON body sent in full before reading gets HTTP 413 with the envelope, not a reset',
    async (mib) => {
      const body = Buffer.alloc(mib * LIMIT, 'a');
      const answer = await sendAllThenRead(post(body.length, ''), body);
      expect(answer.errors).toEqual([]);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ code: 413, message: '上传内容过大', data: null });
    },
  );

  it('a chunked body over the limit gets the 413 envelope too, and the connection serves the next request', async () => {
    const size = 4 * LIMIT;
    const step = 256 * 1024;
    const parts: Buffer[] = [];
    for (let i = 0; i < size; i += step)
      parts.push(Buffer.from(`${step.toString(16)}\r\n`), Buffer.alloc(step, 'a'), Buffer.from('\r\n'));
    parts.push(Buffer.from('0\r\n\r\n'));
    // The same connection then asks for an unknown call: a second envelope proves the body was read to its end.
    parts.push(Buffer.from('GET /gateway/nope HTTP/1.1\r\nHost: localhost\r\naccept-language: en\r\n\r\n'));
    const head =
      'POST /gateway/system/api/region/list HTTP/1.1\r\nHost: localhost\r\nplatform: WEB-CLIENT\r\n' +
      'content-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n';
    const text = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.pause();
      let got = '';
      socket.on('data', (d: Buffer) => {
        got += d.toString('latin1');
        if (got.includes('Unknown call')) {
          socket.destroy();
          resolve(got);
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(got));
      socket.write(head);
      socket.write(Buffer.concat(parts), () => socket.resume());
    });
    expect(parseAnswer(text).status).toBe(413);
    expect(text).toContain('HTTP/1.1 200 OK');
    expect(text).toContain('"message":"Unknown call: GET /gateway/nope"');
  });
});

describe('a URL over 16 KB', () => {
  it('gets HTTP 431 with the envelope (code 400 naming the reason), not Fastify’s own body', async () => {
    const url = '/gateway/system/api/website/view?x=' + 'a'.repeat(17 * 1024);
    const answer = await sendAllThenRead(`GET ${url} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toEqual({ code: 400, message: '参数错误：请求地址或请求头过长', data: null });
  });

  it('in English when the request says so, also when the client sends 100 KB of it before reading', async () => {
    const url = '/gateway/system/api/website/view?x=' + 'a'.repeat(100 * 1024);
    const answer = await sendAllThenRead(`GET ${url} HTTP/1.1\r\nlang: en\r\nHost: localhost\r\n\r\n`);
    // The URL alone overflows: the language header comes after it, so the answer is Chinese…
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body).code).toBe(400);
    const headerHeavy = await sendAllThenRead(
      `GET /gateway/system/api/website/view HTTP/1.1\r\nHost: localhost\r\naccept-language: en\r\nx-big: ${'b'.repeat(17 * 1024)}\r\n\r\n`,
    );
    // …while headers read before the overflow choose it.
    expect(JSON.parse(headerHeavy.body)).toEqual({
      code: 400,
      message: 'Invalid input: the address or the headers of the request are too long',
      data: null,
    });
  });

  it('a malformed request gets HTTP 400 with the envelope', async () => {
    const answer = await sendAllThenRead('GET /gateway/x HTTP/1.1\r\nHost: localhost\r\nbad header\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ code: 400, message: '参数错误：请求格式不正确', data: null });
  });
});

describe('an upload (an avatar) over its file limit', () => {
  it('gets the 413 envelope with its own message when the client sends it all before reading', async () => {
    const boundary = 'b0undary';
    const file = Buffer.alloc(4 * LIMIT, 'a');
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="picFile"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await sendAllThenRead(
      `POST /gateway/system/auth/upload/pic HTTP/1.1\r\nHost: localhost\r\ndomain: ${domain}\r\ntoken: ${token}\r\n` +
        `platform: WEB-CLIENT\r\ncontent-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${body.length}\r\n\r\n`,
      body,
    );
    expect(answer.errors).toEqual([]);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 413, message: '上传头像图片大小不能超过 500kb！' });
  });
});
