// Learner import from XLSX (issue 21 target, decision 038), on the demo enterprise of localhost.
//   npm run bench:crm-import -- [rows] [rounds] [learners]   (BENCH_HOLD=1: stay up after the rounds, for EXPLAIN)
// The demo administrator uploads an XLSX of [rows] (default 10 000) new learners (each with a
// department path and a tag) through POST /system/auth/admin/learner-import; the import's time
// from the upload to done (target: under 60 s), and the user-info call of [learners] (default
// 1 000) other learners at 20 connections: p99 before and during the import (target: within
// 1.5×). Each round imports a new file (new phones). Not a pass/fail test.
import { constants, createHash, publicEncrypt } from 'node:crypto';
import ExcelJS from 'exceljs';
import { connectDatabase } from '@portal/db';
import { BENCH_EID, freePort, print, startPortal, userInfoLoad } from './lib.ts';

const args = process.argv.slice(2);
const rows = Number(args[0] ?? 10_000);
const rounds = Number(args[1] ?? 2);
const learners = Number(args[2] ?? 1_000);
const START = '/gateway/system/auth/admin/learner-import';
const ADMIN_PHONE = '13800000002';
const CONNECTIONS = 20;

const tokenOf = (i: number) => `bench-import-${i}`;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const headersOf = (token: string) => ({ token, domain: 'localhost', platform: 'WEB-CLIENT' });

const pgPort = await freePort();
const portal = await startPortal({ EMBEDDED_PG_PORT: String(pgPort) });
const database = connectDatabase(`postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`, { max: 2 });
const base = `http://127.0.0.1:${portal.port}`;
const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);

/** An XLSX of `n` new learners (phones from `from` on), as an administrator fills the template. */
async function sheetOf(from: number, n: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('学员');
  sheet.addRow(['姓名', '手机号', '工号', '部门', '标签']);
  for (let i = 0; i < n; i++) {
    const k = from + i;
    sheet.addRow([
      `导入${k}`,
      `186${String(k).padStart(8, '0')}`,
      `B${k}`,
      `总部/部门${k % 20}/小组${k % 5}`,
      `批次${from}`,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

try {
  // Other learners with sessions, and the administrator's session, stored as sign-in stores them.
  await q(
    `WITH a AS (
       INSERT INTO accounts (phone) SELECT '196' || lpad(i::text, 8, '0') FROM generate_series(1, $2::int) i
       RETURNING id, substr(phone, 4)::int AS i)
     , m AS (INSERT INTO enterprise_users (eid, account_id, user_name) SELECT $1, id, 'other' || i FROM a RETURNING account_id)
     INSERT INTO sessions (token_hash, account_id, eid, expires_at)
     SELECT encode(sha256(convert_to('bench-import-' || a.i, 'UTF8')), 'hex'), a.id, $1, now() + interval '1 day' FROM a`,
    [BENCH_EID, learners],
  );
  const adminToken = 'bench-import-admin';
  await q(
    `INSERT INTO sessions (token_hash, account_id, eid, expires_at)
     SELECT $1, id, $2, now() + interval '1 day' FROM accounts WHERE phone = $3`,
    [hash(adminToken), BENCH_EID, ADMIN_PHONE],
  );
  const key = (await (
    await fetch(`${base}/gateway/user/api/common/get/public/key`, { headers: headersOf('') })
  ).json()) as {
    data: { publicKey: string };
  };
  const initialPassword = publicEncrypt(
    { key: key.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from('Welcome@123'),
  ).toString('base64');

  const { load, untilStopped: loadUntilStopped } = userInfoLoad(base, tokenOf, learners, CONNECTIONS);
  await load(3); // warm-up

  const out: Array<Record<string, string | number>> = [];
  for (let round = 1; round <= rounds; round++) {
    const file = await sheetOf(round * 100_000, rows);
    const before = await load(8);
    // During: the same load from the upload until the import is done, every call made meanwhile
    // in one p99 as in the 8 s before; the 8 s after show how far p99 moves with no import.
    const during = loadUntilStopped();
    const at = performance.now();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), `bench-${round}.xlsx`);
    const res = await fetch(`${base}${START}?initialPassword=${encodeURIComponent(initialPassword)}`, {
      method: 'POST',
      headers: headersOf(adminToken),
      body: form,
    });
    const started = (await res.json()) as { code: number; message: string; data: { id: number } };
    if (started.code !== 200) throw new Error(`import refused: ${started.code} ${started.message}`);
    let state: { status: number; rowsDone: number; createdCount: number; rejectedCount: number };
    for (;;) {
      const { rows: r } = await q(
        'SELECT status, rows_done AS "rowsDone", created_count AS "createdCount", rejected_count AS "rejectedCount" FROM learner_imports WHERE eid = $1 AND id = $2',
        [BENCH_EID, started.data.id],
      );
      state = r[0];
      if (state.status !== 1) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const seconds = (performance.now() - at) / 1000;
    during.stop();
    const meanwhile = await during.result;
    const after = await load(8);
    out.push({
      round,
      rows,
      'import s': seconds.toFixed(1),
      status: state.status,
      created: state.createdCount,
      rejected: state.rejectedCount,
      'info p99 ms before / during / after': `${before.p99} / ${meanwhile.p99} / ${after.p99}`,
      'ratio during/before': (meanwhile.p99 / Math.max(1, before.p99)).toFixed(2),
      'info rps before / during / after': `${before.rps.toFixed(0)} / ${meanwhile.rps.toFixed(0)} / ${after.rps.toFixed(0)}`,
      errors: before.errors + meanwhile.errors + after.errors,
    });
  }
  print(out);
  if (process.env.BENCH_HOLD === '1') {
    // For EXPLAIN by hand after the imports: the portal stays up until Ctrl-C.
    console.log(`holding: ${base} and postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }
} finally {
  await database.close();
  await portal.stop();
}
