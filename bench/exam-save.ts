// Exams (issue 13 targets): thousands of takers, each with an attempt of one long exam.
//   npm run bench:exam -- [seconds] [rounds] [takers] [rate-seconds] [starters]
// 1. Answer saves at 50 connections against the signed-in user-info call of the same takers in
//    turn, in alternating rounds (target: at least 0.5×, p99 under 50 ms, no errors).
// 2. [rate-seconds] (default 60) of every taker saving every 15 s (takers / 15 saves a second;
//    10 000 takers: about 670), then every acknowledged save checked in the database (target: p99
//    under 100 ms, none lost).
// 3. [starters] (default 2 000) new takers starting the same random-paper exam within 10 seconds
//    (target: every start answered, p99 under 500 ms).
// Not a pass/fail test.
import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import { connectDatabase } from '@portal/db';
import { BENCH_EID, cpuShares, freePort, print, startPortal } from './lib.ts';

const args = process.argv.slice(2);
const duration = Number(args[0] ?? 10);
const rounds = Number(args[1] ?? 3);
const takers = Number(args[2] ?? 10_000);
const rateSeconds = Number(args[3] ?? 60);
const starters = Number(args[4] ?? 2_000);
const QUESTIONS = 50;
const INFO = '/gateway/user/auth/enterprise/user/info/current/view';
const SAVE = '/gateway/exam/auth/user/paper/record/answer/save';
const START = '/gateway/exam/auth/user/paper/record/start/exam';

const tokenOf = (i: number) => `bench-exam-${i}`;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const headersOf = (token: string) => ({ token, domain: 'localhost', platform: 'WEB-CLIENT' });

const pgPort = await freePort();
const portal = await startPortal({ EMBEDDED_PG_PORT: String(pgPort) });
const database = connectDatabase(`postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`, { max: 4 });
const base = `http://127.0.0.1:${portal.port}`;
const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);

/** `n` learners of the bench enterprise from `from` on, each with a session; their account ids in order. */
async function makeLearners(from: number, n: number): Promise<number[]> {
  await q(
    `WITH a AS (
       INSERT INTO accounts (phone) SELECT '198' || lpad(i::text, 8, '0') FROM generate_series($2::int, $2::int + $3::int - 1) i
       RETURNING id, substr(phone, 4)::int AS i)
     , m AS (INSERT INTO enterprise_users (eid, account_id, user_name) SELECT $1, id, 'taker' || i FROM a RETURNING account_id)
     INSERT INTO sessions (token_hash, account_id, eid, expires_at)
     SELECT encode(sha256(convert_to('bench-exam-' || a.i, 'UTF8')), 'hex'), a.id, $1, now() + interval '1 day' FROM a`,
    [BENCH_EID, from, n],
  );
  const hashes = Array.from({ length: n }, (_, k) => hash(tokenOf(from + k)));
  const { rows } = await q(`SELECT token_hash, account_id FROM sessions WHERE token_hash = ANY($1)`, [hashes]);
  const byHash = new Map(rows.map((r) => [r.token_hash as string, r.account_id as number]));
  return hashes.map((h) => byHash.get(h)!);
}

/** An exam task open for a day: a fixed paper of QUESTIONS single choices, or a random paper of `random` drawn from them. */
async function makeExam(title: string, random?: number): Promise<number> {
  const { rows: bank } = await q(`INSERT INTO question_banks (eid, title) VALUES ($1, $2) RETURNING id`, [
    BENCH_EID,
    title,
  ]);
  const { rows: questions } = await q(
    `INSERT INTO exam_questions (eid, bank_id, question_type, stem, options, answer)
     SELECT $1, $2, 1, 'Q' || i, '[{"key":"A","text":"a"},{"key":"B","text":"b"},{"key":"C","text":"c"}]', '["B"]'
     FROM generate_series(1, $3::int) i RETURNING id`,
    [BENCH_EID, bank[0].id, QUESTIONS],
  );
  const rules = random
    ? JSON.stringify([{ bankId: bank[0].id, questionType: 1, difficulty: null, count: random, scoreTenths: 20 }])
    : '[]';
  const { rows: paper } = await q(
    `INSERT INTO exam_papers (eid, title, mode, rules, shuffle_options) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [BENCH_EID, title, random ? 2 : 1, rules, Boolean(random)],
  );
  if (!random) {
    await q(
      `INSERT INTO exam_paper_questions (eid, paper_id, question_id, sort, score_tenths)
       SELECT $1, $2, id, row_number() OVER (ORDER BY id), 20 FROM unnest($3::int[]) id`,
      [BENCH_EID, paper[0].id, questions.map((r) => r.id)],
    );
  }
  const { rows: task } = await q(
    `INSERT INTO exam_tasks (eid, title, paper_id, starts_at, ends_at, duration_minutes, attempts_allowed, pass_score_tenths)
     VALUES ($1, $2, $3, now() - interval '1 minute', now() + interval '1 day', 600, 1, 600) RETURNING id`,
    [BENCH_EID, title, paper[0].id],
  );
  return task[0].id as number;
}

interface Run {
  rps: number;
  latencyP99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

const run = async (options: {
  requests: unknown[];
  connections: number;
  duration?: number;
  amount?: number;
  overallRate?: number;
}): Promise<Run> => {
  const r = await autocannon({
    url: base,
    connections: options.connections,
    ...(options.duration ? { duration: options.duration } : {}),
    ...(options.amount ? { amount: options.amount } : {}),
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    requests: options.requests as never,
  });
  return {
    rps: r.requests.average,
    latencyP99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    requests: r.requests.total,
  };
};

try {
  const accounts = await makeLearners(0, takers);
  const taskId = await makeExam('bench exam');
  const { rows: qs } = await q(
    `SELECT question_id FROM exam_paper_questions pq JOIN exam_tasks t ON t.eid = pq.eid AND t.paper_id = pq.paper_id
     WHERE t.eid = $1 AND t.id = $2 ORDER BY sort`,
    [BENCH_EID, taskId],
  );
  const questionIds = qs.map((r) => r.question_id as number);

  // Every taker starts the exam (through the call, as the page does).
  let nextStart = 0;
  const attemptOf = new Array<number>(takers).fill(0);
  const started = await run({
    connections: 50,
    amount: takers,
    requests: [
      {
        method: 'POST',
        path: START,
        setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
          const i = nextStart++;
          context.taker = i;
          return {
            ...req,
            headers: { ...headersOf(tokenOf(i)), 'content-type': 'application/json' },
            body: JSON.stringify({ taskId }),
          };
        },
        onResponse: (status: number, body: string, context: Record<string, unknown>) => {
          if (status === 200 && body.startsWith('{"code":200')) {
            attemptOf[context.taker as number] = (JSON.parse(body) as { data: { attemptId: number } }).data.attemptId;
          }
        },
      },
    ],
  });
  const missing = attemptOf.filter((a) => a === 0).length;
  if (missing > 0) throw new Error(`${missing} of ${takers} takers could not start (${started.non2xx} non-2xx)`);

  // Save k of taker i: question k mod QUESTIONS, sequence k; the answer names its sequence, so the
  // stored answer of a question tells which acknowledged save it is.
  const sent = new Array<number>(takers).fill(0);
  /** The highest acknowledged sequence of each taker's question (taker × QUESTIONS + question). */
  const acked = new Int32Array(takers * QUESTIONS);
  let next = 0;
  const saveRequest = () => ({
    method: 'POST',
    path: SAVE,
    setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
      const i = next;
      next = (next + 1) % takers;
      const seq = ++sent[i]!;
      context.taker = i;
      context.seq = seq;
      return {
        ...req,
        headers: { ...headersOf(tokenOf(i)), 'content-type': 'application/json' },
        body: JSON.stringify({
          attemptId: attemptOf[i],
          questionId: questionIds[(seq - 1) % QUESTIONS],
          answer: [['A', 'B', 'C'][seq % 3]!],
          seq,
        }),
      };
    },
    onResponse: (status: number, body: string, context: Record<string, unknown>) => {
      if (status === 200 && body.startsWith('{"code":200')) {
        const seq = context.seq as number;
        const slot = (context.taker as number) * QUESTIONS + ((seq - 1) % QUESTIONS);
        acked[slot] = Math.max(acked[slot]!, seq);
      }
    },
  });
  let nextInfo = 0;
  const infoRequest = () => ({
    method: 'GET',
    path: INFO,
    setupRequest: (req: Record<string, unknown>) => {
      const i = nextInfo;
      nextInfo = (nextInfo + 1) % takers;
      return { ...req, headers: headersOf(tokenOf(i)) };
    },
  });

  await run({ requests: [infoRequest()], connections: 50, duration: 3 });
  await run({ requests: [saveRequest()], connections: 50, duration: 3 });
  const rows: Array<Record<string, string | number>> = [];
  let ratio = 0;
  for (let round = 1; round <= rounds; round++) {
    const { result: info, cpu: infoCpu } = await cpuShares(portal.child.pid!, () =>
      run({ requests: [infoRequest()], connections: 50, duration }),
    );
    const { result: save, cpu: saveCpu } = await cpuShares(portal.child.pid!, () =>
      run({ requests: [saveRequest()], connections: 50, duration }),
    );
    ratio += save.rps / info.rps;
    const row = (route: string, r: Run, cpu: string) => ({
      route: `${route} #${round}`,
      rps: Math.round(r.rps),
      p99ms: r.latencyP99,
      errors: r.errors,
      non2xx: r.non2xx,
      ratio: +(r.rps / info.rps).toFixed(3),
      cpu,
    });
    rows.push(row('user info', info, infoCpu), row('answer save', save, saveCpu));
  }
  print(rows);
  console.log(`answer save / user info (mean of ${rounds}, 50 connections): ${(ratio / rounds).toFixed(3)}×`);

  const rate = Math.round(takers / 15);
  const steady = await run({ requests: [saveRequest()], connections: 100, duration: rateSeconds, overallRate: rate });
  console.log(
    `${takers} takers saving every 15 s (${rate}/s) for ${rateSeconds} s: ${steady.requests} sent, ${Math.round(steady.rps)}/s, p99 ${steady.latencyP99} ms, errors ${steady.errors}, non-2xx ${steady.non2xx}`,
  );
  // Every acknowledged save is stored: each question's stored sequence is at least the highest
  // acknowledged save of it (a higher one only when a later save of it was applied).
  const { rows: stored } = await q(
    `SELECT a.account_id, x.question_id, x.seq FROM exam_answers x
       JOIN exam_attempts a ON a.eid = x.eid AND a.id = x.attempt_id
     WHERE x.eid = $1 AND a.task_id = $2`,
    [BENCH_EID, taskId],
  );
  const takerOf = new Map(accounts.map((id, i) => [id, i]));
  const questionIndex = new Map(questionIds.map((id, k) => [id, k]));
  const storedSeq = new Int32Array(takers * QUESTIONS);
  for (const r of stored) {
    storedSeq[takerOf.get(r.account_id as number)! * QUESTIONS + questionIndex.get(r.question_id as number)!] =
      r.seq as number;
  }
  let lost = 0;
  let ackedSaves = 0;
  for (let slot = 0; slot < acked.length; slot++) {
    if (acked[slot]! > 0) ackedSaves += 1;
    if (storedSeq[slot]! < acked[slot]!) lost += 1;
  }
  console.log(`answers acknowledged (latest per question): ${ackedSaves}; of them not stored: ${lost}`);

  // New takers starting the same random-paper exam within 10 seconds.
  await makeLearners(takers, starters);
  const randomTask = await makeExam('bench random exam', 20);
  let nextStarter = takers;
  const starts = await run({
    connections: 100,
    amount: starters,
    overallRate: Math.ceil(starters / 10),
    requests: [
      {
        method: 'POST',
        path: START,
        setupRequest: (req: Record<string, unknown>) => ({
          ...req,
          headers: { ...headersOf(tokenOf(nextStarter++)), 'content-type': 'application/json' },
          body: JSON.stringify({ taskId: randomTask }),
        }),
      },
    ],
  });
  const { rows: made } = await q(`SELECT count(*)::int AS n FROM exam_attempts WHERE eid = $1 AND task_id = $2`, [
    BENCH_EID,
    randomTask,
  ]);
  console.log(
    `${starters} takers starting a random-paper exam within 10 s: ${starts.requests} answered, p99 ${starts.latencyP99} ms, errors ${starts.errors}, non-2xx ${starts.non2xx}, attempts made ${made[0].n}`,
  );
} finally {
  await database.close();
  await portal.stop();
}
