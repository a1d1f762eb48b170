import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  QuestionImportStatus,
  createQuestion,
  createQuestionBank,
  exportQuestions,
  findAdminQuestions,
  findAuditLog,
  findExportRecords,
  importQuestions,
  previewQuestionImport,
  viewAdminQuestion,
  viewAdminQuestionBank,
  viewQuestionImportTemplate,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { downloadExport, waitFor } from '../../test/export-files.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { QUESTION_COLUMNS } from './question-sheet.ts';
import { TEMPLATE_EXAMPLES } from './question-template.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let otherAdmin: Learner;
let learner: Learner;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' }, { jobs: true });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true } });
  otherAdmin = await t.learner(b, { member: { isAdmin: true } });
  learner = await t.learner(a);
});
afterAll(async () => t?.close());

async function newBank(title: string, as = admin) {
  const made = await t.call(createQuestionBank, { title, openForPractice: false }, { as });
  expect(made.code).toBe(200);
  return made.data.id;
}

/** A workbook of the template's columns (headers in `lang`) with these rows. */
async function sheetOf(rows: Array<Record<string, string | number>>, lang: 'zh' | 'en' = 'zh') {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('试题');
  sheet.columns = QUESTION_COLUMNS.map((c) => ({ header: c.header[lang], key: c.key }));
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const upload = (data: Buffer | string, filename: string) => ({
  field: 'file',
  filename,
  data: typeof data === 'string' ? Buffer.from(data) : data,
});

function preview(bankId: number, data: Buffer | string, o: { as?: Learner; lang?: string; name?: string } = {}) {
  const name = o.name ?? (typeof data === 'string' ? '试题.txt' : '试题.xlsx');
  return t.call(
    previewQuestionImport,
    { bankId },
    { as: o.as ?? admin, file: upload(data, name), ...(o.lang ? { lang: o.lang } : {}) },
  );
}

const questionsOf = (bankId: number) =>
  db()
    .select()
    .from(schema.examQuestions)
    .where(and(eq(schema.examQuestions.eid, a.eid), eq(schema.examQuestions.bankId, bankId)));

const TEXT_ZH = `1.【单选题】安全生产的方针是（ ）。
A. 安全第一、预防为主、综合治理
B. 效益优先
答案：A
难度：简单
分值：2
解析：《安全生产法》第三条。
标签：安全生产，法规

2. 下列属于个人防护用品的有（ ）。
A. 安全帽
B. 防护眼镜
C. 灭火器
答案：AB

3. 发现火情应先拨打119报警。
答案：正确

4. 三不伤害：不伤害自己、____、____。
答案：不伤害他人；不被他人伤害|不被别人伤害
顺序不限：是

5. 简述灭火器的使用方法。
答案：提、拔、握、压。
要点在于对准火焰根部。

6.【匹配题】将城市与省份配对。
1. 广州
2. 杭州
A. 浙江
B. 广东
答案：1-B,2-A

7.【单选题】没有给出答案的题。
A. 甲
B. 乙
`;

describe('importing questions', () => {
  it('gives the template with the export’s columns, notes and an example of every type that imports cleanly', async () => {
    const zh = await t.call(viewQuestionImportTemplate, {}, { as: admin });
    expect(zh.code).toBe(200);
    expect(zh.data.fileName).toBe('试题导入模板.xlsx');
    const file = await t.app.inject({ method: 'GET', url: zh.data.url });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['试题', '填写说明', '示例']);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 5)).toEqual([
      '题型',
      '难度',
      '分值',
      '题干',
    ]);
    const en = await t.call(viewQuestionImportTemplate, {}, { as: admin, lang: 'en' });
    expect(en.data.fileName).toBe('question-import-template.xlsx');

    for (const lang of ['zh', 'en'] as const) {
      const bankId = await newBank(`模板示例${lang}`);
      const seen = await preview(bankId, await sheetOf(TEMPLATE_EXAMPLES[lang], lang));
      expect(seen.code, JSON.stringify(seen)).toBe(200);
      expect(seen.data.rows.filter((r) => r.errors.length)).toEqual([]);
      expect(seen.data.rows.map((r) => r.questionType)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    }
  });

  it('previews an XLSX flagging every bad row with its reasons, stores nothing, then imports the good rows once', async () => {
    const bankId = await newBank('导入题库');
    const data = await sheetOf([
      { type: '单选题', stem: '好的单选', optionA: '甲', optionB: '乙', answer: 'B', tags: '甲,乙' },
      { type: '多选题', stem: '只有一个答案的多选', optionA: '甲', optionB: '乙', answer: 'A' },
      { type: '猜谜题', stem: '未知题型' },
      { type: '判断题', stem: '判断答案写错', answer: '也许' },
      { type: '填空题', stem: '没有空的填空', answer: '甲' },
      { type: '单选题', stem: '选项不连续', optionA: '甲', optionC: '丙', answer: 'A' },
      { type: '简答题', stem: '好的简答', referenceAnswer: '要点', score: 5, difficulty: '困难' },
      { type: '单选题', stem: '好的单选', optionA: '丙', optionB: '丁', answer: 'A' },
      { type: '单选题', stem: '分值不对', optionA: '甲', optionB: '乙', answer: 'A', score: '两分' },
    ]);
    const seen = await preview(bankId, data);
    expect(seen.code, JSON.stringify(seen)).toBe(200);
    expect(seen.data).toMatchObject({ status: QuestionImportStatus.PREVIEWED, totalRows: 9, badRows: 7 });
    const byRow = Object.fromEntries(seen.data.rows.map((r) => [r.row, r.errors]));
    expect(byRow[2]).toEqual([]);
    expect(byRow[3]).toEqual(['多选题至少有两个正确答案']);
    expect(byRow[4]).toEqual(['题型无法识别：猜谜题']);
    expect(byRow[5]).toEqual(['判断题答案须为 正确 或 错误']);
    expect(byRow[6]).toEqual(['请在题干中用____标出每个空']);
    expect(byRow[7]).toEqual(['选项须从A起连续填写（缺少选项B）']);
    expect(byRow[8]).toEqual([]);
    expect(byRow[9]).toEqual(['与第2行的试题重复']);
    expect(byRow[10]).toEqual(['分值须为数字：两分']);
    expect(seen.data.rows[0]).toMatchObject({ questionType: 1, stem: '好的单选', answer: 'B' });
    // Nothing is stored in the bank by a preview.
    expect(await questionsOf(bankId)).toHaveLength(0);

    // Two imports of the preview at once add its good rows once and answer the same.
    const [one, two] = await Promise.all([
      t.call(importQuestions, { id: seen.data.id }, { as: admin }),
      t.call(importQuestions, { id: seen.data.id }, { as: admin }),
    ]);
    expect(one.code, JSON.stringify(one)).toBe(200);
    expect(two.data).toEqual(one.data);
    expect(one.data).toMatchObject({ status: QuestionImportStatus.IMPORTED, createdCount: 2, skippedCount: 0 });
    const stored = await questionsOf(bankId);
    // A cell is plain text, stored as its escaped lines (decision 054).
    expect(stored.map((q) => q.stem).sort()).toEqual(['<p>好的单选</p>', '<p>好的简答</p>']);
    expect(stored.find((q) => q.stem === '<p>好的单选</p>')).toMatchObject({ tags: ['甲', '乙'], answer: ['B'] });
    expect(stored.find((q) => q.stem === '<p>好的简答</p>')).toMatchObject({ scoreTenths: 50, difficulty: 4 });
    const again = await t.call(importQuestions, { id: seen.data.id }, { as: admin });
    expect(again.data).toEqual(one.data);
    expect(await questionsOf(bankId)).toHaveLength(2);

    // The same file again: its good rows are now the bank's, so nothing is left to import.
    const second = await preview(bankId, data);
    expect(second.data.rows.find((r) => r.row === 2)!.errors).toEqual(['题库中已有相同的试题']);
    expect(second.data.badRows).toBe(9);
    const refused = await t.call(importQuestions, { id: second.data.id }, { as: admin });
    expect(refused.code).toBe(ErrorCode.QUESTION_IMPORT_NOTHING_VALID);

    const log = await t.call(findAuditLog, { entityType: 'question_import' }, { as: admin });
    expect(log.data.list.filter((e) => e.entityId === String(seen.data.id)).map((e) => e.action)).toEqual([
      'repeatImportQuestions',
      'repeatImportQuestions',
      'importQuestions',
      'previewQuestionImport',
    ]);
  });

  it('reads questions written as text in Word, inferring types, and answers its problems in English', async () => {
    const bankId = await newBank('文本导入');
    const seen = await preview(bankId, TEXT_ZH);
    expect(seen.code, JSON.stringify(seen)).toBe(200);
    expect(seen.data.rows.map((r) => [r.row, r.questionType, r.errors.length])).toEqual([
      [1, 1, 0],
      [10, 2, 0],
      [16, 3, 0],
      [19, 4, 0],
      [23, 5, 0],
      [27, 6, 0],
      [34, 1, 1],
    ]);
    expect(seen.data.rows[6]!.errors).toEqual(['单选题有且只有一个正确答案']);
    const done = await t.call(importQuestions, { id: seen.data.id }, { as: admin });
    expect(done.data.createdCount).toBe(6);
    const stored = await questionsOf(bankId);
    const byType = Object.fromEntries(stored.map((q) => [q.questionType, q]));
    expect(byType[1]).toMatchObject({ difficulty: 1, analysis: '《安全生产法》第三条。', tags: ['安全生产', '法规'] });
    expect(byType[2]).toMatchObject({ answer: ['A', 'B'] });
    expect(byType[3]).toMatchObject({ answer: ['T'] });
    expect(byType[4]).toMatchObject({
      blanks: [['不伤害他人'], ['不被他人伤害', '不被别人伤害']],
      blanksAnyOrder: true,
    });
    expect(byType[5]).toMatchObject({ referenceAnswer: '提、拔、握、压。\n要点在于对准火焰根部。' });
    expect(byType[6]).toMatchObject({
      items: [
        { key: '1', text: '广州' },
        { key: '2', text: '杭州' },
      ],
      answer: ['B', 'A'],
    });

    const english = await preview(
      bankId,
      '1. [Single choice] Which is a fruit?\nA. Apple\nB. Stone\nAnswer: C\n\n2. [Riddle] What?\nAnswer: yes\n',
      { lang: 'en' },
    );
    expect(english.data.rows.map((r) => r.errors)).toEqual([
      ['The right answers must be options given'],
      ['Unknown type: Riddle'],
    ]);
  });

  it('reads a text file saved by Notepad as GB18030', async () => {
    const bankId = await newBank('记事本');
    const gbk = Buffer.from([
      // "1. 地球是圆的。\n答案：对\n" in GB18030
      ...Buffer.from('1. '),
      0xb5,
      0xd8,
      0xc7,
      0xf2,
      0xca,
      0xc7,
      0xd4,
      0xb2,
      0xb5,
      0xc4,
      0xa1,
      0xa3,
      0x0a,
      0xb4,
      0xf0,
      0xb0,
      0xb8,
      0xa3,
      0xba,
      0xb6,
      0xd4,
      0x0a,
    ]);
    const seen = await preview(bankId, gbk, { name: 'questions.txt' });
    expect(seen.code, JSON.stringify(seen)).toBe(200);
    expect(seen.data.rows).toEqual([expect.objectContaining({ questionType: 3, stem: '地球是圆的。', errors: [] })]);
  });

  it('exports a bank and imports the file into another bank as it was', async () => {
    const from = await newBank('导出源');
    const forms = [
      { questionType: 1, stem: '单选', options: ['甲', '乙'], answer: ['B'], tags: ['t1'] },
      { questionType: 3, stem: '判断', answer: ['F'] },
      { questionType: 4, stem: '填空____和____', blanks: [['甲', '子'], ['乙']], blanksAnyOrder: true },
      { questionType: 5, stem: '简答', referenceAnswer: '要点' },
      { questionType: 6, stem: '配对', items: ['一', '二'], options: ['甲', '乙', '丙'], answer: ['C', 'A'] },
    ];
    for (const f of forms) {
      const made = await t.call(
        createQuestion,
        {
          difficulty: 3,
          analysis: '析',
          score: 1.5,
          options: [],
          items: [],
          answer: [],
          blanks: [],
          ...f,
          bankId: from,
        },
        { as: admin },
      );
      expect(made.code, JSON.stringify(made)).toBe(200);
    }
    const started = await t.call(exportQuestions, { bankId: from }, { as: admin });
    await waitFor('the export', async () => {
      const records = await t.call(findExportRecords, {}, { as: admin });
      return records.data.list.find((r) => r.id === started.data.id && r.exportStatus === 2);
    });
    const { workbook } = await downloadExport(t, admin, started.data.id);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const to = await newBank('导入目标');
    const seen = await preview(to, buffer);
    expect(seen.data.rows.filter((r) => r.errors.length)).toEqual([]);
    await t.call(importQuestions, { id: seen.data.id }, { as: admin });
    const pick = (q: typeof schema.examQuestions.$inferSelect) => ({
      questionType: q.questionType,
      difficulty: q.difficulty,
      stem: q.stem,
      options: q.options,
      items: q.items,
      answer: q.answer,
      blanks: q.blanks,
      blanksAnyOrder: q.blanksAnyOrder,
      referenceAnswer: q.referenceAnswer,
      analysis: q.analysis,
      scoreTenths: q.scoreTenths,
      tags: q.tags,
    });
    const byStem = (rows: Array<typeof schema.examQuestions.$inferSelect>) =>
      rows.map(pick).sort((x, y) => x.stem.localeCompare(y.stem));
    expect(byStem(await questionsOf(to))).toEqual(byStem(await questionsOf(from)));
  });

  it('refuses a file it cannot read, an empty one, one too large; another enterprise’s bank or preview; a learner', async () => {
    const bankId = await newBank('拒绝');
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63600000000200015e27e5a40000000049454e44ae426082',
      'hex',
    );
    expect((await preview(bankId, png, { name: 'a.png' })).code).toBe(ErrorCode.QUESTION_IMPORT_BAD_FILE);
    expect((await preview(bankId, '', { name: 'a.txt' })).code).toBe(ErrorCode.QUESTION_IMPORT_NO_FILE);
    expect((await preview(bankId, '\n\n  \n')).code).toBe(ErrorCode.QUESTION_IMPORT_EMPTY);
    const headless = new ExcelJS.Workbook();
    headless.addWorksheet('x').addRow(['名字', '电话']);
    expect((await preview(bankId, Buffer.from(await headless.xlsx.writeBuffer()))).code).toBe(
      ErrorCode.QUESTION_IMPORT_EMPTY,
    );
    const many = Array.from({ length: 5001 }, (_, i) => `${i + 1}. 第${i + 1}题\n答案：对\n`).join('\n');
    const tooMany = await preview(bankId, many);
    expect(tooMany.code).toBe(ErrorCode.QUESTION_IMPORT_TOO_LARGE);
    expect(tooMany.message).toBe('一次最多导入5000道试题，文件不超过5MB');

    // A line no question has, with line terminators other than \n in it: read at once, not in
    // time that grows with the square of its length.
    const odd = `1. 长行\n答案：${' '.repeat(200_000)}x\u2028x\n${'A. '.repeat(50_000)}\u2029`;
    expect((await preview(bankId, odd)).code).toBe(200);
    const seen = await preview(bankId, '1. 地球是圆的。\n答案：对\n');
    expect(seen.code).toBe(200);
    // Another enterprise's administrator: the bank is not theirs, nor the preview.
    expect((await preview(bankId, '1. 甲\n答案：对\n', { as: otherAdmin })).code).toBe(ErrorCode.BANK_NOT_FOUND);
    expect((await t.call(importQuestions, { id: seen.data.id }, { as: otherAdmin })).code).toBe(
      ErrorCode.QUESTION_IMPORT_NOT_FOUND,
    );
    // A learner is no administrator.
    expect((await t.call(importQuestions, { id: seen.data.id }, { as: learner })).code).not.toBe(200);
    expect((await preview(bankId, '1. 甲\n答案：对\n', { as: learner })).code).not.toBe(200);
    expect(await questionsOf(bankId)).toHaveLength(0);
    // A preview older than a day is gone.
    await db()
      .update(schema.questionImports)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(schema.questionImports.id, seen.data.id));
    expect((await t.call(importQuestions, { id: seen.data.id }, { as: admin })).code).toBe(
      ErrorCode.QUESTION_IMPORT_NOT_FOUND,
    );
  });

  it('keeps tags on questions, filters by one and lists a bank’s tags', async () => {
    const bankId = await newBank('标签题库');
    const base = { questionType: 3, difficulty: 2, analysis: '', score: 1, answer: ['T'], bankId };
    await t.call(createQuestion, { ...base, stem: '一', tags: ['消防', '法规'] }, { as: admin });
    await t.call(createQuestion, { ...base, stem: '二', tags: ['消防'] }, { as: admin });
    await t.call(createQuestion, { ...base, stem: '三' }, { as: admin });
    const tooMany = await t.call(
      createQuestion,
      { ...base, stem: '四', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) },
      { as: admin },
    );
    expect(tooMany.code).toBe(ErrorCode.BAD_INPUT);
    const fire = await t.call(findAdminQuestions, { bankId, tag: '消防' }, { as: admin });
    expect(fire.data.list.map((q) => q.stem)).toEqual(['<p>二</p>', '<p>一</p>']);
    expect(fire.data.list[1]!.tags).toEqual(['消防', '法规']);
    const bank = await t.call(viewAdminQuestionBank, { id: bankId }, { as: admin });
    expect(bank.data.tags).toEqual(['法规', '消防'].sort());
    const one = await t.call(viewAdminQuestion, { id: fire.data.list[1]!.id }, { as: admin });
    expect(one.data.tags).toEqual(['消防', '法规']);
  });
});
