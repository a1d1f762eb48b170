import { and, asc, eq } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as s from './schema.ts';
import { demoOpenExamTitle } from './seed-exams.ts';

type Db = NodePgDatabase<typeof s>;

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The demo study tasks and projects of one site (issue 20, item 7), in its language: a tree of
 * departments with the site's people in them and learner tags on some; an ordered learning task
 * (the handout, the short course, an exam) assigned to the demo learner's department, which earns
 * credit, points and the site's certificate, with its first item done; an assessment task assigned
 * by a tag; a coaching task in which the demo learner is coached and coaches someone else; a
 * sign-in task whose check-in plan has a slot open whenever the seed runs and for months after,
 * with past check-ins and misses; a timed task open now and one already missed; and two study
 * projects (open, needing approval) with stages, lecturers and the demo learner enrolled and part
 * way through the open one.
 */
export interface SiteTaskSeed {
  eid: number;
  en: boolean;
  /** The demo learner of the site (the first demo person who is not an administrator). */
  learner: number;
  /** The site's other demo people (李静 on the first site). */
  otherPeople: number[];
  /** The site's leaderboard learners (no password), in their seeded order. */
  siteLearners: number[];
}

/**
 * The demo tasks, plans and projects that play a part, by role: browser tests and the demo find
 * them by title (`demoTaskTitle`).
 * - ordered: the ordered learning task (handout, short course, exam), its first item done.
 * - assessment, coaching: the assessment task (by tag) and the coaching task.
 * - checkIn: the sign-in task; checkInPlan its plan, open every day from 00:00 to 23:59.
 * - timedOpen, timedMissed: the timed task open now and the one that closed missed.
 * - projectOpen: the open project (enrol rule 1) the demo learner is part way through.
 * - projectApproval: the project needing approval (rule 2) the demo learner has not applied to.
 */
export type DemoTaskRole =
  | 'ordered'
  | 'orderedExam'
  | 'assessment'
  | 'assessmentExam'
  | 'coaching'
  | 'checkIn'
  | 'checkInPlan'
  | 'timedOpen'
  | 'timedMissed'
  | 'projectOpen'
  | 'projectApproval';

const TEXT = {
  zh: {
    departments: {
      1001: ['智学集团总部', ['销售部', '华南销售组'], ['培训部'], ['人力资源部'], ['信息中心']],
      1002: ['司法局机关', ['法治宣传科', '普法讲师团'], ['人民调解科'], ['社区矫正科'], ['办公室']],
      1003: ['医疗保障局', ['医保结算科', '异地就医组'], ['基金监管科'], ['待遇保障科'], ['信息中心']],
      1005: ['继续教育学员', ['工程技术类', '建筑工程组'], ['经济管理类'], ['教育教学类'], ['卫生健康类']],
    } as Record<number, DepartmentTree>,
    role: {
      ordered: '岗位必修学习任务',
      orderedExam: '岗位必修结业测验',
      assessment: '业务骨干能力评估',
      assessmentExam: '业务骨干能力评估考试',
      coaching: '导师带教计划',
      checkIn: '每日学习打卡',
      checkInPlan: '每日学习打卡',
      timedOpen: '季度合规学习（限时）',
      timedMissed: '上季度合规学习（限时）',
      projectOpen: '岗位能力提升训练营',
      projectApproval: '骨干人才研修班',
    } satisfies Record<DemoTaskRole, string>,
    intro: {
      ordered:
        '<p>请按顺序完成本任务：先阅读课程讲义，再学习课程，最后参加结业测验。前一项完成后才能开始下一项。</p><p>完成全部内容可获得学时、积分和结业证书。</p>',
      orderedExam: '本测验为“岗位必修学习任务”的最后一项，共8题，60分及格，可考5次。',
      assessment: '<p>学完指定课程，并在评估考试中取得80分及以上，即为评估通过。</p>',
      assessmentExam: '业务骨干能力评估考试，80分为评估通过线。',
      coaching: '<p>由导师一对一带教：每完成一个环节，导师确认后才算完成。</p>',
      checkIn: '<p>每天登录平台打卡一次（00:00—23:59），累计打卡10次即完成任务。</p>',
      timedOpen: '<p>限时任务：请在截止时间前完成全部内容，逾期未完成将记为“已错过”。</p>',
      timedMissed: '<p>限时任务，已于截止时间关闭。</p>',
    },
    projects: {
      open: {
        summary: '面向全体员工开放报名，报名即可参加，分两个阶段完成基础学习与实践提升。',
        intro:
          '<h3>项目介绍</h3><p>训练营围绕岗位核心能力设计，分为“基础学习”和“实践提升”两个阶段，每个阶段包含若干学习任务。</p><h3>参加方式</h3><p>报名即可参加，名额有限，报满为止。完成全部学习任务可获得结业证书。</p>',
        stages: ['第一阶段：基础学习', '第二阶段：实践提升'],
        tasks: ['训练营·基础学习', '训练营·实践提升'],
      },
      approval: {
        summary: '面向业务骨干的研修班，报名后须经管理员审核通过方可参加。',
        intro:
          '<h3>项目介绍</h3><p>研修班聚焦业务难点，分为“理论研修”和“专题研讨”两个阶段。</p><h3>报名须知</h3><p>报名后由培训管理员审核，审核通过后即可开始学习。</p>',
        stages: ['第一阶段：理论研修', '第二阶段：专题研讨'],
        tasks: ['研修班·理论研修', '研修班·专题研讨'],
      },
    },
  },
  en: {
    departments: {
      1004: [
        'Head office',
        ['Claims and settlement', 'Cross-region desk'],
        ['Fund supervision'],
        ['Member services'],
        ['IT'],
      ],
    } as Record<number, DepartmentTree>,
    role: {
      ordered: 'Core learning path',
      orderedExam: 'Core learning path: final quiz',
      assessment: 'Key staff assessment',
      assessmentExam: 'Key staff assessment exam',
      coaching: 'Mentoring programme',
      checkIn: 'Daily study check-in',
      checkInPlan: 'Daily study check-in',
      timedOpen: 'Quarterly compliance (timed)',
      timedMissed: 'Last quarter compliance (timed)',
      projectOpen: 'Skills bootcamp',
      projectApproval: 'Key staff seminar',
    } satisfies Record<DemoTaskRole, string>,
    intro: {
      ordered:
        '<p>Complete this task in order: read the handout, take the course, then sit the final quiz. Each item opens when the one before it is done.</p><p>Finishing it earns credit hours, points and a certificate.</p>',
      orderedExam: 'The last item of the core learning path: 8 questions, 60 to pass, 5 attempts.',
      assessment: '<p>Finish the course and score at least 80 in the assessment exam to pass.</p>',
      assessmentExam: 'The key staff assessment exam; 80 passes the assessment.',
      coaching: '<p>One-to-one mentoring: each step counts once your mentor confirms it.</p>',
      checkIn: '<p>Check in once a day (00:00–23:59); ten check-ins complete the task.</p>',
      timedOpen: '<p>A timed task: finish everything before the deadline, or it is marked missed.</p>',
      timedMissed: '<p>A timed task that closed at its deadline.</p>',
    },
    projects: {
      open: {
        summary: 'Open to everyone: apply and you are in. Two stages, from the basics to practice.',
        intro:
          '<h3>About</h3><p>The bootcamp builds the core skills of the job in two stages, the basics and practice, each made of study tasks.</p><h3>How to join</h3><p>Apply and you are enrolled, while places last. Finishing every task earns a certificate.</p>',
        stages: ['Stage 1: the basics', 'Stage 2: practice'],
        tasks: ['Bootcamp: the basics', 'Bootcamp: practice'],
      },
      approval: {
        summary: 'A seminar for key staff; an administrator approves each application.',
        intro:
          '<h3>About</h3><p>The seminar takes on the hard parts of the work in two stages: theory, then case discussions.</p><h3>Applying</h3><p>A training administrator reviews each application; once approved you can start.</p>',
        stages: ['Stage 1: theory', 'Stage 2: case discussions'],
        tasks: ['Seminar: theory', 'Seminar: case discussions'],
      },
    },
  },
};

/** [root, [department, sub-department?] …]: the department tree of a site. */
type DepartmentTree = [string, ...Array<[string, string?]>];

/** The title of a demo site's task, plan or project that plays a role (DemoTaskRole). */
export function demoTaskTitle(eid: number, role: DemoTaskRole): string {
  return (eid === 1004 ? TEXT.en : TEXT.zh).role[role];
}

/** The course of a demo site at a place in its list (seed.ts COURSES_BY_SITE; free on every site). */
const COURSE_AT = {
  /** DEMO_COURSE_ROLES.short: a 12 s video and an 8 s image-text. */
  short: 5,
  /** DEMO_COURSE_ROLES.completed: the demo people completed it. */
  completed: 2,
  /** DEMO_COURSE_ROLES.showcase: the demo people are half way through it. */
  showcase: 0,
  other: [6, 8, 10, 11],
} as const;

/** Every role, for tests that check each is seeded. */
export const DEMO_TASK_ROLES = Object.keys(TEXT.zh.role) as DemoTaskRole[];

/** A date (YYYY-MM-DD) in China time, as check-in slots are kept. */
function chinaDate(at: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(at));
}

export async function seedSiteTasks(db: Db, site: SiteTaskSeed): Promise<void> {
  const { eid, en, learner } = site;
  const text = en ? TEXT.en : TEXT.zh;
  const now = Date.now();

  // What the tasks are made of: the site's courses, the handout, the open exam's paper, the
  // practice set, the certificate template, the tags and the lecturers.
  const courses = await db
    .select({ id: s.courses.id, title: s.courses.title })
    .from(s.courses)
    .where(eq(s.courses.eid, eid))
    .orderBy(asc(s.courses.sort), asc(s.courses.id));
  const course = (i: number) => courses[i]!;
  const [handout] = await db
    .select({ id: s.resourceMaterials.id, title: s.resourceMaterials.title })
    .from(s.resourceMaterials)
    .where(and(eq(s.resourceMaterials.eid, eid), eq(s.resourceMaterials.kind, 2)))
    .orderBy(asc(s.resourceMaterials.id))
    .limit(1);
  const [template] = await db
    .select({ id: s.certificateTemplates.id })
    .from(s.certificateTemplates)
    .where(eq(s.certificateTemplates.eid, eid))
    .orderBy(asc(s.certificateTemplates.id))
    .limit(1);
  const [openExam] = await db
    .select({ paperId: s.examTasks.paperId })
    .from(s.examTasks)
    .where(and(eq(s.examTasks.eid, eid), eq(s.examTasks.title, demoOpenExamTitle(en))))
    .orderBy(asc(s.examTasks.id))
    .limit(1);
  const [practice] = await db
    .select({ id: s.practiceSets.id, title: s.practiceSets.title })
    .from(s.practiceSets)
    .where(eq(s.practiceSets.eid, eid))
    .limit(1);
  const tags = await db
    .select({ id: s.tags.id })
    .from(s.tags)
    .where(eq(s.tags.eid, eid))
    .orderBy(asc(s.tags.sort), asc(s.tags.id));
  const lecturers = await db
    .select({ id: s.lecturers.id })
    .from(s.lecturers)
    .where(eq(s.lecturers.eid, eid))
    .orderBy(asc(s.lecturers.sort), asc(s.lecturers.id));
  if (!handout || !template || !openExam || !practice || tags.length < 2 || courses.length < 12) return;

  // Departments: a root with four departments, the first with a sub-department. The demo learner
  // is in the first department; the other demo people in the second; the site's learners spread.
  const tree = text.departments[eid] ?? TEXT.zh.departments[1001]!;
  const [rootName, ...branches] = tree;
  const [root] = await db.insert(s.departments).values({ eid, name: rootName }).returning({ id: s.departments.id });
  const top: number[] = [];
  const subs: number[] = [];
  for (const [sort, [name, subName]] of branches.entries()) {
    const [row] = await db
      .insert(s.departments)
      .values({ eid, name, parentId: root!.id, sort })
      .returning({ id: s.departments.id });
    top.push(row!.id);
    if (subName) {
      const [sub] = await db
        .insert(s.departments)
        .values({ eid, name: subName, parentId: row!.id })
        .returning({ id: s.departments.id });
      subs.push(sub!.id);
    }
  }
  const learnerDepartment = top[0]!;
  const members: Array<typeof s.departmentMembers.$inferInsert> = [
    { eid, departmentId: learnerDepartment, accountId: learner, joinedAt: new Date(now - 200 * DAY) },
    ...site.otherPeople.map((accountId) => ({ eid, departmentId: top[1]!, accountId })),
    ...site.siteLearners.map((accountId, i) => ({
      eid,
      // Every third in a sub-department, the rest round the departments (the first one's share
      // in the demo learner's department, so its tasks reach a few people).
      departmentId: i % 3 === 2 && subs[0] ? subs[0] : top[i % top.length]!,
      accountId,
    })),
  ];
  await db.insert(s.departmentMembers).values(members);

  // Learner tags: the demo learner is key staff and a newcomer; some of the site's learners too.
  const [newcomer, keyStaff] = [tags[0]!.id, tags[1]!.id];
  await db.insert(s.learnerTags).values([
    { eid, tagId: keyStaff, accountId: learner },
    { eid, tagId: newcomer, accountId: learner },
    ...site.siteLearners.slice(0, 6).map((accountId, i) => ({
      eid,
      tagId: tags[i % Math.min(tags.length, 4)]!.id,
      accountId,
    })),
  ]);

  // The exams of the tasks: the open exam's paper, taken again under their own titles.
  const examOf = async (role: 'orderedExam' | 'assessmentExam') => {
    const [row] = await db
      .insert(s.examTasks)
      .values({
        eid,
        title: text.role[role],
        intro: text.intro[role],
        paperId: openExam.paperId,
        startsAt: new Date(now - 7 * DAY),
        endsAt: new Date(now + 365 * DAY),
        durationMinutes: 20,
        attemptsAllowed: 5,
        passScoreTenths: 600,
        showAnswers: true,
        partialMultiple: true,
      })
      .returning({ id: s.examTasks.id, title: s.examTasks.title });
    return row!;
  };
  const orderedExam = await examOf('orderedExam');
  const assessmentExam = await examOf('assessmentExam');

  type Item = Omit<typeof s.studyTaskItems.$inferInsert, 'eid' | 'taskId' | 'position'>;
  const courseItem = (i: number): Item => ({ resourceType: 3, resourceId: course(i).id, title: course(i).title });
  const handoutItem: Item = { resourceType: 4, resourceId: handout.id, title: handout.title };
  /** A task with its items in order; its item ids in that order. */
  const taskOf = async (task: Omit<typeof s.studyTasks.$inferInsert, 'eid'>, items: Item[]) => {
    const [row] = await db
      .insert(s.studyTasks)
      .values({ eid, ...task })
      .returning({ id: s.studyTasks.id });
    const inserted = await db
      .insert(s.studyTaskItems)
      .values(items.map((item, position) => ({ eid, taskId: row!.id, position: position + 1, ...item })))
      .returning({ id: s.studyTaskItems.id, position: s.studyTaskItems.position });
    return { id: row!.id, items: inserted.sort((a, b) => a.position - b.position).map((x) => x.id) };
  };
  const assign = (taskId: number, targetType: number, targetId: number, at = now - 5 * DAY) =>
    db.insert(s.studyTaskAssignments).values({ eid, taskId, targetType, targetId, assignedAt: new Date(at) });
  /** A learner's standing in a task (`study_task_learners`), as the task module stores it. */
  const standing = (
    taskId: number,
    accountId: number,
    v: { status: number; done: number; of: number; percent?: number; startedAt: number; missedAt?: number },
  ) =>
    db.insert(s.studyTaskLearners).values({
      eid,
      taskId,
      accountId,
      status: v.status,
      requiredDone: v.done,
      requiredCount: v.of,
      progressPercent: v.percent ?? Math.floor((v.done * 100) / v.of),
      startedAt: new Date(v.startedAt),
      lastStudiedAt: new Date(v.startedAt + HOUR),
      missedAt: v.missedAt === undefined ? null : new Date(v.missedAt),
    });
  /** An item done: the handout read to its end (material items are done by progress/save alone). */
  const itemDone = (
    taskId: number,
    itemId: number,
    accountId: number,
    at: number,
    extra: Partial<typeof s.studyTaskItemProgress.$inferInsert> = {},
  ) =>
    db.insert(s.studyTaskItemProgress).values({
      eid,
      taskId,
      itemId,
      accountId,
      progressPercent: 100,
      studySeconds: 95,
      completedAt: new Date(at),
      updatedAt: new Date(at),
      ...extra,
    });

  // 1. The ordered learning task: the handout first (one click to finish), the short course, the
  // exam; to the demo learner's department; earns credit, points and the site's certificate. The
  // demo learner has read the handout: one of three done.
  const ordered = await taskOf(
    {
      title: text.role.ordered,
      intro: text.intro.ordered,
      coverUrl: '/demo/course-cover-5.svg',
      taskType: 1,
      ordered: true,
      startsAt: new Date(now - 10 * DAY),
      endsAt: new Date(now + 90 * DAY),
      creditTenths: 20,
      points: 15,
      certificateTemplateId: template.id,
    },
    [
      handoutItem,
      courseItem(COURSE_AT.short),
      { resourceType: 7, resourceId: orderedExam.id, title: orderedExam.title },
    ],
  );
  await assign(ordered.id, 2, learnerDepartment);
  await standing(ordered.id, learner, { status: 2, done: 1, of: 3, startedAt: now - 2 * DAY });
  await itemDone(ordered.id, ordered.items[0]!, learner, now - 2 * DAY + HOUR);

  // 2. The assessment task, by tag (key staff): the course the demo people completed, then an
  // exam passed at 80. The course item is done (course_learners has it complete).
  const assessment = await taskOf(
    {
      title: text.role.assessment,
      intro: text.intro.assessment,
      coverUrl: '/demo/course-cover-4.svg',
      taskType: 3,
      startsAt: new Date(now - 14 * DAY),
      endsAt: new Date(now + 60 * DAY),
      passRule: { minExamScoreTenths: 800 },
      creditTenths: 10,
      points: 10,
    },
    [
      courseItem(COURSE_AT.completed),
      { resourceType: 7, resourceId: assessmentExam.id, title: assessmentExam.title, minScoreTenths: 800 },
    ],
  );
  await assign(assessment.id, 3, keyStaff);
  const [completedCourse] = await db
    .select({ completedAt: s.courseLearners.completedAt })
    .from(s.courseLearners)
    .where(
      and(
        eq(s.courseLearners.eid, eid),
        eq(s.courseLearners.courseId, course(COURSE_AT.completed).id),
        eq(s.courseLearners.accountId, learner),
      ),
    );
  if (completedCourse?.completedAt) {
    const at = completedCourse.completedAt.getTime();
    await standing(assessment.id, learner, { status: 2, done: 1, of: 2, startedAt: at });
    await itemDone(assessment.id, assessment.items[0]!, learner, at, { studySeconds: 0 });
  }

  // 3. The coaching task: the demo learner is coached by another demo person (or, on a site with
  // one, by a learner of the site) and coaches a learner of the site. Their handout is done and
  // confirmed by the mentor; their mentee's handout is done and waits for the demo learner.
  const coaching = await taskOf(
    {
      title: text.role.coaching,
      intro: text.intro.coaching,
      coverUrl: '/demo/course-cover-2.svg',
      taskType: 4,
      startsAt: new Date(now - 20 * DAY),
      endsAt: new Date(now + 70 * DAY),
      creditTenths: 10,
      points: 10,
    },
    [handoutItem, courseItem(COURSE_AT.showcase)],
  );
  const mentor = site.otherPeople[0] ?? site.siteLearners[0];
  const mentee = site.siteLearners[1];
  if (mentor !== undefined) {
    await assign(coaching.id, 1, learner);
    await db.insert(s.studyTaskMentors).values({ eid, taskId: coaching.id, learnerId: learner, mentorId: mentor });
    await standing(coaching.id, learner, { status: 2, done: 1, of: 2, startedAt: now - 6 * DAY });
    await itemDone(coaching.id, coaching.items[0]!, learner, now - 6 * DAY, {
      confirmedBy: mentor,
      confirmedAt: new Date(now - 5 * DAY),
    });
  }
  if (mentee !== undefined && mentee !== mentor) {
    await assign(coaching.id, 1, mentee);
    await db.insert(s.studyTaskMentors).values({ eid, taskId: coaching.id, learnerId: mentee, mentorId: learner });
    await standing(coaching.id, mentee, { status: 2, done: 0, of: 2, percent: 0, startedAt: now - 2 * DAY });
    await itemDone(coaching.id, coaching.items[0]!, mentee, now - DAY);
  }

  // 4. The sign-in task: a plan open every day, 00:00–23:59 (China time), from a week before the
  // seed to half a year after; ten check-ins complete it. The demo learner checked in on four of
  // the last six days (two missed), so a streak of two runs into today's open slot.
  const [plan] = await db
    .insert(s.checkInPlans)
    .values({
      eid,
      title: text.role.checkInPlan,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      startsOn: chinaDate(now - 6 * DAY),
      endsOn: chinaDate(now + 180 * DAY),
      windowStart: '00:00',
      windowEnd: '23:59',
      requiredCount: 10,
    })
    .returning({ id: s.checkInPlans.id, title: s.checkInPlans.title });
  const checkedDays = [5, 4, 2, 1];
  await db.insert(s.checkIns).values(
    checkedDays.map((daysAgo) => {
      const slotDate = chinaDate(now - daysAgo * DAY);
      // 08:30 China time on the slot's day.
      return { eid, planId: plan!.id, accountId: learner, slotDate, checkedAt: new Date(`${slotDate}T08:30:00+08:00`) };
    }),
  );
  const checkIn = await taskOf(
    {
      title: text.role.checkIn,
      intro: text.intro.checkIn,
      coverUrl: '/demo/course-cover-1.svg',
      taskType: 1,
      startsAt: new Date(now - 6 * DAY),
      endsAt: new Date(now + 180 * DAY),
      creditTenths: 5,
      points: 10,
    },
    [{ resourceType: 11, resourceId: plan!.id, title: plan!.title }],
  );
  await assign(checkIn.id, 2, learnerDepartment);
  const share = Math.floor((checkedDays.length * 100) / 10);
  await standing(checkIn.id, learner, { status: 2, done: 0, of: 1, percent: share, startedAt: now - 5 * DAY });
  await db.insert(s.studyTaskItemProgress).values({
    eid,
    taskId: checkIn.id,
    itemId: checkIn.items[0]!,
    accountId: learner,
    progressPercent: share,
    updatedAt: new Date(now - DAY),
  });

  // 5. Timed tasks: one open for three more weeks (a course and the practice set), one closed two
  // days ago that the demo learner started and missed.
  const timedOpen = await taskOf(
    {
      title: text.role.timedOpen,
      intro: text.intro.timedOpen,
      coverUrl: '/demo/course-cover-3.svg',
      taskType: 1,
      timed: true,
      startsAt: new Date(now - 3 * DAY),
      endsAt: new Date(now + 21 * DAY),
      creditTenths: 10,
      points: 5,
    },
    [courseItem(COURSE_AT.other[0]), { resourceType: 2, resourceId: practice.id, title: practice.title }],
  );
  await assign(timedOpen.id, 1, learner);
  const timedMissed = await taskOf(
    {
      title: text.role.timedMissed,
      intro: text.intro.timedMissed,
      coverUrl: '/demo/course-cover-6.svg',
      taskType: 1,
      timed: true,
      startsAt: new Date(now - 40 * DAY),
      endsAt: new Date(now - 2 * DAY),
      creditTenths: 10,
      points: 5,
    },
    [handoutItem, courseItem(COURSE_AT.other[1])],
  );
  await assign(timedMissed.id, 1, learner, now - 40 * DAY);
  await standing(timedMissed.id, learner, {
    status: 9,
    done: 1,
    of: 2,
    startedAt: now - 30 * DAY,
    missedAt: now - 2 * DAY,
  });
  await itemDone(timedMissed.id, timedMissed.items[0]!, learner, now - 30 * DAY + HOUR);

  // 6. Projects: open (rule 1), the demo learner enrolled and part way through its first stage;
  // needing approval (rule 2), some of the site's learners pending, one approved.
  const projectOf = async (kind: 'open' | 'approval') => {
    const p = text.projects[kind];
    const open = kind === 'open';
    const [project] = await db
      .insert(s.studyProjects)
      .values({
        eid,
        title: text.role[open ? 'projectOpen' : 'projectApproval'],
        coverUrl: open ? '/demo/course-cover-5.svg' : '/demo/course-cover-4.svg',
        summary: p.summary,
        intro: p.intro,
        startsAt: new Date(now - (open ? 15 : 5) * DAY),
        endsAt: new Date(now + (open ? 75 : 90) * DAY),
        capacity: open ? 50 : 30,
        enrolRule: open ? 1 : 2,
        admireCount: 0,
        creditTenths: open ? 30 : 40,
        points: open ? 30 : 40,
        certificateTemplateId: template.id,
        recommended: true,
        sort: open ? 0 : 1,
      })
      .returning({ id: s.studyProjects.id });
    const taskIds: Array<{ id: number; items: number[] }> = [];
    const stageItems: Item[][] = open
      ? [[handoutItem, courseItem(COURSE_AT.other[2])], [courseItem(COURSE_AT.other[3])]]
      : [[courseItem(COURSE_AT.showcase)], [courseItem(COURSE_AT.other[2]), handoutItem]];
    for (const [i, stageTitle] of p.stages.entries()) {
      const [stage] = await db
        .insert(s.studyProjectStages)
        .values({ eid, projectId: project!.id, position: i + 1, title: stageTitle })
        .returning({ id: s.studyProjectStages.id });
      const task = await taskOf(
        {
          title: p.tasks[i]!,
          coverUrl: open ? '/demo/course-cover-5.svg' : '/demo/course-cover-4.svg',
          taskType: 1,
          ordered: i === 1,
          startsAt: new Date(now - (open ? 15 : 5) * DAY),
          endsAt: new Date(now + (open ? 75 : 90) * DAY),
          creditTenths: 10,
          points: 10,
        },
        stageItems[i]!,
      );
      await db
        .insert(s.studyProjectStageTasks)
        .values({ eid, stageId: stage!.id, taskId: task.id, projectId: project!.id, position: 0 });
      taskIds.push(task);
    }
    if (lecturers.length > 0) {
      await db
        .insert(s.studyProjectLecturers)
        .values(
          lecturers.slice(0, 2).map((l, position) => ({ eid, projectId: project!.id, lecturerId: l.id, position })),
        );
    }
    return { id: project!.id, tasks: taskIds };
  };
  const projectOpen = await projectOf('open');
  const projectApproval = await projectOf('approval');
  const applications: Array<typeof s.studyProjectApplications.$inferInsert> = [
    {
      eid,
      projectId: projectOpen.id,
      accountId: learner,
      status: 2,
      appliedAt: new Date(now - 12 * DAY),
      decidedAt: new Date(now - 12 * DAY),
    },
    ...site.siteLearners.slice(0, 3).map((accountId, i) => ({
      eid,
      projectId: projectOpen.id,
      accountId,
      status: 2,
      appliedAt: new Date(now - (11 - i) * DAY),
      decidedAt: new Date(now - (11 - i) * DAY),
    })),
    ...site.siteLearners.slice(3, 6).map((accountId, i) => ({
      eid,
      projectId: projectApproval.id,
      accountId,
      // The first approved by an administrator, the others waiting.
      status: i === 0 ? 2 : 1,
      appliedAt: new Date(now - (4 - i) * DAY),
      decidedAt: i === 0 ? new Date(now - 3 * DAY) : null,
      decidedBy: i === 0 ? (site.otherPeople[0] ?? null) : null,
    })),
  ];
  await db.insert(s.studyProjectApplications).values(applications);
  for (const project of [projectOpen, projectApproval]) {
    const seats = applications.filter((a) => a.projectId === project.id && (a.status === 1 || a.status === 2));
    await db
      .update(s.studyProjects)
      .set({ seatsTaken: seats.length })
      .where(and(eq(s.studyProjects.eid, eid), eq(s.studyProjects.id, project.id)));
  }
  // The demo learner's progress in the open project: its first task's handout read.
  const first = projectOpen.tasks[0]!;
  await standing(first.id, learner, { status: 2, done: 1, of: 2, startedAt: now - 10 * DAY });
  await itemDone(first.id, first.items[0]!, learner, now - 10 * DAY + HOUR);
}
