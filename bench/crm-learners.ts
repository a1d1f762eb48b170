// The back office's learner list at 100 000 learners (issue 21 target: any page, filter or sort
// answers p99 < 100 ms; decision 037). On the demo enterprise of localhost:
//   npm run bench:crm-learners -- [seconds] [learners] [connections]   (BENCH_HOLD=1: stay up after seeding, for EXPLAIN)
// 1. Seeds [learners] (default 100 000) members with generate_series: names from a pool, phones,
//    employee numbers, joined over two years, 1 % disabled, in 50 departments under one root (with
//    a sub-department of 20 people), a tenth with a tag. VACUUM ANALYZE after, as autovacuum would.
// 2. Measures GET /system/auth/admin/learner/page as the demo administrator, [connections] (default 10), each
//    for [seconds] (default 10): the first page, the deepest page number (50, offset 980), a deep
//    keyset page (after row 90 000), a department (2 000 people), the root with everything below
//    it, a 20-person department, a tag, disabled only, a name search, a phone search, sorted by
//    name (first page and deep keyset) — against the public site call (website view) measured in
//    the same run, the same way. Prints p99 and the ratio of p99s. Not a pass/fail test.
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { connectDatabase } from '@portal/db';
import { BENCH_EID, freePort, print, startPortal } from './lib.ts';

const duration = Number(process.argv[2] ?? 10);
const learners = Number(process.argv[3] ?? 100_000);
const CONNECTIONS = Number(process.argv[4] ?? 10);
const ADMIN_PHONE = '13800000002';
const LIST = '/gateway/system/auth/admin/learner/page';
const SITE = '/gateway/system/api/website/view';

const pgPort = await freePort();
const portal = await startPortal({ EMBEDDED_PG_PORT: String(pgPort) });
const database = connectDatabase(`postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`, { max: 2 });
const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
const base = `http://127.0.0.1:${portal.port}`;

/** The cursor findLearners answers as nextCursor (learner.service.ts). */
const cursorOf = (value: string, accountId: number) =>
  Buffer.from(JSON.stringify([value, accountId])).toString('base64url');

try {
  const seeded = Date.now();
  // 50 departments under a root; department 1 of them has a 20-person sub-department.
  const root = (await q(`INSERT INTO departments (eid, name) VALUES ($1, '压测总部') RETURNING id`, [BENCH_EID]))
    .rows[0]!.id as number;
  const depts = (
    await q(
      `INSERT INTO departments (eid, name, parent_id, sort) SELECT $1, '压测部门' || i, $2, i FROM generate_series(1, 50) i RETURNING id`,
      [BENCH_EID, root],
    )
  ).rows.map((r) => r.id as number);
  const small = (
    await q(`INSERT INTO departments (eid, name, parent_id) VALUES ($1, '压测小组', $2) RETURNING id`, [
      BENCH_EID,
      depts[0],
    ])
  ).rows[0]!.id as number;
  const tag = (await q(`SELECT id FROM tags WHERE eid = $1 ORDER BY id LIMIT 1`, [BENCH_EID])).rows[0]!.id as number;

  await q(
    `WITH a AS (
       INSERT INTO accounts (phone) SELECT '196' || lpad(i::text, 8, '0') FROM generate_series(1, $2::int) i
       RETURNING id, substr(phone, 4)::int AS i)
     INSERT INTO enterprise_users (eid, account_id, user_name, real_name, employee_no, status, created_at)
     SELECT $1, a.id, 'user' || a.i,
            (ARRAY['王','李','张','刘','陈','杨','赵','黄','周','吴','徐','孙','胡','朱','高','林','何','郭','马','罗'])[1 + a.i % 20]
            || (ARRAY['伟','芳','娜','秀英','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛','明','超','秀兰','霞'])[1 + (a.i / 20) % 20]
            || (ARRAY['','一','文','华','国','建','志','春','晓','海'])[1 + (a.i / 400) % 10],
            'B' || lpad(a.i::text, 7, '0'),
            CASE WHEN a.i % 100 = 0 THEN 2 ELSE 1 END,
            now() - (a.i % 730) * interval '1 day' - (a.i % 86400) * interval '1 second'
       FROM a`,
    [BENCH_EID, learners],
  );
  await q(
    `INSERT INTO department_members (eid, department_id, account_id)
     SELECT $1, ($2::int[])[1 + (substr(a.phone, 4)::int % 50)], a.id FROM accounts a WHERE a.phone LIKE '196%'`,
    [BENCH_EID, depts],
  );
  await q(
    `INSERT INTO department_members (eid, department_id, account_id)
     SELECT $1, $2, a.id FROM accounts a WHERE a.phone LIKE '196%' ORDER BY a.id LIMIT 20`,
    [BENCH_EID, small],
  );
  await q(
    `INSERT INTO learner_tags (eid, tag_id, account_id)
     SELECT $1, $2, a.id FROM accounts a WHERE a.phone LIKE '196%' AND substr(a.phone, 4)::int % 10 = 3`,
    [BENCH_EID, tag],
  );
  await q('VACUUM ANALYZE accounts, enterprise_users, department_members, learner_tags, departments');
  console.log(`seeded ${learners} learners in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
  if (process.env.BENCH_HOLD === '1') {
    // For EXPLAIN by hand: the seeded portal stays up until Ctrl-C.
    console.log(`holding: ${base} and postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }

  // The demo administrator's session, stored the way sign-in stores one.
  const token = randomBytes(32).toString('base64url');
  const admin = (await q(`SELECT id FROM accounts WHERE phone = $1`, [ADMIN_PHONE])).rows[0]!.id as number;
  await q(
    `INSERT INTO sessions (token_hash, account_id, eid, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
    [createHash('sha256').update(token).digest('hex'), admin, BENCH_EID],
  );
  const headers = { token, domain: 'localhost', platform: 'WEB-CLIENT' };

  if (process.env.BENCH_EXPLAIN) {
    // The plans as the app's role sees them (row-level security on), for looking into a slow case.
    const client = await database.pool.connect();
    try {
      await client.query(`SET ROLE portal_app`);
      await client.query(`SELECT set_config('app.eid', $1, false)`, [String(BENCH_EID)]);
      const where = `u.eid = ${BENCH_EID} AND u.status IN (1, 2)`;
      const plans: Array<[string, string]> = [
        [
          'first page',
          `SELECT u.account_id, a.phone FROM enterprise_users u JOIN accounts a ON a.id = u.account_id WHERE ${where} ORDER BY u.created_at DESC, u.account_id DESC LIMIT 21`,
        ],
        ['count', `SELECT count(*) FROM (SELECT 1 FROM enterprise_users u WHERE ${where} LIMIT 10000) x`],
        [
          'phone',
          `SELECT u.account_id FROM enterprise_users u WHERE ${where} AND (u.real_name ILIKE '%0004321%' OR u.account_id = ANY(ARRAY(SELECT a.id FROM accounts a WHERE a.phone LIKE '%0004321%'))) ORDER BY u.created_at DESC, u.account_id DESC LIMIT 21`,
        ],
        [
          'name',
          `SELECT u.account_id FROM enterprise_users u WHERE ${where} AND (u.real_name ILIKE '%张秀英%' OR u.user_name ILIKE '%张秀英%' OR coalesce(u.employee_no, '') ILIKE '%张秀英%') ORDER BY u.created_at DESC, u.account_id DESC LIMIT 21`,
        ],
      ];
      for (const [name, text] of plans) {
        const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`);
        console.log(`--- ${name}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    } finally {
      await client.query('RESET ROLE');
      client.release();
    }
  }

  measuring: {
    if (process.env.BENCH_EXPLAIN) break measuring;
    const deep = async (order: string, offset: number, column: string) => {
      const { rows } = await q(
        `SELECT ${column}::text AS v, account_id FROM enterprise_users WHERE eid = $1 AND status IN (1, 2)
        ORDER BY ${order} OFFSET $2 LIMIT 1`,
        [BENCH_EID, offset],
      );
      return cursorOf(rows[0]!.v as string, rows[0]!.account_id as number);
    };
    const cases: Array<[string, string]> = [
      ['first page', ''],
      ['page 50 (offset 980)', 'pageCurrent=50'],
      ['keyset after row 90 000', `cursor=${await deep('created_at DESC, account_id DESC', 90_000, 'created_at')}`],
      ['department (2 000)', `departmentId=${depts[10]}`],
      ['root and below (all)', `departmentId=${root}`],
      ['department of 20', `departmentId=${small}`],
      ['tag (10 %)', `tagId=${tag}`],
      ['disabled (1 %)', 'status=disabled'],
      ['search name 张秀英', `keyword=${encodeURIComponent('张秀英')}`],
      ['search name 2 chars 王伟', `keyword=${encodeURIComponent('王伟')}`],
      ['search phone 0004321', 'keyword=0004321'],
      ['sort by name', 'sort=realName'],
      [
        'sort by name, keyset after row 90 000',
        `sort=realName&cursor=${await deep('real_name, account_id', 90_000, 'real_name')}`,
      ],
    ];

    const measure = async (path: string, h: Record<string, string>) => {
      const r = await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration, headers: h });
      return {
        p99: r.latency.p99,
        p50: r.latency.p50,
        rps: r.requests.average,
        errors: r.errors + r.timeouts + r.non2xx,
      };
    };

    // Each case answers 200 with rows before it is measured (a refusal would be fast and wrong).
    for (const [name, query] of cases) {
      const body = (await (await fetch(`${base}${LIST}?${query}`, { headers })).json()) as {
        code: number;
        message: string;
        data: { list: unknown[]; totalCount: number };
      };
      if (body.code !== 200 || body.data.list.length === 0) throw new Error(`${name}: ${body.code} ${body.message}`);
    }
    // Warm-up of both (JIT, caches, the database's buffers).
    await autocannon({ url: `${base}${SITE}`, connections: CONNECTIONS, duration: 3, headers });
    await autocannon({ url: `${base}${LIST}`, connections: CONNECTIONS, duration: 3, headers });

    const baseline = await measure(SITE, { domain: 'localhost', platform: 'WEB-CLIENT' });
    const rows: Array<Record<string, string | number>> = [
      {
        call: 'baseline: website view (public)',
        p50ms: baseline.p50,
        p99ms: baseline.p99,
        rps: Math.round(baseline.rps),
        errors: baseline.errors,
        p99ratio: 1,
      },
    ];
    for (const [name, query] of cases) {
      const r = await measure(`${LIST}?${query}`, headers);
      rows.push({
        call: name,
        p50ms: r.p50,
        p99ms: r.p99,
        rps: Math.round(r.rps),
        errors: r.errors,
        p99ratio: +(r.p99 / Math.max(1, baseline.p99)).toFixed(1),
      });
    }
    print(rows);
    const worst = Math.max(...rows.slice(1).map((r) => Number(r.p99ms)));
    console.log(
      `learner list at ${learners} learners: worst p99 ${worst} ms (target < 100 ms), ${CONNECTIONS} connections`,
    );
  }
} finally {
  await database.close();
  await portal.stop();
}
