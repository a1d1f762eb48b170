import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { connectDatabase } from '@portal/db';
import { PORTAL_NODE_FLAGS } from '../scripts/node-flags.ts';
import { freePort } from '../scripts/test-support.ts';

export { freePort };

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Node arguments for the portal from the environment, e.g. BENCH_NODE_ARGS=--trace-gc (its output: BENCH_PORTAL_LOG=file). */
const extraNodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

export interface Started {
  child: ChildProcess;
  port: number;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, log: () => string, ms = 180_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`not ready:\n${log()}`);
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000).unref())]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/**
 * The portal as `npm start` runs it, on free ports with a temporary data folder; from this
 * checkout, or from another one (`root`: an earlier commit to compare with, built and installed).
 */
export async function startPortal(
  env: Record<string, string> = {},
  root = ROOT,
  nodeArgs: string[] = [],
  options: { settle?: boolean } = {},
): Promise<Started> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const pgPort = env.EMBEDDED_PG_PORT ?? String(await freePort());
  let log = '';
  const child = spawn(
    process.execPath,
    [...PORTAL_NODE_FLAGS, ...nodeArgs, ...extraNodeArgs, path.join(root, 'scripts/start.mjs')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: pgPort,
        LOG_LEVEL: 'warn',
        // The limiter stays on (its cost is measured) but must not refuse the load itself.
        RATE_LIMIT_PER_MINUTE: '100000000',
        RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '100000000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  if (process.env.BENCH_PORTAL_LOG) {
    const file = createWriteStream(process.env.BENCH_PORTAL_LOG);
    child.stdout?.pipe(file);
    child.stderr?.pipe(file);
  }
  await waitFor(`http://127.0.0.1:${port}/readyz`, child, () => log);
  if (options.settle !== false) {
    await demoLecturesTranscoded(Number(pgPort)).catch(async (err: unknown) => {
      await stopChild(child);
      await rm(dataDir, { recursive: true, force: true });
      throw err;
    });
  }
  let stopping = false;
  // A portal that dies under load says why (the figures after it would only count refusals).
  child.once('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`\n*** The portal exited (${code ?? signal}):\n${log.slice(-5000)}\n`);
  });
  return {
    child,
    port,
    stop: async () => {
      stopping = true;
      await stopChild(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the demo sites' lectures are transcoded (decision 041: FFmpeg turns each into HLS in
 * the first minute or two after a first start, on both cores: 45–50 s here). A bench that
 * measured during it measured FFmpeg too. `startPortal(…, { settle: false })` skips the wait (the
 * media bench measures that job; the weight bench times nothing).
 */
async function demoLecturesTranscoded(pgPort: number): Promise<void> {
  const database = connectDatabase(`postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`, { max: 1 });
  const started = Date.now();
  try {
    for (;;) {
      const { rows } = await database.pool
        .query<{ n: number }>(
          `SELECT count(*)::int AS n FROM resource_materials WHERE transcode_state IN ('queued', 'running')`,
        )
        .catch(() => ({ rows: [{ n: 0 }] })); // an older checkout without the media library
      if (rows[0]!.n === 0) break;
      if (Date.now() - started > 10 * 60_000) throw new Error('the demo lectures were not transcoded in 10 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await database.close();
  }
  const waited = (Date.now() - started) / 1000;
  if (waited > 1) console.log(`(waited ${waited.toFixed(0)} s for the demo lectures' transcoding to end)`);
}

/** The demo enterprise of `localhost` whose learner the signed-in benches use. */
export const BENCH_EID = 1001;

/**
 * A portal (this checkout or `root`, with extra Node arguments) and a session of a demo learner of BENCH_EID, stored the way
 * sign-in stores one; `url` is `pathname` on that portal.
 */
export async function portalWithSession(
  pathname: string,
  options: { root?: string; nodeArgs?: string[] } = {},
): Promise<{ portal: Started; url: string; token: string }> {
  const pgPort = await freePort();
  const portal = await startPortal({ EMBEDDED_PG_PORT: String(pgPort) }, options.root, options.nodeArgs);
  const database = connectDatabase(`postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`, { max: 1 });
  try {
    const token = randomBytes(32).toString('base64url');
    const { rows } = await database.pool.query<{ account_id: number }>(
      `SELECT account_id FROM enterprise_users WHERE eid = $1 AND status = 1 ORDER BY account_id LIMIT 1`,
      [BENCH_EID],
    );
    await database.pool.query(
      `INSERT INTO sessions (token_hash, account_id, eid, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
      [createHash('sha256').update(token).digest('hex'), rows[0]!.account_id, BENCH_EID],
    );
    return { portal, url: `http://127.0.0.1:${portal.port}${pathname}`, token };
  } catch (err) {
    await portal.stop();
    throw err;
  } finally {
    await database.close();
  }
}

/** A baseline server (plain JavaScript, loaded by Node itself) in its own process. */
async function startBaseline(script: string, env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, [...PORTAL_NODE_FLAGS, path.join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  await waitFor(`http://127.0.0.1:${port}/ping`, child, () => log);
  return { child, port, stop: () => stopChild(child) };
}

/** A bare Fastify route answering `body` (bench/bare-fastify.mjs), the baseline of gateway calls. */
export const startBareFastify = (body: string) => startBaseline('bench/bare-fastify.mjs', { BARE_BODY: body });

/** A bare antd page in a plain Node process (bench/bare-antd.mjs), the baseline of pages. */
export const startBareAntd = () => startBaseline('bench/bare-antd.mjs');

export interface LoadResult {
  rps: number;
  latencyP99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

export async function load(
  url: string,
  options: { connections?: number; duration?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const r = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.duration ?? 10,
    headers: options.headers ?? {},
  });
  return {
    rps: r.requests.average,
    latencyP99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    requests: r.requests.total,
  };
}

/** p99, requests a second and failures of a load run. */
export interface CallLoad {
  p99: number;
  rps: number;
  errors: number;
}

/**
 * Learners' user-info calls at `connections`, each with the next of `learners` session tokens
 * (`tokenOf(1…learners)`): `load(seconds)` for a fixed run, `untilStopped()` for one that lasts
 * until `stop()` (every call made meanwhile is in its percentiles). The imports' benches measure
 * the others' p99 before, during and after an import with it.
 */
export function userInfoLoad(base: string, tokenOf: (i: number) => string, learners: number, connections = 20) {
  let next = 0;
  const request = {
    method: 'GET',
    path: '/gateway/user/auth/enterprise/user/info/current/view',
    setupRequest: (req: Record<string, unknown>) => ({
      ...req,
      headers: { token: tokenOf(1 + (next++ % learners)), domain: 'localhost', platform: 'WEB-CLIENT' },
    }),
  };
  const summary = (r: autocannon.Result): CallLoad => ({
    p99: r.latency.p99,
    rps: r.requests.average,
    errors: r.errors + r.timeouts + r.non2xx,
  });
  const options = { url: base, connections, requests: [request as never] };
  return {
    load: async (seconds: number) => summary(await autocannon({ ...options, duration: seconds })),
    untilStopped: () => {
      let stop = () => {};
      const result = new Promise<CallLoad>((resolve, reject) => {
        const instance = autocannon({ ...options, duration: 3600 }, (err, r) =>
          err ? reject(err) : resolve(summary(r)),
        );
        stop = () => instance.stop();
      });
      return { result, stop: () => stop() };
    },
  };
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export function print(rows: Array<Record<string, string | number>>): void {
  console.table(rows);
}

/** CPU time (user + system, all threads) of one process so far, in ms (Linux /proc). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in 1/100 s
}

/**
 * CPU seconds (user + system) so far of the processes whose command name matches, with what their
 * ended children used (PostgreSQL's postmaster keeps the time of backends that exited; Linux /proc).
 */
export function cpuSeconds(match: (comm: string, pid: number) => boolean): number {
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      if (!match(comm, Number(entry))) continue;
      const fields = stat.slice(close + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / tick;
    } catch {
      /* the process ended */
    }
  }
  return total;
}

/**
 * Where the CPU went while `fn` ran: the portal's process, PostgreSQL's processes and this one (the
 * load generator), each as a share of one core.
 */
export async function cpuShares<T>(portalPid: number, fn: () => Promise<T>): Promise<{ result: T; cpu: string }> {
  const take = () => ({
    portal: cpuSeconds((_, pid) => pid === portalPid),
    postgres: cpuSeconds((comm) => comm === 'postgres'),
    load: cpuSeconds((_, pid) => pid === process.pid),
    at: performance.now(),
  });
  const before = take();
  const result = await fn();
  const after = take();
  const seconds = (after.at - before.at) / 1000;
  const share = (k: 'portal' | 'postgres' | 'load') => `${Math.round(((after[k] - before[k]) / seconds) * 100)}%`;
  return { result, cpu: `portal ${share('portal')}, postgres ${share('postgres')}, load ${share('load')}` };
}

export interface PacedResult {
  sent: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

/**
 * `rate` requests a second for `seconds`, each sent at its own moment (1/rate apart), as an
 * audience whose members report on their own clocks does — not autocannon's `overallRate`, which
 * sends each second's quota at once at the start of the second (a burst every second) and, with
 * a rate under one a connection, pads its histogram with made-up samples. A latency is measured
 * from the moment the request was due, so a sender that falls behind shows in it. `send(i)`
 * makes the i-th request and answers whether it succeeded.
 */
export async function paced(
  rate: number,
  seconds: number,
  send: (i: number) => Promise<boolean>,
): Promise<PacedResult> {
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let errors = 0;
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const one = send(i)
      .catch(() => false)
      .then((ok) => {
        if (!ok) errors += 1;
        latencies.push(performance.now() - due);
      });
    inFlight.add(one);
    void one.finally(() => inFlight.delete(one));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
  return { sent: total, perSecond: total / elapsed, p50: at(0.5), p99: at(0.99), max: at(1), errors };
}
