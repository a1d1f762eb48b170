import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TaskTarget,
  deleteAdminComment,
  findAdminComments,
  findAnnouncementComments,
  findAnnouncementRecords,
  findAuditLog,
  findCourseComments,
  findTaskComments,
  saveAnnouncement,
  saveAnnouncementComment,
  saveAnnouncementReply,
  saveCourseComment,
  saveTaskComment,
  setCommentHidden,
  viewCourse,
} from '@portal/contract';
import { createCourse, createEnterprise, type Learner } from '../../test/factories.ts';
import { createTestApp, unchecked, type TestApp } from '../../test/harness.ts';
import { createTask } from '../../test/task-factories.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let learner: Learner;
let other: Learner;
let courseId: number;
let taskId: number;
let recordId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  const db = t.database.db;
  a = await createEnterprise(db, { name: '甲企业', settings: { showUserCommentOpenSet: true } });
  b = await createEnterprise(db, { name: '乙企业', settings: { showUserCommentOpenSet: true } });
  admin = await t.learner(a, { member: { isAdmin: true } });
  learner = await t.learner(a, { member: { realName: '张三' } });
  other = await t.learner(a, { member: { realName: '李四' } });
  courseId = (await createCourse(db, a.eid, { title: '安全生产课', commentsOpen: true })).id;
  taskId = (
    await createTask(db, a.eid, {
      task: { title: '新人任务' },
      assign: [
        [TaskTarget.PERSON, learner.accountId],
        [TaskTarget.PERSON, other.accountId],
      ],
    })
  ).task.id;
  const ann = await t.call(
    saveAnnouncement,
    { title: '评论公告', content: '<p>欢迎评论</p>', published: true },
    { as: admin },
  );
  expect(ann.code).toBe(200);

  const course = await t.call(saveCourseComment, { courseId, content: '课程很好', rating: 5 }, { as: learner });
  expect(course.code).toBe(200);
  ids.course = course.data.id;
  ids.course2 = (await t.call(saveCourseComment, { courseId, content: '一般', rating: 1 }, { as: other })).data.id;
  const task = await t.call(saveTaskComment, { taskId, content: '任务评论' }, { as: learner });
  expect(task.code).toBe(200);
  ids.task = task.data.id;
  recordId = (await t.call(findAnnouncementRecords, {}, { as: learner })).data.list[0]!.id;
  const comment = await t.call(saveAnnouncementComment, { id: recordId, content: '公告评论' }, { as: learner });
  expect(comment.code).toBe(200);
  ids.announcement = comment.data.id;
  const otherRecord = (await t.call(findAnnouncementRecords, {}, { as: other })).data.list[0]!.id;
  ids.reply = (
    await t.call(saveAnnouncementReply, { commentId: ids.announcement, content: '回复一下' }, { as: other })
  ).data.id;
  expect(otherRecord).toBeGreaterThan(0);
});
afterAll(async () => t?.close());

const as = () => ({ as: admin });

describe('comment moderation', () => {
  it('lists comments of courses, announcements and tasks in one list, newest first, by kind and keyword', async () => {
    const all = (await t.call(findAdminComments, {}, as())).data;
    expect(all.totalCount).toBe(5);
    expect(all.list.map((c) => `${c.kind}:${c.content}`)).toEqual([
      'announcement:回复一下',
      'announcement:公告评论',
      'task:任务评论',
      'course:一般',
      'course:课程很好',
    ]);
    expect(all.list[0]).toMatchObject({
      authorName: '李四',
      targetTitle: '评论公告',
      parentId: ids.announcement,
      hidden: false,
    });
    expect(all.list[2]).toMatchObject({
      authorName: '张三',
      targetId: taskId,
      targetTitle: '新人任务',
      parentId: null,
    });
    const courses = (await t.call(findAdminComments, { kind: 'course' }, as())).data;
    expect(courses.list.map((c) => c.id)).toEqual([ids.course2, ids.course]);
    expect((await t.call(findAdminComments, { keyword: '很好' }, as())).data.list.map((c) => c.id)).toEqual([
      ids.course,
    ]);
    expect((await t.call(findAdminComments, unchecked({ kind: 'exam' }), as())).code).toBe(400);
  });

  it('hides a comment of each kind from learners’ lists and counts, shows it again, each audited', async () => {
    for (const [kind, id] of [
      ['course', ids.course],
      ['task', ids.task],
      ['announcement', ids.reply],
    ] as const) {
      const res = await t.call(setCommentHidden, { kind, id: id!, hidden: true }, as());
      expect(res.data).toMatchObject({ kind, id, hidden: true });
    }
    const courseList = (await t.call(findCourseComments, { courseId }, { as: other })).data;
    expect(courseList.list.map((c) => c.id)).toEqual([ids.course2]);
    expect(courseList.totalCount).toBe(1);
    const course = (await t.call(viewCourse, { courseId }, { as: other })).data;
    // The hidden 5-star comment no longer counts: only the 1-star one is left.
    expect(course).toMatchObject({ commentCount: 1, averageRating: 1 });
    expect((await t.call(findTaskComments, { taskId }, { as: learner })).data.totalCount).toBe(0);
    const annComments = (await t.call(findAnnouncementComments, { id: recordId }, { as: learner })).data;
    expect(annComments.list).toHaveLength(1);
    expect(annComments.list[0]).toMatchObject({ id: ids.announcement, replyCount: 0, replies: [] });

    const hidden = (await t.call(findAdminComments, { hidden: 'yes' }, as())).data.list.map((c) => `${c.kind}:${c.id}`);
    expect(hidden.sort()).toEqual([`announcement:${ids.reply}`, `course:${ids.course}`, `task:${ids.task}`].sort());

    await t.call(setCommentHidden, { kind: 'course', id: ids.course!, hidden: false }, as());
    expect((await t.call(findCourseComments, { courseId }, { as: other })).data.totalCount).toBe(2);
    const log = (await t.call(findAuditLog, { entityType: 'comment', entityId: `course:${ids.course}` }, as())).data
      .list;
    expect(log.map((e) => [e.action, (e.after as { hidden: boolean }).hidden])).toEqual([
      ['setCommentHidden', false],
      ['setCommentHidden', true],
    ]);
  });

  it('deletes a comment (an announcement comment with its replies), audited', async () => {
    expect((await t.call(deleteAdminComment, { kind: 'announcement', id: ids.announcement! }, as())).data).toEqual({
      kind: 'announcement',
      id: ids.announcement,
    });
    expect((await t.call(findAnnouncementComments, { id: recordId }, { as: learner })).data.totalCount).toBe(0);
    expect((await t.call(findAdminComments, { kind: 'announcement' }, as())).data.totalCount).toBe(0);
    const log = (
      await t.call(findAuditLog, { entityType: 'comment', entityId: `announcement:${ids.announcement}` }, as())
    ).data.list;
    expect(log[0]).toMatchObject({ action: 'deleteAdminComment', before: { content: '公告评论' }, after: null });
  });

  it("answers 404 for another enterprise's comment and lists none of it", async () => {
    const theirCourse = await createCourse(t.database.db, b.eid, { commentsOpen: true });
    const theirLearner = await t.learner(b);
    const theirs = (
      await t.call(
        saveCourseComment,
        { courseId: theirCourse.id, content: '乙的评论', rating: 3 },
        { as: theirLearner },
      )
    ).data.id;
    expect((await t.call(setCommentHidden, { kind: 'course', id: theirs, hidden: true }, as())).code).toBe(404);
    expect((await t.call(deleteAdminComment, { kind: 'course', id: theirs }, as())).code).toBe(404);
    expect((await t.call(findAdminComments, { keyword: '乙的评论' }, as())).data.totalCount).toBe(0);
  });
});
