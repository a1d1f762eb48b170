import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '@portal/db';
import { freePort } from '../../../../scripts/test-support.ts';
import { loadConfig } from './config.ts';
import { startDatabase, type DatabaseRuntime } from './database.ts';
import { buildApp } from './http.ts';
import { createPlatform } from './platform.ts';

/**
 * Decision 024, for real: a started server over its own embedded PostgreSQL, whose processes the
 * test freezes (SIGSTOP of the postmaster and its server processes) and kills (kill -9 of the
 * postmaster).
 */
const CAPTCHA = '/gateway/user/api/common/get/image/captcha';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

let dir: string;
let port: number;
let runtime: DatabaseRuntime | null = null;
let app: FastifyInstance;
const events: string[] = [];
const lost: Error[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portal-supervision-'));
  // The embedded server runs as the postgres user when we are root: it must reach the folder.
  await chmod(dir, 0o755);
  port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    DEV_PROVIDERS: 'true',
    DATA_DIR: dir,
    EMBEDDED_PG_PORT: String(port),
    DB_STATEMENT_TIMEOUT_MS: '1000',
    DB_CONNECT_TIMEOUT_MS: '1000',
    PASSWORD_KEY_FILE: path.join(dir, 'keys', 'password-key.pem'),
    ID_CARD_KEY_FILE: path.join(dir, 'keys', 'id-card.key'),
    URL_SIGNING_KEY_FILE: path.join(dir, 'keys', 'url-signing.key'),
    UPLOAD_DIR: path.join(dir, 'uploads'),
  });
  runtime = await startDatabase(config, (line) => events.push(line), { onLost: (err) => lost.push(err) });
  app = await buildApp(await createPlatform(config, runtime.database));
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await runtime?.stop();
  await rm(dir, { recursive: true, force: true });
}, 60_000);

const get = (url: string) => app.inject({ method: 'GET', url, headers: { domain: 'localhost' } });
const postmaster = () => runtime!.embedded!.pid()!;

describe('the embedded database, supervised', () => {
  it('answers ready while the database answers', async () => {
    expect((await get('/healthz')).statusCode).toBe(200);
    expect((await get('/readyz')).json()).toEqual({ status: 'ready' });
    expect((await get(CAPTCHA)).json().code).toBe(200);
  });

  it('a frozen database: calls fail promptly with the 503 envelope, /readyz says 503, /healthz 200', async () => {
    // The postmaster and every server process it started (each backend leads its own process group).
    const frozen = [postmaster(), ...(await childrenOf(postmaster()))];
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    try {
      // Each of these returns only because the queries are bounded (the test's timeout is the bound).
      const ready = await get('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'database unavailable' });
      const call = await get(CAPTCHA);
      expect(call.statusCode).toBe(503);
      expect(call.headers['retry-after']).toBe('5');
      expect(call.json()).toEqual({ code: 503, message: '服务暂不可用，请稍后再试', data: null });
      expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
    } finally {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
    }
    await expect.poll(async () => (await get('/readyz')).statusCode, { timeout: 20_000, interval: 200 }).toBe(200);
    expect((await get(CAPTCHA)).json().code).toBe(200);
  }, 30_000);

  it('a killed database (kill -9) is started again, and calls succeed again', async () => {
    const before = postmaster();
    process.kill(before, 'SIGKILL');
    await expect
      .poll(() => events.some((e) => e.includes(`(pid ${before}) stopped unexpectedly (signal SIGKILL)`)), {
        timeout: 10_000,
      })
      .toBe(true);
    await expect.poll(async () => (await get(CAPTCHA)).json().code, { timeout: 40_000, interval: 250 }).toBe(200);
    expect((await get('/readyz')).statusCode).toBe(200);
    expect(postmaster()).not.toBe(before);
    expect(events.some((e) => e.startsWith('The embedded PostgreSQL is running again'))).toBe(true);
    expect(lost).toEqual([]);
  }, 60_000);
});

describe('after kill -9 of the server', () => {
  it('the next start stops the database it left running and starts its own', async () => {
    await app.close();
    await runtime!.stop();
    runtime = null;
    const dataDir = path.join(dir, 'postgres');
    // A server process (its own Node) starts the database, then dies by kill -9.
    const script = `
      import { startEmbeddedPostgres } from ${JSON.stringify(path.join(root, 'packages/db/src/embedded.ts'))};
      const pg = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port}, database: 'portal' });
      process.stdout.write('READY ' + pg.pid() + '\\n');
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const orphan = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /READY (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`the server process ended first (${code})`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(alive(orphan)).toBe(true);

    const next = await startEmbeddedPostgres({ dataDir, port, database: 'portal' });
    try {
      expect(alive(orphan)).toBe(false);
      expect(Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0])).toBe(next.pid());
    } finally {
      await next.stop();
    }
  }, 90_000);
});

/** The processes whose parent is `parent` (from /proc). */
async function childrenOf(parent: number): Promise<number[]> {
  const out: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid …: the command may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === parent) out.push(Number(entry));
  }
  return out;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
