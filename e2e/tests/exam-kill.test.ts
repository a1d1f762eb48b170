import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '@portal/db';
import { freePort } from '../../scripts/test-support.ts';
import { startPortalProcess, type PortalProcess } from '../portal-process.ts';

// The kill test of issue 13 (no browser): 200 takers saving answers to a portal of its own; the
// portal's process and its PostgreSQL are killed with SIGKILL mid-save and started again on the
// same data. Every save the server acknowledged is there, and after the restart the sweep submits
// and marks every attempt once.

const TAKERS = 200;
const QUESTIONS = 10;
const EID = 1001;
const GATEWAY = '/gateway/exam/auth/user/paper/record';
/** The portal's settings here (over the browser tests' own): the exam sweep every 2 s (30 s by default). */
const ENV = { EXAM_SWEEP_SECONDS: '2' };

let dataDir: string;
let port: number;
let pgPort: number;
let portal: PortalProcess | undefined;
let database: Database | undefined;
const db = () => database!.pool;

const url = () => `postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-kill-'));
  await chmod(dataDir, 0o755);
  port = await freePort();
  pgPort = await freePort();
  portal = await startPortalProcess({ dataDir, port, pgPort, env: ENV });
  database = connectDatabase(url(), { max: 4 });
});

afterAll(async () => {
  await database?.close();
  if (portal && portal.child.exitCode === null) {
    const exited = new Promise((r) => portal!.child.once('exit', r));
    portal.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000).unref())]);
  }
  await rm(dataDir, { recursive: true, force: true });
});

async function call<T>(token: string, action: string, body: object): Promise<{ code: number; data: T }> {
  const res = await fetch(`http://127.0.0.1:${port}${GATEWAY}/${action}`, {
    method: 'POST',
    headers: { token, domain: 'localhost', platform: 'WEB-CLIENT', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: T };
}

/** Kills the portal's process and its PostgreSQL at once, as a power cut would. */
function killAll() {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  portal!.child.kill('SIGKILL');
  process.kill(postmaster, 'SIGKILL');
}

describe('answers and submits survive a killed server', () => {
  it('keeps every acknowledged save through SIGKILL, and marks every attempt once after the restart', async () => {
    // The takers and their sessions, and a ten-question exam they all start.
    const tokens = Array.from({ length: TAKERS }, () => randomBytes(24).toString('base64url'));
    const { rows: people } = await db().query<{ id: number }>(
      `WITH a AS (INSERT INTO accounts (phone) SELECT '197' || lpad(i::text, 8, '0') FROM generate_series(1, $1::int) i RETURNING id)
       INSERT INTO enterprise_users (eid, account_id, user_name) SELECT $2, id, 'taker' || id FROM a RETURNING account_id AS id`,
      [TAKERS, EID],
    );
    await db().query(
      `INSERT INTO sessions (token_hash, account_id, eid, expires_at)
       SELECT t, a, $3, now() + interval '1 day' FROM unnest($1::text[], $2::int[]) AS x(t, a)`,
      [tokens.map((t) => createHash('sha256').update(t).digest('hex')), people.map((p) => p.id), EID],
    );
    const { rows: bank } = await db().query(
      `INSERT INTO question_banks (eid, title) VALUES ($1, 'kill') RETURNING id`,
      [EID],
    );
    const { rows: questions } = await db().query<{ id: number }>(
      `INSERT INTO exam_questions (eid, bank_id, question_type, stem, options, answer, score_tenths)
       SELECT $1, $2, 1, 'Q' || i, '[{"key":"A","text":"a"},{"key":"B","text":"b"}]', '["B"]', 100
       FROM generate_series(1, $3::int) i RETURNING id`,
      [EID, bank[0].id, QUESTIONS],
    );
    const { rows: paper } = await db().query(`INSERT INTO exam_papers (eid, title) VALUES ($1, 'kill') RETURNING id`, [
      EID,
    ]);
    await db().query(
      `INSERT INTO exam_paper_questions (eid, paper_id, question_id, sort, score_tenths)
       SELECT $1, $2, q, o, 100 FROM unnest($3::int[]) WITH ORDINALITY AS x(q, o)`,
      [EID, paper[0].id, questions.map((q) => q.id)],
    );
    const { rows: task } = await db().query<{ id: number }>(
      `INSERT INTO exam_tasks (eid, title, paper_id, starts_at, ends_at, duration_minutes, pass_score_tenths, points)
       VALUES ($1, 'kill', $2, now() - interval '1 minute', now() + interval '1 day', 60, 500, 5) RETURNING id`,
      [EID, paper[0].id],
    );
    // 200 starts at once on a busy 2-core machine may wait longer for a database connection than
    // the server waits (DB_CONNECT_TIMEOUT_MS): it answers 503, try again, and a client does.
    const start = async (token: string, tries = 5): Promise<number> => {
      const started = await call<{ attemptId: number }>(token, 'start/exam', { taskId: task[0]!.id });
      if (started.code === 503 && tries > 1) return start(token, tries - 1);
      expect(started.code).toBe(200);
      return started.data.attemptId;
    };
    const attempts = await Promise.all(tokens.map((token) => start(token)));

    // Every taker saves, one answer after another, each save a higher sequence; what the server
    // acknowledged is kept per attempt and question. The server dies while they save.
    const acked = new Map<string, number>();
    let stop = false;
    const saving = tokens.map(async (token, i) => {
      for (let seq = 1; !stop; seq++) {
        const questionId = questions[(seq - 1) % QUESTIONS]!.id;
        try {
          const res = await call(token, 'answer/save', {
            attemptId: attempts[i],
            questionId,
            answer: [seq % 2 ? 'A' : 'B'],
            seq,
          });
          if (res.code === 200) acked.set(`${attempts[i]}:${questionId}`, seq);
        } catch {
          return; // the server is gone
        }
      }
    });
    // Killed while they save, once more answers were acknowledged than there are takers (what the
    // test asks below), not after a fixed time.
    await expect.poll(() => acked.size, { timeout: 30_000 }).toBeGreaterThan(TAKERS);
    killAll();
    stop = true;
    await Promise.all(saving);
    expect(acked.size).toBeGreaterThan(TAKERS);
    await database!.close();

    portal = await startPortalProcess({ dataDir, port, pgPort, env: ENV });
    database = connectDatabase(url(), { max: 4 });
    const { rows: stored } = await db().query<{ attempt_id: number; question_id: number; seq: number }>(
      `SELECT attempt_id, question_id, seq FROM exam_answers WHERE eid = $1 AND attempt_id = ANY($2)`,
      [EID, attempts],
    );
    const storedSeq = new Map(stored.map((r) => [`${r.attempt_id}:${r.question_id}`, r.seq]));
    const lost = [...acked].filter(([key, seq]) => (storedSeq.get(key) ?? 0) < seq);
    expect(lost).toEqual([]);

    // Their time runs out: the sweep (every 2 s here) submits and marks each attempt once.
    await db().query(
      `UPDATE exam_attempts SET deadline_at = now() - interval '5 minutes' WHERE eid = $1 AND id = ANY($2)`,
      [EID, attempts],
    );
    await expect
      .poll(
        async () =>
          (
            await db().query<{ n: number }>(
              `SELECT count(*)::int AS n FROM exam_attempts WHERE eid = $1 AND id = ANY($2) AND status <> 1`,
              [EID, attempts],
            )
          ).rows[0]!.n,
        { timeout: 60_000, interval: 500 },
      )
      .toBe(TAKERS);
    const { rows: marked } = await db().query<{ id: number; submits: number; score: number; right: number }>(
      `SELECT a.id, a.score_tenths AS score,
         (SELECT count(*)::int FROM exam_attempt_events e WHERE e.eid = a.eid AND e.attempt_id = a.id AND e.kind IN (6, 7, 8, 9)) AS submits,
         (SELECT coalesce(sum(x.score_tenths), 0)::int FROM exam_answers x WHERE x.eid = a.eid AND x.attempt_id = a.id) AS right
       FROM exam_attempts a WHERE a.eid = $1 AND a.id = ANY($2)`,
      [EID, attempts],
    );
    for (const row of marked) {
      expect(row.submits).toBe(1);
      expect(row.score).toBe(row.right);
    }
    // Those who passed earned the task's points once.
    const { rows: earned } = await db().query<{ n: number; passed: number }>(
      `SELECT (SELECT count(*)::int FROM earnings WHERE eid = $1 AND source_type = 7 AND source_id = $2) AS n,
              (SELECT count(*)::int FROM exam_attempts WHERE eid = $1 AND task_id = $2 AND passed) AS passed`,
      [EID, task[0]!.id],
    );
    expect(earned[0]!.n).toBe(earned[0]!.passed);
  }, 240_000);
});
