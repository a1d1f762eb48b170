import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

/** The PostgreSQL schema pg-boss keeps its queues in, beside the app's tables (decision 027). */
export const JOBS_SCHEMA = 'pgboss';

/** How often an idle worker asks for work: short, so an export is done a moment after it is asked for. */
const POLLING_INTERVAL_SECONDS = 1;

/** A queue's rules: how often a job is tried again (after a crash or a thrown error), and for how long it may run. */
export interface QueueOptions {
  /** Tries after the first (default 2). */
  retryLimit?: number;
  /** Seconds before a retry (default 0). */
  retryDelaySeconds?: number;
  /** A run longer than this is failed (and retried): default 15 minutes. */
  expireInSeconds?: number;
  /** The queue a job goes to when its last try failed (it must be worked too, e.g. to record the failure). */
  deadLetter?: string;
}

/** One job as its handler sees it. */
export interface JobInfo {
  id: string;
  name: string;
  /** 0 on the first try. */
  retryCount: number;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface SendOptions {
  /**
   * A connection with a transaction open: the job is queued in it, so it exists exactly when the
   * transaction's other writes do (see `ownerTransaction`). Without it the job is queued at once.
   */
  client?: pg.ClientBase;
  /** Not run before this many seconds from now. */
  startAfterSeconds?: number;
  /** Taken before the queue's jobs of a lower priority (default 0). */
  priority?: number;
}

interface Registered {
  name: string;
  handler: JobHandler<object>;
  options: QueueOptions;
  /** A sweep: the queue holds at most one waiting tick, run every `everySeconds`. */
  everySeconds?: number;
}

/**
 * Background work (DESIGN.md section 9, decision 027): pg-boss 10 on the portal's own PostgreSQL,
 * in the schema `pgboss`, through the tables' owner's connections (row-level security is for
 * tenant work; a job's handler enters its enterprise's scope itself).
 *
 * Modules register handlers while they are built (`work`, `schedule`); `start` (main.ts, after
 * the app listens) creates or migrates the schema, the queues and the workers, and `stop` (before
 * the database) lets running handlers finish within the grace time. A job is stored before it is
 * run, so it survives a restart; one that was running when the process ended is tried again
 * (retryLimit), so handlers must be idempotent: running one twice leaves what running it once does.
 */
export class Jobs {
  private readonly boss: PgBoss;
  private readonly registered = new Map<string, Registered>();
  private starting: Promise<void> | undefined;
  private running = false;
  private stopping = false;
  /** SQL statements of pg-boss under way, and handlers running: `stop` waits for both. */
  private inFlight = 0;
  private readonly settled = new Set<() => void>();
  private readonly lastError = new Map<string, number>();
  /** Each queue's worker in this process (pg-boss's id), to wake it when a job is queued. */
  private readonly workerIds = new Map<string, string>();
  /** While the queues are set up at start: the connection whose transaction holds the set-up lock. */
  private setup: pg.PoolClient | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Pick<Logger, 'info' | 'warn' | 'error'>,
    options: { pollingIntervalSeconds?: number } = {},
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => this.track((this.setup ?? this.pool).query(text, values)) },
      schema: JOBS_SCHEMA,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? POLLING_INTERVAL_SECONDS,
      // pg-boss's cron is by the minute (sweeps here run more often: `schedule`).
      schedule: false,
      // Maintenance: jobs of a crashed process expire and are retried; old ones are archived, then dropped.
      supervise: true,
      maintenanceIntervalSeconds: 60,
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 7,
    });
    // An error event without a listener would end the process; a database that is down for a
    // while makes every poll fail: one line per queue and minute.
    this.boss.on('error', (err: Error & { queue?: string }) => {
      if (this.stopping && !this.running) return;
      const key = `${err.queue ?? ''}:${err.message}`;
      const now = Date.now();
      if ((this.lastError.get(key) ?? 0) > now - 60_000) return;
      if (this.lastError.size > 100) this.lastError.clear();
      this.lastError.set(key, now);
      this.log.error({ err, queue: err.queue }, 'background jobs: error');
    });
  }

  /**
   * Runs `handler` for each job sent to the queue `name`, one at a time per process. A handler
   * that throws fails the try (the queue's retryLimit says how often it is tried again); a handler
   * records its own outcome (an export record's status) where a person must see it. Register
   * before `start`.
   */
  work<T extends object>(name: string, handler: JobHandler<T>, options: QueueOptions = {}): void {
    this.register({ name, handler: handler as JobHandler<object>, options });
  }

  /**
   * Runs `handler` about every `everySeconds` (pg-boss's cron goes by the minute; exams sweep
   * every 30 s), in one of the processes that share the database at a time: the queue holds at
   * most one waiting tick, sent again `everySeconds` after a tick ends and at every start (the
   * first tick comes `everySeconds` after it). A sweep must be idempotent (a tick may run twice
   * after a crash); a failed tick is logged, not retried: the next one comes.
   */
  schedule(name: string, everySeconds: number, handler: () => Promise<void>): void {
    if (!(everySeconds >= 1)) throw new Error(`${name}: a sweep runs at most every second`);
    this.register({
      name,
      handler: () => handler(),
      options: { retryLimit: 0, expireInSeconds: Math.max(60, everySeconds * 4) },
      everySeconds,
    });
  }

  private register(r: Registered): void {
    if (this.starting) throw new Error(`${r.name}: register background jobs before they start`);
    if (this.registered.has(r.name)) throw new Error(`${r.name}: a queue has one handler`);
    this.registered.set(r.name, r);
  }

  /** Queues a job; answers its id. Throws when the queue is unknown (its worker was never started). */
  async send(name: string, data: object, options: SendOptions = {}): Promise<string> {
    await this.starting;
    const { client, startAfterSeconds, priority } = options;
    const id = await this.boss.send(name, data, {
      ...(client ? { db: { executeSql: (text: string, values: unknown[]) => client.query(text, values) } } : {}),
      ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
      ...(priority ? { priority } : {}),
    });
    if (!id) throw new Error(`background job not queued: no queue "${name}" (are the jobs started?)`);
    // A job queued in a transaction exists once the caller commits: the caller wakes the worker then.
    if (!client && !startAfterSeconds) this.wake(name);
    return id;
  }

  /**
   * Has this process's worker of the queue look for work now rather than at its next poll (up to
   * a second later): a learner's export or an administrator's import starts at once. Call it after
   * the transaction that queued the job commits; a job not visible yet is found at the next poll.
   */
  wake(name: string): void {
    const id = this.workerIds.get(name);
    if (id) this.boss.notifyWorker(id);
  }

  /** Creates or migrates the schema, creates the queues, starts the workers and queues each sweep's first tick. */
  start(): Promise<void> {
    if (this.running) return Promise.resolve();
    this.stopping = false;
    this.starting = (async () => {
      await this.boss.start();
      // Processes starting together would deadlock creating the same queue: one at a time.
      await ownerTransaction(this.pool, async (client) => {
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${JOBS_SCHEMA}.queues`]);
        this.setup = client;
        try {
          await this.createQueues();
        } finally {
          this.setup = undefined;
        }
      });
      for (const r of this.registered.values()) {
        const id = await this.boss.work<object>(r.name, { batchSize: 1, includeMetadata: true }, ([job]) =>
          this.run(r, job!),
        );
        this.workerIds.set(r.name, id);
        if (r.everySeconds) await this.tick(r);
      }
      this.running = true;
    })();
    // A failed start leaves the jobs stopped (and `send` failing) rather than a promise that rejects forever.
    return this.starting.catch(async (err: unknown) => {
      this.starting = undefined;
      await this.boss.stop({ graceful: false }).catch(() => {});
      throw err;
    });
  }

  /** Creates the registered queues (and the dead-letter queues they name), or updates their rules. */
  private async createQueues(): Promise<void> {
    for (const r of this.registered.values()) {
      const queue: PgBoss.Queue = {
        name: r.name,
        // A sweep's queue keeps one waiting tick however many processes send one.
        policy: r.everySeconds ? 'short' : 'standard',
        retryLimit: r.options.retryLimit ?? 2,
        retryDelay: r.options.retryDelaySeconds ?? 0,
        expireInSeconds: r.options.expireInSeconds ?? 15 * 60,
        ...(r.options.deadLetter ? { deadLetter: r.options.deadLetter } : {}),
      };
      // Dead-letter queues first: a queue names one that must exist.
      if (r.options.deadLetter && !(await this.boss.getQueue(r.options.deadLetter))) {
        await this.boss.createQueue(r.options.deadLetter, { name: r.options.deadLetter });
      }
      if (await this.boss.getQueue(r.name)) await this.boss.updateQueue(r.name, queue);
      else await this.boss.createQueue(r.name, queue);
    }
  }

  /**
   * Stops the workers, lets running handlers finish for up to `graceMs` (a handler still running
   * then is failed, to be tried again after the next start), and waits for pg-boss's statements
   * under way: the database may be closed after it.
   */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.starting) return;
    await this.starting.catch(() => {});
    this.stopping = true;
    const deadline = Date.now() + graceMs;
    await this.boss.stop({ graceful: true, wait: true, timeout: Math.max(1000, graceMs) });
    await this.drained(Math.max(500, deadline - Date.now()));
    this.running = false;
    this.starting = undefined;
  }

  private async run(r: Registered, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    // Fetched while stopping: tried again after the next start.
    if (this.stopping) throw new Error('background jobs are stopping');
    const info: JobInfo = { id: job.id, name: job.name, retryCount: job.retryCount };
    try {
      await this.track(r.handler(job.data, info));
    } catch (err) {
      if (!r.everySeconds) throw err;
      this.log.error({ err, queue: r.name }, 'background sweep failed');
    } finally {
      if (r.everySeconds && !this.stopping) await this.tick(r).catch(() => {});
    }
  }

  private async tick(r: Registered): Promise<void> {
    // The 'short' queue ignores a tick while one is waiting.
    await this.boss.send(r.name, {}, { startAfter: r.everySeconds! });
  }

  private async track<T>(p: Promise<T>): Promise<T> {
    this.inFlight++;
    try {
      return await p;
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) for (const done of this.settled) done();
    }
  }

  private drained(ms: number): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.settled.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.settled.add(done);
    });
  }
}

/**
 * Runs `fn` in a transaction on one of the owner's connections (row-level security does not bind
 * it: name the enterprise in every statement); `client` goes to `Jobs.send` so that a row and the
 * job that works on it are stored together or not at all.
 */
export async function ownerTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
