// Question import from the template (issue 22 target, decision 046), on the demo enterprise of localhost.
//   npm run bench:question-import -- [questions] [rounds] [learners]
// The demo administrator previews an XLSX of [questions] (default 2 000) new questions of every
// type through POST /exam/auth/admin/question/import/preview and imports the preview; the time
// from the upload to the questions stored (target: under 20 s), and the user-info call of
// [learners] (default 1 000) other learners at 20 connections: p99 before, during the import and
// after (a ratio against the same run's before). Each round imports new stems. Not a pass/fail test.
import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { connectDatabase } from '@portal/db';
import { BENCH_EID, freePort, print, startPortal, userInfoLoad } from './lib.ts';

const args = process.argv.slice(2);
const count = Number(args[0] ?? 2_000);
const rounds = Number(args[1] ?? 2);
const learners = Number(args[2] ?? 1_000);
const PREVIEW = '/gateway/exam/auth/admin/question/import/preview';
const IMPORT = '/gateway/exam/auth/admin/question/import';
const ADMIN_PHONE = '13800000002';
const CONNECTIONS = 20;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const headersOf = (token: string) => ({ token, domain: 'localhost', platform: 'WEB-CLIENT' });

const pgPort = await freePort();
const portal = await startPortal({ EMBEDDED_PG_PORT: String(pgPort) });
const database = connectDatabase(`postgres://postgres:portal-embedded@127.0.0.1:${pgPort}/portal`, { max: 2 });
const base = `http://127.0.0.1:${portal.port}`;
const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);

/** The template's sheet with `n` questions, the seven types in turn, stems unique to the round. */
async function sheetOf(round: number, n: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('试题');
  const header = [
    '题型',
    '难度',
    '分值',
    '题干',
    '选项A',
    '选项B',
    '选项C',
    '选项D',
    '配对项',
    '正确答案',
    '参考答案',
    '解析',
    '标签',
  ];
  sheet.addRow(header);
  for (let i = 0; i < n; i++) {
    const stem = `第${round}轮第${i + 1}题：关于安全生产的说法，下列哪项正确？`;
    const analysis = '依据《安全生产法》的相关规定。';
    switch (i % 7) {
      case 0:
        sheet.addRow(['单选题', '简单', 2, stem, '甲', '乙', '丙', '丁', '', 'B', '', analysis, '安全生产']);
        break;
      case 1:
        sheet.addRow(['多选题', '一般', 3, stem, '甲', '乙', '丙', '丁', '', 'A,C', '', analysis, '安全生产,法规']);
        break;
      case 2:
        sheet.addRow(['判断题', '一般', 1, stem, '', '', '', '', '', '正确', '', analysis, '']);
        break;
      case 3:
        sheet.addRow(['填空题', '较难', 2, `${stem}____和____`, '', '', '', '', '', '甲|甲方；乙', '', '', '']);
        break;
      case 4:
        sheet.addRow(['简答题', '困难', 10, stem, '', '', '', '', '', '', '要点一；要点二', '', '']);
        break;
      case 5:
        sheet.addRow([
          '匹配题',
          '一般',
          4,
          stem,
          '浙江',
          '四川',
          '广东',
          '',
          '广州\n杭州\n成都',
          '1-C,2-A,3-B',
          '',
          '',
          '',
        ]);
        break;
      default:
        sheet.addRow(['不定项选择题', '一般', 2, stem, '甲', '乙', '丙', '', '', 'A', '', '', '']);
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

try {
  await q(
    `WITH a AS (
       INSERT INTO accounts (phone) SELECT '197' || lpad(i::text, 8, '0') FROM generate_series(1, $2::int) i
       RETURNING id, substr(phone, 4)::int AS i)
     , m AS (INSERT INTO enterprise_users (eid, account_id, user_name) SELECT $1, id, 'other' || i FROM a RETURNING account_id)
     INSERT INTO sessions (token_hash, account_id, eid, expires_at)
     SELECT encode(sha256(convert_to('bench-qimport-' || a.i, 'UTF8')), 'hex'), a.id, $1, now() + interval '1 day' FROM a`,
    [BENCH_EID, learners],
  );
  const adminToken = 'bench-qimport-admin';
  await q(
    `INSERT INTO sessions (token_hash, account_id, eid, expires_at)
     SELECT $1, id, $2, now() + interval '1 day' FROM accounts WHERE phone = $3`,
    [hash(adminToken), BENCH_EID, ADMIN_PHONE],
  );
  const { rows: banks } = await q(`INSERT INTO question_banks (eid, title) VALUES ($1, '导入压测题库') RETURNING id`, [
    BENCH_EID,
  ]);
  const bankId = banks[0].id as number;

  const { load, untilStopped: loadUntilStopped } = userInfoLoad(
    base,
    (i) => `bench-qimport-${i}`,
    learners,
    CONNECTIONS,
  );
  const call = async (path: string, init: RequestInit) => {
    const res = await fetch(`${base}${path}`, { ...init, headers: { ...headersOf(adminToken), ...init.headers } });
    const body = (await res.json()) as { code: number; message: string; data: Record<string, number> };
    if (body.code !== 200) throw new Error(`${path}: ${body.code} ${body.message}`);
    return body.data;
  };
  await load(3); // warm-up

  const out: Array<Record<string, string | number>> = [];
  for (let round = 1; round <= rounds; round++) {
    const file = await sheetOf(round, count);
    const before = await load(8);
    const during = loadUntilStopped();
    const at = performance.now();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), `bench-${round}.xlsx`);
    const preview = await call(`${PREVIEW}?bankId=${bankId}`, { method: 'POST', body: form });
    const previewed = (performance.now() - at) / 1000;
    const done = await call(`${IMPORT}/${preview.id}`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    const seconds = (performance.now() - at) / 1000;
    during.stop();
    const meanwhile = await during.result;
    const after = await load(8);
    out.push({
      round,
      questions: count,
      'file KB': Math.round(file.length / 1024),
      'preview s': previewed.toFixed(1),
      'upload → stored s': seconds.toFixed(1),
      created: done.createdCount!,
      bad: preview.badRows!,
      'info p99 ms before / during / after': `${before.p99} / ${meanwhile.p99} / ${after.p99}`,
      'ratio during/before': (meanwhile.p99 / Math.max(1, before.p99)).toFixed(2),
      errors: before.errors + meanwhile.errors + after.errors,
    });
  }
  print(out);
} finally {
  await database.close();
  await portal.stop();
}
