// Study tasks and projects (issue 20 targets), on the demo enterprise of localhost.
//   npm run bench:tasks -- [seconds] [rounds] [department-size] [savers]
// 1. A learner with 200 assigned tasks and 20 projects (each with a stage task): the training
//    records page (/account?change=2) and a task page (/account/task/info?id=…) rendered signed in,
//    against signed-in /account?change=7 of the same learner in the same run, in alternating rounds
//    at 10 connections; answers a second and the portal's CPU time per answer (target: at least 0.8×).
// 2. An administrator assigns a task to a department of [department-size] (default 5 000) people
//    through POST /course/auth/admin/study/task/assign while those people load the user-info call:
//    the assign call's time (target: under 5 s), the user-info p99 before and during assigning
//    (target: within 1.5×), and the task in a member's list after it.
// 3. [savers] (default 1 000) learners saving item progress through
//    POST /course/auth/study/task/progress/save, each save one percent more: all at once and
//    steadily (each every 10 s), each against the same learners' user-info calls the same way: p99
//    (target: under 50 ms), then every acknowledged save checked in study_task_item_progress
//    (target: none lost). BENCH_PARTS=1,3 runs some parts only.
//    "At once": the [savers] requests are sent together through BURST_CONNECTIONS (default 100)
//    keep-alive connections, as bench/progress-report.ts does, not one new connection each: on
//    this 2-core machine the load generator itself cannot open 1 000 connections at once (its
//    user-info calls timed out too), so that measured the generator. Latency is from each request's
//    sending, so this is the server's answer to 1 000 requests queued at once. Each learner's
//    first save (it starts the task: the locked path) is sent as a burst of its own before those
//    measured, as a learner in the player made it minutes before; its row is printed too.
// Ratios against a baseline measured in the same run; not a pass/fail test.
import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import { connectDatabase } from '@portal/db';
import { BENCH_EID, cpuShares, freePort, print, processCpuMs, startBareFastify, startPortal } from './lib.ts';

const args = process.argv.slice(2);
const duration = Number(args[0] ?? 10);
const rounds = Number(args[1] ?? 3);
const departmentSize = Number(args[2] ?? 5_000);
const savers = Math.min(Number(args[3] ?? 1_000), departmentSize);
/** Which parts to run (BENCH_PARTS=3: the savers only); the data every part needs is made anyway. */
const parts = new Set((process.env.BENCH_PARTS ?? '1,2,3').split(',').map(Number));
const TASKS = 200;
const PROJECTS = 20;
const PAGE_CONNECTIONS = 10;
/** The burst's keep-alive connections (see the header). */
const BURST_CONNECTIONS = Math.min(savers, Number(process.env.BURST_CONNECTIONS ?? 100));
/** The steady part's connections (see part 3 (b)). */
const STEADY_CONNECTIONS = 10;
const INFO = '/gateway/user/auth/enterprise/user/info/current/view';
const ASSIGN = '/gateway/course/auth/admin/study/task/assign';
const TASK_PAGE = '/gateway/course/auth/study/task/page';
const SAVE = '/gateway/course/auth/study/task/progress/save';
/** The header's user menu: only on a page rendered for a signed-in learner. */
const SIGNED_IN_MARK = 'portal-user-menu';
/** The demo administrator of BENCH_EID (seed.ts DEMO_ACCOUNTS). */
const ADMIN_PHONE = '13800000002';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const tokenOf = (i: number) => `bench-task-${i}`;
const headersOf = (token: string) => ({ token, domain: 'localhost', platform: 'WEB-CLIENT' });
const cookieOf = (token: string) => ({ cookie: `token=${token}; eid=${BENCH_EID}` });
const ok = (body: string) => body.startsWith('{"code":200');
const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const list = (xs: number[]) => xs.map((r) => r.toFixed(3)).join(', ');

const pgPort = await freePort();
const portal = await startPortal({ EMBEDDED_PG_PORT: String(pgPort) });
const database = connectDatabase(`postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`, { max: 4 });
const base = `http://127.0.0.1:${portal.port}`;
const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
const pid = portal.child.pid!;

interface Run {
  rps: number;
  latencyP99: number;
  errors: number;
  non2xx: number;
  requests: number;
}
const run = async (options: {
  url?: string;
  requests?: unknown[];
  headers?: Record<string, string>;
  connections: number;
  duration?: number;
  amount?: number;
  overallRate?: number;
}): Promise<Run> => {
  const r = await autocannon({
    url: options.url ?? base,
    connections: options.connections,
    ...(options.duration ? { duration: options.duration } : {}),
    ...(options.amount ? { amount: options.amount } : {}),
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.requests ? { requests: options.requests as never } : {}),
  });
  return {
    rps: r.requests.average,
    latencyP99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    requests: r.requests.total,
  };
};

/** `n` learners of the bench enterprise from `from` on, each with a session (tokenOf); their account ids in order. */
async function makeLearners(from: number, n: number): Promise<number[]> {
  await q(
    `WITH a AS (
       INSERT INTO accounts (phone) SELECT '197' || lpad(i::text, 8, '0') FROM generate_series($2::int, $2::int + $3::int - 1) i
       RETURNING id, substr(phone, 4)::int AS i)
     , m AS (INSERT INTO enterprise_users (eid, account_id, user_name) SELECT $1, id, 'tasker' || i FROM a RETURNING account_id)
     INSERT INTO sessions (token_hash, account_id, eid, expires_at)
     SELECT encode(sha256(convert_to('bench-task-' || a.i, 'UTF8')), 'hex'), a.id, $1, now() + interval '1 day' FROM a`,
    [BENCH_EID, from, n],
  );
  const hashes = Array.from({ length: n }, (_, k) => hash(tokenOf(from + k)));
  const { rows } = await q(`SELECT token_hash, account_id FROM sessions WHERE token_hash = ANY($1)`, [hashes]);
  const byHash = new Map(rows.map((r) => [r.token_hash as string, r.account_id as number]));
  return hashes.map((h) => byHash.get(h)!);
}

/** `n` published learning tasks open for a month, each with the handout, the short course and an exam (every other one ordered). */
async function makeTasks(title: string, n: number, resources: { handout: number; course: number; exam: number }) {
  const { rows } = await q(
    `INSERT INTO study_tasks (eid, title, task_type, ordered, starts_at, ends_at, credit_tenths, points)
     SELECT $1, $2 || ' ' || i, 1, i % 2 = 0, now() - interval '1 day' - i * interval '1 minute',
            now() + interval '30 days', 10, 5
       FROM generate_series(1, $3::int) i RETURNING id`,
    [BENCH_EID, title, n],
  );
  const ids = rows.map((r) => r.id as number);
  await q(
    `INSERT INTO study_task_items (eid, task_id, position, resource_type, resource_id, title)
     SELECT $1, t, p, (ARRAY[4, 3, 7])[p], (ARRAY[$3::int, $4::int, $5::int])[p], 'item ' || p
       FROM unnest($2::int[]) t, generate_series(1, 3) p`,
    [BENCH_EID, ids, resources.handout, resources.course, resources.exam],
  );
  return ids;
}

try {
  // What the tasks are made of: the demo site's handout, short course and an exam.
  const one = async (text: string) => ((await q(text, [BENCH_EID])).rows[0]?.id as number | undefined) ?? 0;
  const resources = {
    handout: await one(`SELECT id FROM resource_materials WHERE eid = $1 AND kind = 2 ORDER BY id LIMIT 1`),
    course: await one(`SELECT id FROM courses WHERE eid = $1 ORDER BY sort, id OFFSET 5 LIMIT 1`),
    exam: await one(`SELECT id FROM exam_tasks WHERE eid = $1 AND published ORDER BY id LIMIT 1`),
  };
  if (!resources.handout || !resources.course || !resources.exam) throw new Error('the demo site is not seeded');

  // ---- 1. A learner with 200 tasks and 20 projects ----
  const [heavy] = await makeLearners(0, 1);
  const heavyToken = tokenOf(0);
  const taskIds = await makeTasks('bench task', TASKS, resources);
  await q(
    `INSERT INTO study_task_assignments (eid, task_id, target_type, target_id) SELECT $1, t, 1, $2 FROM unnest($3::int[]) t`,
    [BENCH_EID, heavy, taskIds],
  );
  // Their standing in three of four: learning, completed, or (every fourth) not yet started.
  await q(
    `INSERT INTO study_task_learners (eid, task_id, account_id, status, required_done, required_count, progress_percent, completed_at)
     SELECT $1, t, $2, CASE WHEN n % 3 = 0 THEN 3 ELSE 2 END, CASE WHEN n % 3 = 0 THEN 3 ELSE 1 END, 3,
            CASE WHEN n % 3 = 0 THEN 100 ELSE 33 END, CASE WHEN n % 3 = 0 THEN now() END
       FROM unnest($3::int[]) WITH ORDINALITY AS x(t, n) WHERE n % 4 <> 0`,
    [BENCH_EID, heavy, taskIds],
  );
  const projectTasks = await makeTasks('bench project task', PROJECTS, resources);
  for (const [i, taskId] of projectTasks.entries()) {
    const { rows: project } = await q(
      `INSERT INTO study_projects (eid, title, starts_at, ends_at, capacity, enrol_rule, seats_taken)
       VALUES ($1, $2, now() - interval '1 day', now() + interval '30 days', 100, $3, 1) RETURNING id`,
      [BENCH_EID, `bench project ${i}`, 1 + (i % 2)],
    );
    const { rows: stage } = await q(
      `INSERT INTO study_project_stages (eid, project_id, position, title) VALUES ($1, $2, 1, 'stage') RETURNING id`,
      [BENCH_EID, project[0].id],
    );
    await q(`INSERT INTO study_project_stage_tasks (eid, stage_id, task_id, project_id) VALUES ($1, $2, $3, $4)`, [
      BENCH_EID,
      stage[0].id,
      taskId,
      project[0].id,
    ]);
    await q(
      `INSERT INTO study_project_applications (eid, project_id, account_id, status, decided_at) VALUES ($1, $2, $3, 2, now())`,
      [BENCH_EID, project[0].id, heavy],
    );
  }
  const pages = {
    records: '/account?change=2',
    task: `/account/task/info?id=${taskIds[1]}`,
    baseline: '/account?change=7',
  };
  if (parts.has(1)) {
    for (const page of Object.values(pages)) {
      const res = await fetch(base + page, { headers: cookieOf(heavyToken), redirect: 'manual' });
      const html = await res.text();
      if (res.status !== 200 || !html.includes(SIGNED_IN_MARK)) {
        throw new Error(`${page} answered ${res.status} ${html.slice(0, 300)}`);
      }
    }
    for (const page of Object.values(pages)) {
      await run({ url: base + page, connections: PAGE_CONNECTIONS, duration: 2, headers: cookieOf(heavyToken) });
    }
    const measure = async (page: string) => {
      const before = processCpuMs(pid);
      const r = await run({ url: base + page, connections: PAGE_CONNECTIONS, duration, headers: cookieOf(heavyToken) });
      return { ...r, cpuMs: (processCpuMs(pid) - before) / Math.max(1, r.requests) };
    };
    const pageRows: Array<Record<string, string | number>> = [];
    const pageRatios = { records: { rps: [] as number[], cpu: [] as number[] }, task: { rps: [], cpu: [] } } as Record<
      'records' | 'task',
      { rps: number[]; cpu: number[] }
    >;
    for (let i = 1; i <= rounds; i++) {
      for (const key of ['records', 'task'] as const) {
        // The baseline next to each page: a burst of noise on this small machine hits both alike.
        const b = await measure(pages.baseline);
        const r = await measure(pages[key]);
        pageRatios[key].rps.push(r.rps / b.rps);
        pageRatios[key].cpu.push(b.cpuMs / r.cpuMs);
        for (const [name, x] of [
          [`${pages.baseline} #${i}`, b],
          [`${pages[key]} #${i}`, r],
        ] as const) {
          pageRows.push({
            page: name,
            rps: Math.round(x.rps),
            p99ms: x.latencyP99,
            errors: x.errors,
            non2xx: x.non2xx,
            cpuMs: +x.cpuMs.toFixed(2),
          });
        }
      }
    }
    print(pageRows);
    for (const key of ['records', 'task'] as const) {
      const r = pageRatios[key];
      console.log(
        `${pages[key]} (${TASKS} tasks, ${PROJECTS} projects) vs ${pages.baseline}: answers a second ${median(r.rps).toFixed(3)}× (${list(r.rps)}); CPU ratio ${median(r.cpu).toFixed(3)} (${list(r.cpu)}); target ≥ 0.8`,
      );
    }
  }

  // ---- 2. Assigning a task to a department of 5 000 ----
  const members = await makeLearners(1, departmentSize);
  const { rows: department } = await q(`INSERT INTO departments (eid, name) VALUES ($1, 'bench') RETURNING id`, [
    BENCH_EID,
  ]);
  const departmentId = department[0].id as number;
  await q(`INSERT INTO department_members (eid, department_id, account_id) SELECT $1, $2, a FROM unnest($3::int[]) a`, [
    BENCH_EID,
    departmentId,
    members,
  ]);
  const { rows: admin } = await q(
    `SELECT u.account_id FROM enterprise_users u JOIN accounts a ON a.id = u.account_id
      WHERE u.eid = $1 AND a.phone = $2 AND u.is_admin`,
    [BENCH_EID, ADMIN_PHONE],
  );
  if (admin.length === 0) throw new Error('no demo administrator');
  const adminToken = 'bench-task-admin';
  await q(
    `INSERT INTO sessions (token_hash, account_id, eid, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
    [hash(adminToken), admin[0].account_id, BENCH_EID],
  );
  // One task for the assignment under load, one for the savers (a single material item).
  const [assignedTask] = await makeTasks('bench department task', 1, resources);
  const { rows: saveTask } = await q(
    `INSERT INTO study_tasks (eid, title, starts_at, ends_at) VALUES ($1, 'bench save task', now() - interval '1 day', now() + interval '30 days') RETURNING id`,
    [BENCH_EID],
  );
  const saveTaskId = saveTask[0].id as number;
  const { rows: saveItem } = await q(
    `INSERT INTO study_task_items (eid, task_id, position, resource_type, resource_id, title) VALUES ($1, $2, 1, 4, $3, 'handout') RETURNING id`,
    [BENCH_EID, saveTaskId, resources.handout],
  );
  const saveItemId = saveItem[0].id as number;

  let nextInfo = 0;
  const infoRequest = {
    method: 'GET',
    path: INFO,
    setupRequest: (req: Record<string, unknown>) => {
      const i = 1 + (nextInfo++ % departmentSize);
      return { ...req, headers: headersOf(tokenOf(i)) };
    },
  };
  const assign = async (taskId: number, path = ASSIGN) => {
    const at = performance.now();
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { ...headersOf(adminToken), 'content-type': 'application/json' },
      body: JSON.stringify({ taskId, targetType: 2, targetIds: [departmentId] }),
    });
    const body = await res.text();
    if (!ok(body)) throw new Error(`${path} answered ${res.status} ${body.slice(0, 300)}`);
    return performance.now() - at;
  };
  if (parts.has(2)) {
    await run({ connections: 50, duration: 3, requests: [infoRequest] });
    const assignRows: Array<Record<string, string | number>> = [];
    const assignMs: number[] = [];
    const p99Ratios: number[] = [];
    for (let i = 1; i <= rounds; i++) {
      const { result: before, cpu: beforeCpu } = await cpuShares(pid, () =>
        run({ connections: 50, duration, requests: [infoRequest] }),
      );
      // During: the same load, the assignment sent a second in and then (un)assigned again every
      // second, so the whole window is "during an assignment".
      let stop = false;
      const during = cpuShares(pid, () => run({ connections: 50, duration, requests: [infoRequest] }));
      const assigning = (async () => {
        await new Promise((r) => setTimeout(r, 1000));
        assignMs.push(await assign(assignedTask!));
        while (!stop) {
          await new Promise((r) => setTimeout(r, 1000));
          if (stop) break;
          await assign(assignedTask!, '/gateway/course/auth/admin/study/task/unassign');
          assignMs.push(await assign(assignedTask!));
        }
      })();
      const { result: meanwhile, cpu: duringCpu } = await during;
      stop = true;
      await assigning;
      p99Ratios.push(meanwhile.latencyP99 / Math.max(1, before.latencyP99));
      for (const [name, r, cpu] of [
        [`user info before #${i}`, before, beforeCpu],
        [`user info while assigning #${i}`, meanwhile, duringCpu],
      ] as const) {
        assignRows.push({
          route: name,
          rps: Math.round(r.rps),
          p99ms: r.latencyP99,
          errors: r.errors,
          non2xx: r.non2xx,
          cpu,
        });
      }
    }
    print(assignRows);
    // The assigned task reaches a member (the last one, who joined with the others).
    const page = await fetch(base + TASK_PAGE, {
      method: 'POST',
      headers: { ...headersOf(tokenOf(departmentSize)), 'content-type': 'application/json' },
      body: JSON.stringify({ pageCurrent: 1, pageSize: 100 }),
    });
    const pageBody = await page.text();
    const reached = ok(pageBody) && pageBody.includes(`"id":${assignedTask},`);
    const sortedAssign = [...assignMs].sort((a, b) => a - b);
    console.log(
      `assigning a task to a department of ${departmentSize}: ${assignMs.length} calls, median ${median(assignMs).toFixed(1)} ms, slowest ${sortedAssign.at(-1)!.toFixed(1)} ms (target < 5 000 ms); reaches a member: ${reached}`,
    );
    console.log(
      `user-info p99 while assigning / before: ${median(p99Ratios).toFixed(2)}× (${list(p99Ratios)}); target ≤ 1.5×`,
    );
  }

  if (parts.has(3)) {
    // ---- 3. 1 000 learners saving item progress ----
    await q(`INSERT INTO study_task_assignments (eid, task_id, target_type, target_id) VALUES ($1, $2, 2, $3)`, [
      BENCH_EID,
      saveTaskId,
      departmentId,
    ]);
    /** Each learner's saves so far (its next save reports one percent more) and the largest acknowledged. */
    const sent = new Array<number>(savers).fill(0);
    const acked = new Array<number>(savers).fill(0);
    /** Answers by HTTP status and envelope code, e.g. "200/200", "503/503". */
    const answers = new Map<string, number>();
    let next = 0;
    // Below 100: a done item would complete the task, which is not what is measured here.
    const saveRequest = {
      method: 'POST',
      path: SAVE,
      setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
        const i = next;
        next = (next + 1) % savers;
        sent[i] = Math.min(99, sent[i]! + 1);
        context.learner = i;
        context.percent = sent[i];
        return {
          ...req,
          headers: { ...headersOf(tokenOf(1 + i)), 'content-type': 'application/json' },
          body: JSON.stringify({ taskId: saveTaskId, itemId: saveItemId, progressPercent: sent[i], studySeconds: 5 }),
        };
      },
      onResponse: (status: number, body: string, context: Record<string, unknown>) => {
        const i = context.learner as number;
        if (status === 200 && ok(body)) acked[i] = Math.max(acked[i]!, context.percent as number);
        const key = `${status}/${/^\{"code":(\d+)/.exec(body)?.[1] ?? '-'}`;
        answers.set(key, (answers.get(key) ?? 0) + 1);
      },
    };
    let nextLearnerInfo = 0;
    const learnerInfoRequest = {
      method: 'GET',
      path: INFO,
      setupRequest: (req: Record<string, unknown>) => {
        const i = nextLearnerInfo;
        nextLearnerInfo = (nextLearnerInfo + 1) % savers;
        return { ...req, headers: headersOf(tokenOf(1 + i)) };
      },
    };
    const saveRows: Array<Record<string, string | number>> = [];
    const row = (name: string, r: Run, cpu = '') => ({
      run: name,
      rps: Math.round(r.rps),
      p99ms: r.latencyP99,
      errors: r.errors,
      non2xx: r.non2xx,
      requests: r.requests,
      cpu,
    });
    // (a) At once: every learner's save sent in the same instant through BURST_CONNECTIONS
    // keep-alive connections, and the same burst of their user-info calls.
    // First each learner's first save (1 %), the one that starts the task for them (its standing
    // moves from not started to learning, so it takes the locked path, decision 033), as a burst of
    // its own: a learner in the player has made it before the saves measured below.
    const { result: first, cpu: firstCpu } = await cpuShares(pid, () =>
      run({ connections: BURST_CONNECTIONS, amount: savers, requests: [saveRequest] }),
    );
    saveRows.push(row(`${savers} first saves at once (start the task)`, first, firstCpu));
    const burstP99: number[] = [];
    const burstInfoP99: number[] = [];
    const bareP99: number[] = [];
    // The baseline of "at once": a bare Fastify route answering a save's envelope from memory (no
    // session, no validation, no database), sent the same burst the same way. Its p99 is the floor
    // of what any call of this process could answer 1 000 queued requests in on this machine.
    const bare = await startBareFastify(JSON.stringify({ code: 200, message: '成功', data: null }));
    const bareUrl = `http://127.0.0.1:${bare.port}/gateway/system/api/website/view`;
    for (let i = 1; i <= rounds; i++) {
      const { result: b, cpu } = await cpuShares(bare.child.pid!, () =>
        run({ url: bareUrl, connections: BURST_CONNECTIONS, amount: savers }),
      );
      bareP99.push(b.latencyP99);
      saveRows.push(row(`bare Fastify, ${savers} at once #${i}`, b, cpu));
    }
    await bare.stop();
    for (let i = 1; i <= rounds; i++) {
      const { result: r, cpu } = await cpuShares(pid, () =>
        run({ connections: BURST_CONNECTIONS, amount: savers, requests: [saveRequest] }),
      );
      burstP99.push(r.latencyP99);
      saveRows.push(row(`${savers} saves at once #${i}`, r, cpu));
      const { result: info, cpu: infoCpu } = await cpuShares(pid, () =>
        run({ connections: BURST_CONNECTIONS, amount: savers, requests: [learnerInfoRequest] }),
      );
      burstInfoP99.push(info.latencyP99);
      saveRows.push(row(`${savers} user infos at once #${i}`, info, infoCpu));
    }
    // (b) Steadily: the learners in the task player, each saving every 10 s (savers / 10 a second),
    // against their user-info calls at the same rate. Through 10 connections: autocannon starts
    // every connection's timer together, so 100 connections at 1 a second each sent the whole
    // second's requests as one burst of 100 (a second "at once", not learners spread over time).
    const rate = Math.max(1, Math.round(savers / 10));
    const steadyP99: number[] = [];
    const steadyInfoP99: number[] = [];
    for (let i = 1; i <= rounds; i++) {
      const { result: r, cpu } = await cpuShares(pid, () =>
        run({ connections: STEADY_CONNECTIONS, duration, overallRate: rate, requests: [saveRequest] }),
      );
      steadyP99.push(r.latencyP99);
      saveRows.push(row(`saves at ${rate}/s #${i}`, r, cpu));
      const { result: info, cpu: infoCpu } = await cpuShares(pid, () =>
        run({ connections: STEADY_CONNECTIONS, duration, overallRate: rate, requests: [learnerInfoRequest] }),
      );
      steadyInfoP99.push(info.latencyP99);
      saveRows.push(row(`user infos at ${rate}/s #${i}`, info, infoCpu));
    }
    print(saveRows);
    console.log(`save answers (HTTP status/envelope code): ${JSON.stringify(Object.fromEntries(answers))}`);
    // Every acknowledged save is kept: the stored share is at least the largest acknowledged.
    const { rows: stored } = await q(
      `SELECT account_id, progress_percent FROM study_task_item_progress WHERE eid = $1 AND item_id = $2`,
      [BENCH_EID, saveItemId],
    );
    const storedOf = new Map(stored.map((r) => [r.account_id as number, r.progress_percent as number]));
    let lost = 0;
    for (let i = 0; i < savers; i++) {
      if (acked[i]! > 0 && (storedOf.get(members[i]!) ?? 0) < acked[i]!) lost += 1;
    }
    const ackedCount = acked.filter((a) => a > 0).length;
    console.log(
      `${savers} learners saving at once: p99 ${median(burstP99)} ms (median of ${rounds}: ${burstP99.join(', ')}; target < 50 ms); their user-info calls at once: p99 ${median(burstInfoP99)} ms (${burstInfoP99.join(', ')})`,
    );
    console.log(
      `a bare Fastify route, ${savers} requests at once the same way: p99 ${median(bareP99)} ms (${bareP99.join(', ')}); saves at once / bare: ${(median(burstP99) / Math.max(1, median(bareP99))).toFixed(1)}×`,
    );
    console.log(
      `${savers} learners saving every 10 s (${rate}/s): p99 ${median(steadyP99)} ms (${steadyP99.join(', ')}); user info at that rate: p99 ${median(steadyInfoP99)} ms (${steadyInfoP99.join(', ')})`,
    );
    console.log(`learners with an acknowledged save: ${ackedCount} of ${savers}; lost: ${lost} (target 0)`);
  }
} finally {
  await database.close();
  await portal.stop();
}
