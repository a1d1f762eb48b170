// Exam results in the back office (issue 22 targets, decision 049), on the demo enterprise of localhost.
//   npm run bench:exam-results -- [attempts] [savers] [rounds]
// An exam task with [attempts] (default 10 000) takers, each with a submitted and marked attempt
// and its log; [savers] (default 500) other takers answering another exam.
// 1. The results' first page (GET /exam/auth/admin/task/{id}/results) at 10 connections for 10 s
//    (target: p99 < 150 ms).
// 2. The results' XLSX export, from the call until the file is done (target: under 30 s), while
//    the savers save answers at 20 connections: their p99 during the export against 8 s before it
//    (target: within 1.5×). Not a pass/fail test.
import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import { connectDatabase } from '@portal/db';
import { BENCH_EID, freePort, print, startPortal } from './lib.ts';

const args = process.argv.slice(2);
const attempts = Number(args[0] ?? 10_000);
const savers = Number(args[1] ?? 500);
/** Exports measured one after the other (default 2): a single one's ratio moves with the machine's noise. */
const rounds = Number(args[2] ?? 2);
const SAVE = '/gateway/exam/auth/user/paper/record/answer/save';
const START = '/gateway/exam/auth/user/paper/record/start/exam';
const ADMIN_PHONE = '13800000002';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const headersOf = (token: string) => ({ token, domain: 'localhost', platform: 'WEB-CLIENT' });

const pgPort = await freePort();
const portal = await startPortal({ EMBEDDED_PG_PORT: String(pgPort) });
const database = connectDatabase(`postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`, { max: 4 });
const base = `http://127.0.0.1:${portal.port}`;
const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);

/** An exam task open for a day on a fixed paper of 20 single choices; its id and its questions. */
async function makeExam(title: string) {
  const { rows: bank } = await q(`INSERT INTO question_banks (eid, title) VALUES ($1, $2) RETURNING id`, [
    BENCH_EID,
    title,
  ]);
  const { rows: questions } = await q(
    `INSERT INTO exam_questions (eid, bank_id, question_type, stem, options, answer)
     SELECT $1, $2, 1, 'Q' || i, '[{"key":"A","text":"a"},{"key":"B","text":"b"}]', '["B"]'
     FROM generate_series(1, 20) i RETURNING id`,
    [BENCH_EID, bank[0].id],
  );
  const { rows: paper } = await q(`INSERT INTO exam_papers (eid, title) VALUES ($1, $2) RETURNING id`, [
    BENCH_EID,
    title,
  ]);
  await q(
    `INSERT INTO exam_paper_questions (eid, paper_id, question_id, sort, score_tenths)
     SELECT $1, $2, id, row_number() OVER (ORDER BY id), 50 FROM unnest($3::int[]) id`,
    [BENCH_EID, paper[0].id, questions.map((r) => r.id)],
  );
  const { rows: task } = await q(
    `INSERT INTO exam_tasks (eid, title, paper_id, starts_at, ends_at, duration_minutes, attempts_allowed, pass_score_tenths)
     VALUES ($1, $2, $3, now() - interval '1 day', now() + interval '1 day', 600, 3, 600) RETURNING id`,
    [BENCH_EID, title, paper[0].id],
  );
  return { taskId: task[0].id as number, questionIds: questions.map((r) => r.id as number) };
}

/** `n` members with sessions (`prefix` + i), their account ids in order. */
async function makeLearners(prefix: string, phonePrefix: string, n: number): Promise<number[]> {
  const { rows } = await q(
    `WITH a AS (
       INSERT INTO accounts (phone) SELECT $3 || lpad(i::text, 8, '0') FROM generate_series(1, $2::int) i
       RETURNING id, substr(phone, 4)::int AS i)
     , m AS (INSERT INTO enterprise_users (eid, account_id, user_name, real_name, employee_no)
             SELECT $1, id, 'u' || $3 || i, '考生' || i, 'B' || $3 || i FROM a RETURNING account_id)
     , s AS (INSERT INTO sessions (token_hash, account_id, eid, expires_at)
             SELECT encode(sha256(convert_to($4 || a.i, 'UTF8')), 'hex'), a.id, $1, now() + interval '1 day' FROM a)
     SELECT id FROM a ORDER BY i`,
    [BENCH_EID, n, phonePrefix, prefix],
  );
  return rows.map((r) => r.id as number);
}

try {
  const adminToken = 'bench-results-admin';
  await q(
    `INSERT INTO sessions (token_hash, account_id, eid, expires_at)
     SELECT $1, id, $2, now() + interval '1 day' FROM accounts WHERE phone = $3`,
    [hash(adminToken), BENCH_EID, ADMIN_PHONE],
  );
  // The exam with [attempts] takers: a submitted, marked attempt each, its record and a log of
  // start, open, 20 answers and submit.
  const results = await makeExam('bench results exam');
  const takers = await makeLearners('bench-results-', '195', attempts);
  await q(
    `INSERT INTO exam_attempts (eid, task_id, account_id, attempt_no, paper, total_score_tenths, pass_score_tenths,
       started_at, deadline_at, submitted_at, submit_reason, status, objective_score_tenths, score_tenths, passed, marked_at)
     SELECT $1, $2, t, 1, '[]', 1000, 600, now() - interval '3 hours', now() - interval '2 hours',
       now() - interval '150 minutes' + (random() * interval '20 minutes'), 1, 3, s, s, s >= 600, now()
     FROM unnest($3::int[]) t, LATERAL (SELECT (floor(random() * 21) * 50)::int AS s) x`,
    [BENCH_EID, results.taskId, takers],
  );
  await q(
    `INSERT INTO exam_task_records (eid, task_id, account_id, attempts_used, best_score_tenths, passed, first_started_at, last_submitted_at)
     SELECT eid, task_id, account_id, 1, score_tenths, passed, started_at, submitted_at FROM exam_attempts
      WHERE eid = $1 AND task_id = $2`,
    [BENCH_EID, results.taskId],
  );
  await q(
    `INSERT INTO exam_attempt_events (eid, attempt_id, account_id, kind, question_id, at, client_at)
     SELECT a.eid, a.id, a.account_id, k.kind, k.q, a.started_at + k.n * interval '5 seconds', a.started_at + k.n * interval '5 seconds'
       FROM exam_attempts a,
            LATERAL (SELECT 1 AS kind, NULL::int AS q, 0 AS n UNION ALL SELECT 2, NULL, 1
                     UNION ALL SELECT 3, qid, 1 + n FROM unnest($3::int[]) WITH ORDINALITY u(qid, n)
                     UNION ALL SELECT 6, NULL, 30) k
      WHERE a.eid = $1 AND a.task_id = $2`,
    [BENCH_EID, results.taskId, results.questionIds],
  );
  await q('ANALYZE exam_attempts, exam_task_records, exam_attempt_events, enterprise_users');

  // The savers: another exam, started through the call as the page does.
  const other = await makeExam('bench saving exam');
  await makeLearners('bench-saver-', '194', savers);
  const attemptOf: number[] = [];
  for (let i = 1; i <= savers; i++) {
    const res = await fetch(`${base}${START}`, {
      method: 'POST',
      headers: { ...headersOf(`bench-saver-${i}`), 'content-type': 'application/json' },
      body: JSON.stringify({ taskId: other.taskId }),
    });
    const body = (await res.json()) as { code: number; message: string; data: { attemptId: number } };
    if (body.code !== 200) throw new Error(`start refused: ${body.code} ${body.message}`);
    attemptOf.push(body.data.attemptId);
  }
  const seqOf = new Array<number>(savers).fill(0);
  let next = 0;
  const saveRequest = {
    method: 'POST',
    path: SAVE,
    setupRequest: (req: Record<string, unknown>) => {
      const i = next;
      next = (next + 1) % savers;
      const seq = ++seqOf[i]!;
      return {
        ...req,
        headers: { ...headersOf(`bench-saver-${i + 1}`), 'content-type': 'application/json' },
        body: JSON.stringify({
          attemptId: attemptOf[i],
          questionId: other.questionIds[(seq - 1) % other.questionIds.length],
          answer: [['A', 'B'][seq % 2]!],
          seq,
        }),
      };
    },
  };
  type Load = { p99: number; rps: number; errors: number };
  const summary = (r: autocannon.Result): Load => ({
    p99: r.latency.p99,
    rps: r.requests.average,
    errors: r.errors + r.timeouts + r.non2xx,
  });
  const saveOptions = { url: base, connections: 20, requests: [saveRequest as never] };

  // 1. The results' first page.
  const resultsPath = `/gateway/exam/auth/admin/task/${results.taskId}/results?pageCurrent=1&pageSize=20`;
  await autocannon({ url: `${base}${resultsPath}`, connections: 10, duration: 3, headers: headersOf(adminToken) });
  const page = summary(
    await autocannon({ url: `${base}${resultsPath}`, connections: 10, duration: 10, headers: headersOf(adminToken) }),
  );

  // 2. The export while the savers save, twice: the first in the process also loads exceljs.
  await autocannon({ ...saveOptions, duration: 3 });
  const exportRounds: Array<{
    seconds: number;
    status: number;
    size: number;
    before: Load;
    during: Load;
    after: Load;
  }> = [];
  for (let round = 0; round < rounds; round++) {
    const before = summary(await autocannon({ ...saveOptions, duration: 8 }));
    let stop = () => {};
    const during = new Promise<Load>((resolve, reject) => {
      const instance = autocannon({ ...saveOptions, duration: 3600 }, (err, r) =>
        err ? reject(err) : resolve(summary(r)),
      );
      stop = () => instance.stop();
    });
    const at = performance.now();
    const started = (await (
      await fetch(`${base}/gateway/exam/auth/admin/task/${results.taskId}/results/export`, {
        method: 'POST',
        headers: { ...headersOf(adminToken), 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { code: number; message: string; data: { id: number } };
    if (started.code !== 200) throw new Error(`export refused: ${started.code} ${started.message}`);
    let status = 1;
    let size = 0;
    for (;;) {
      const { rows } = await q('SELECT export_status, file_size FROM export_records WHERE id = $1', [started.data.id]);
      status = rows[0]?.export_status as number;
      size = Number(rows[0]?.file_size ?? 0);
      if (status !== 1) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const seconds = (performance.now() - at) / 1000;
    stop();
    const meanwhile = await during;
    const after = summary(await autocannon({ ...saveOptions, duration: 8 }));
    exportRounds.push({ seconds, status, size, before, during: meanwhile, after });
  }
  print(
    exportRounds.map((r, i) => ({
      attempts,
      'results page p99 ms': page.p99,
      'results page rps': Math.round(page.rps),
      export: i === 0 ? 'first in the process' : 'again',
      'export s': r.seconds.toFixed(1),
      'export status': r.status,
      'file KB': Math.round(r.size / 1024),
      'save p99 ms before / during / after': `${r.before.p99} / ${r.during.p99} / ${r.after.p99}`,
      'ratio during/before': (r.during.p99 / Math.max(1, r.before.p99)).toFixed(2),
      errors: page.errors + r.before.errors + r.during.errors + r.after.errors,
    })),
  );
  const ratios = exportRounds.map((r) => r.during.p99 / Math.max(1, r.before.p99)).sort((a, b) => a - b);
  process.stdout.write(
    `median ratio during/before over ${rounds} exports: ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)}\n`,
  );
} finally {
  await database.close();
  await portal.stop();
}
