import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  exportCourseProgress,
  findExportRecords,
  ProgressEvent,
  saveCourseMark,
  updateStudyProgress,
  watchStudyResource,
} from '@portal/contract';
import { schema } from '@portal/db';
import { createEnterprise, createStudyCourse, type Learner } from '../../test/factories.ts';
import { downloadExport, sheetValues, waitFor } from '../../test/export-files.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' }, { jobs: true });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
});
afterAll(async () => t?.close());

/** Studies the first `seconds` of a course's first video in server time (a resume and one tick). */
async function study(learner: Learner, courseId: number, periodId: number, seconds: number) {
  const playerId = (await t.call(watchStudyResource, { courseId, periodId }, { as: learner })).data.playerId;
  const q = { courseId, periodId, playerId };
  await t.call(updateStudyProgress, { ...q, position: 0, event: ProgressEvent.RESUME }, { as: learner });
  await t.database.db
    .execute(sql`UPDATE period_progress SET last_report_at = last_report_at - make_interval(secs => ${seconds})
    WHERE account_id = ${learner.accountId} AND period_id = ${periodId}`);
  return t.call(updateStudyProgress, { ...q, position: seconds, event: ProgressEvent.PAUSE }, { as: learner });
}

it('exports my study as an XLSX made by the job: the learner’s courses of the filter, in the language asked', async () => {
  const me = await t.learner(a);
  const other = await t.learner(a);
  const db = t.database.db;
  const done = await createStudyCourse(db, a.eid, {
    videos: [20],
    course: { title: '安全生产', creditTenths: 15, points: 8 },
  });
  const half = await createStudyCourse(db, a.eid, { videos: [20, 20], course: { title: '沟通技巧' } });
  const untouched = await createStudyCourse(db, a.eid, { videos: [20], course: { title: '未学课程' } });
  expect((await study(me, done.course.id, done.periods[0]!.id, 20)).data.completed).toBe(true);
  await study(me, half.course.id, half.periods[0]!.id, 20);
  await study(other, untouched.course.id, untouched.periods[0]!.id, 10);
  await t.call(saveCourseMark, { courseId: untouched.course.id, marked: true }, { as: me });

  const started = await t.call(exportCourseProgress, { status: 0 }, { as: me });
  expect(started.code).toBe(200);
  expect(started.data).toMatchObject({ exportStatus: 1 });
  expect(started.data.fileName).toMatch(/^课程学习进度-\d{12}\.xlsx$/);
  const listed = await waitFor('the export to be done', async () => {
    const page = await t.call(findExportRecords, {}, { as: me });
    const row = page.data.list.find((r) => r.id === started.data.id);
    return row && row.exportStatus !== 1 ? row : null;
  });
  expect(listed.exportStatus).toBe(2);
  const { name, values } = sheetValues((await downloadExport(t, me, started.data.id)).workbook);
  expect(name).toBe('课程学习进度');
  expect(values[0]).toEqual([
    '课程名称',
    '讲师',
    '学习进度（%）',
    '已完成课时',
    '学习时长（分钟）',
    '开始学习时间',
    '最近学习时间',
    '完成时间',
    '学时/学分',
    '积分',
  ]);
  // Last studied first; the other learner's course and the merely marked one are not mine to list.
  expect(values.slice(1).map((r) => [r[0], r[2], r[3], r[8], r[9]])).toEqual([
    ['沟通技巧', 50, '1/2', 1.5, 10],
    ['安全生产', 100, '1/1', 1.5, 8],
  ]);
  expect(values[2]![7]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  // Not completed: an empty cell.
  expect(values[1]![7]).toBeUndefined();

  // In English, only the completed course.
  const en = await t.call(exportCourseProgress, { status: 2 }, { as: me, lang: 'en' });
  await waitFor('the English export', async () => {
    const [row] = await db
      .select()
      .from(schema.exportRecords)
      .where(sql`id = ${en.data.id}`);
    return row && row.exportStatus === 2;
  });
  const english = sheetValues((await downloadExport(t, me, en.data.id)).workbook);
  expect(english.name).toBe('Course progress');
  expect(english.values[0]![0]).toBe('Course');
  expect(english.values.slice(1).map((r) => r[0])).toEqual(['安全生产']);
});
