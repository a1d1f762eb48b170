import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clearAssistantConversations,
  deleteAssistantConversation,
  findAssistantConversations,
  findAvailableAiModels,
  viewAssistantConversation,
} from '@portal/contract';
import { schema } from '@portal/db';
import { ask, createArticle, createTextCourse, eventOf } from '../../test/assistant-factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { searchIndexOf } from './search-index.ts';

/**
 * The study assistant without a language model (issue 24 item 3, decision 061): answers quote the
 * enterprise's own passages with their sources and say that no model is configured; never another
 * enterprise's content, never a priced course's paid periods; the index follows content changes;
 * the learner's conversations; the daily limit counted exactly once under concurrent questions.
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
let learner: Learner;
let other: Learner;
let learnerOfB: Learner;
let reimbursement: Awaited<ReturnType<typeof createTextCourse>>;
let courseOfB: Awaited<ReturnType<typeof createTextCourse>>;

const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '', RATE_LIMIT_PER_MINUTE: '100000', SIGN_IN_PER_IP_PER_MINUTE: '10000' });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  learner = await t.learner(a);
  other = await t.learner(a);
  learnerOfB = await t.learner(b);
  reimbursement = await createTextCourse(
    db(),
    a.eid,
    { title: '医保报销实务', summary: '讲解医保报销的流程和材料。', intro: '<p>本课程面向经办人员。</p>' },
    [
      {
        title: '异地就医备案',
        content: '<p>参保人异地就医前，应先办理异地就医备案手续。</p><p>备案后在就医地直接结算医保报销费用。</p>',
      },
      { title: '门诊报销讲义', periodType: 2 },
    ],
  );
  // A priced course: its introduction is public, its paid period's text is not.
  await createTextCourse(db(), a.eid, { title: '高级稽核', priceFen: 9900, intro: '<p>医保基金稽核方法。</p>' }, [
    { title: '稽核要点', content: '<p>付费内容：医保报销稽核的独家口诀。</p>' },
    { title: '试看课时', content: '<p>试看内容：稽核从病历开始。</p>', freeTrial: true },
  ]);
  await createArticle(db(), a.eid, {
    title: '门诊慢特病新政',
    content: '<p>门诊慢特病的医保报销比例提高到百分之七十。</p>',
  });
  // Enterprise B has a course with the same words: A's learners never see it.
  courseOfB = await createTextCourse(
    db(),
    b.eid,
    { title: '乙企业医保报销指南', summary: '乙企业专属的医保报销流程。' },
    [{ title: '乙企业报销流程', content: '<p>乙企业的医保报销流程分三步。</p>' }],
  );
});
afterAll(async () => t?.close());

describe('an answer without a language model', () => {
  it('quotes the enterprise’s own passages with their sources and says plainly that no model is configured', async () => {
    const { events, refused, text } = await ask(t, learner, { content: '异地就医怎么报销？' });
    expect(refused).toBeNull();
    expect(events.map((e) => e.type)).toEqual(['start', 'sources', ...events.slice(2, -1).map(() => 'delta'), 'done']);
    expect(eventOf(events, 'start')).toMatchObject({ mode: 'extractive', model: '', title: '异地就医怎么报销？' });
    expect(text).toMatch(/^本平台尚未配置大语言模型/);
    expect(text).toContain('异地就医前，应先办理异地就医备案手续。');
    const sources = eventOf(events, 'sources')!.items;
    const period = reimbursement.periods[0]!;
    expect(sources[0]).toMatchObject({
      index: 1,
      kind: 'period',
      courseId: reimbursement.course.id,
      periodId: period.id,
      title: '医保报销实务 · 异地就医备案',
      link: `/watch/course?id=${reimbursement.course.id}&periodId=${period.id}`,
    });
    expect(text).toContain('[1] 《医保报销实务 · 异地就医备案》');
    expect(eventOf(events, 'done')).toMatchObject({
      status: 'done',
      usage: { promptTokens: 0, completionTokens: 0, estimated: false },
      questionsToday: 1,
      dailyLimit: 50,
    });

    const en = await ask(t, learner, { content: '医保报销' }, { lang: 'en' });
    expect(en.text).toMatch(/^No language model is configured on this site/);
    // Links name the pages without a language prefix: the web app adds /en.
    const links = eventOf(en.events, 'sources')!.items.map((s) => s.link);
    expect(links).toContain(`/knowledge/course/info?id=${reimbursement.course.id}`);
    expect(links.some((l) => l.startsWith('/news/detail?id='))).toBe(true);
  });

  it('never cites another enterprise’s content, and theirs only theirs', async () => {
    const mine = await ask(t, learner, { content: '乙企业专属的医保报销流程' });
    const ownCourses = new Set(
      (await db().select().from(schema.courses).where(eq(schema.courses.eid, a.eid))).map((c) => c.id),
    );
    const sources = eventOf(mine.events, 'sources')!.items;
    expect(sources.length).toBeGreaterThan(0);
    for (const s of sources) if (s.courseId !== null) expect(ownCourses.has(s.courseId), s.title).toBe(true);
    expect(mine.text).not.toContain('乙企业');
    const theirs = await ask(t, learnerOfB, { content: '医保报销流程' });
    const theirSources = eventOf(theirs.events, 'sources')!.items;
    expect(theirSources.map((s) => s.courseId)).toEqual(theirSources.map(() => courseOfB.course.id));
    expect(theirs.text).not.toContain('异地就医');
  });

  it('never quotes a priced course’s paid periods (their titles only), but its introduction and free trial', async () => {
    const paid = await ask(t, learner, { content: '稽核的独家口诀' });
    expect(paid.text).not.toContain('付费内容');
    const all = await db().select().from(schema.searchPassages).where(eq(schema.searchPassages.eid, a.eid));
    expect(all.some((p) => p.body.includes('付费内容'))).toBe(false);
    expect(all.some((p) => p.body.includes('试看内容'))).toBe(true);
    expect(all.some((p) => p.body.includes('医保基金稽核方法'))).toBe(true);
  });

  it('says plainly when nothing of the enterprise’s content matches', async () => {
    const { events, text } = await ask(t, learner, { content: '火星探测器的轨道参数' });
    expect(eventOf(events, 'sources')!.items).toEqual([]);
    expect(text).toBe(
      '本平台尚未配置大语言模型，也没有在本平台的课程和资讯中找到与您的问题相关的内容。请换个说法再问，或浏览课程中心。',
    );
  });

  it('follows the content: a new article is found, an unpublished course is not, a deleted period goes', async () => {
    const article = await createArticle(db(), a.eid, {
      title: '电子凭证上线',
      content: '<p>医保电子凭证可在手机上扫码使用。</p>',
    });
    await db().update(schema.courses).set({ published: false }).where(eq(schema.courses.id, courseOfB.course.id));
    await db()
      .update(schema.coursePeriods)
      .set({ content: '<p>备案已改为线上办理。</p>' })
      .where(and(eq(schema.coursePeriods.eid, a.eid), eq(schema.coursePeriods.id, reimbursement.periods[0]!.id)));
    await searchIndexOf(t.platform).settled();
    const found = await ask(t, learner, { content: '电子凭证扫码' });
    expect(eventOf(found.events, 'sources')!.items[0]).toMatchObject({ kind: 'news', newsId: article.id });
    const changed = await ask(t, learner, { content: '备案线上办理' });
    expect(changed.text).toContain('备案已改为线上办理。');
    expect(changed.text).not.toContain('应先办理异地就医备案手续');
    const gone = await ask(t, learnerOfB, { content: '医保报销流程' });
    expect(eventOf(gone.events, 'sources')!.items).toEqual([]);
    // A deleted period's passages go with it, at once (the foreign key).
    await db().delete(schema.coursePeriods).where(eq(schema.coursePeriods.id, reimbursement.periods[1]!.id));
    const left = await db()
      .select()
      .from(schema.searchPassages)
      .where(eq(schema.searchPassages.periodId, reimbursement.periods[1]!.id));
    expect(left).toEqual([]);
  });

  it('offers no models where none is configured, refuses a model asked for, and is refused where it is off', async () => {
    expect((await t.call(findAvailableAiModels, {}, { as: learner })).data).toEqual([]);
    expect((await ask(t, learner, { content: '医保报销', modelId: 1 })).refused).toMatchObject({ code: 9803 });
    const c = await createEnterprise(db());
    const closed = await t.learner(c);
    await db().insert(schema.assistantSettings).values({ eid: c.eid, enabled: false });
    expect((await ask(t, closed, { content: '医保报销' })).refused).toMatchObject({
      code: 9808,
      message: '本平台未开启智能助手',
    });
    expect((await ask(t, closed, { content: '   ' })).refused).toMatchObject({ code: 400 });
  });
});

describe('the learner’s conversations', () => {
  it('continues a conversation, lists them latest first, shows one with its questions and answers', async () => {
    const first = await ask(t, other, { content: '医保报销需要什么材料？' });
    const id = eventOf(first.events, 'start')!.conversationId;
    const second = await ask(t, other, { conversationId: id, content: '异地就医备案' });
    expect(eventOf(second.events, 'start')!.conversationId).toBe(id);
    await ask(t, other, { content: '门诊慢特病' });
    const page = await t.call(findAssistantConversations, {}, { as: other });
    expect(page.data.totalCount).toBe(2);
    expect(page.data.list.map((c) => c.title)).toEqual(['门诊慢特病', '医保报销需要什么材料？']);
    expect(page.data.list[1]!.messageCount).toBe(4);
    const detail = await t.call(viewAssistantConversation, { id }, { as: other });
    expect(detail.data.messages.map((m) => [m.role, m.status, m.mode])).toEqual([
      ['user', 'done', null],
      ['assistant', 'done', 'extractive'],
      ['user', 'done', null],
      ['assistant', 'done', 'extractive'],
    ]);
    expect(detail.data.messages[3]!.content).toBe(second.text);
    expect(detail.data.messages[3]!.sources).toEqual(eventOf(second.events, 'sources')!.items);
  });

  it('is each learner’s own: another’s conversation is 9802 to read, continue or delete', async () => {
    const mine = await ask(t, other, { content: '医保报销' });
    const id = eventOf(mine.events, 'start')!.conversationId;
    expect((await t.call(viewAssistantConversation, { id }, { as: learner })).code).toBe(9802);
    expect((await t.call(deleteAssistantConversation, { id }, { as: learner })).code).toBe(9802);
    expect((await ask(t, learner, { conversationId: id, content: '继续' })).refused).toMatchObject({ code: 9802 });
    expect((await t.call(viewAssistantConversation, { id }, { as: learnerOfB })).code).toBe(9802);
    expect((await t.call(viewAssistantConversation, { id }, { as: other })).code).toBe(200);
  });

  it('deletes one, clears all; the day’s question count stays', async () => {
    const who = await t.learner(a);
    const one = await ask(t, who, { content: '医保报销' });
    await ask(t, who, { content: '异地就医' });
    await ask(t, who, { content: '门诊' });
    const id = eventOf(one.events, 'start')!.conversationId;
    expect((await t.call(deleteAssistantConversation, { id }, { as: who })).code).toBe(200);
    expect((await t.call(viewAssistantConversation, { id }, { as: who })).code).toBe(9802);
    expect((await t.call(deleteAssistantConversation, { id }, { as: who })).code).toBe(9802);
    const cleared = await t.call(clearAssistantConversations, {}, { as: who });
    expect(cleared.data).toEqual({ deleted: 2 });
    expect((await t.call(findAssistantConversations, {}, { as: who })).data.totalCount).toBe(0);
    const next = await ask(t, who, { content: '医保' });
    expect(eventOf(next.events, 'done')!.questionsToday).toBe(4);
  });

  it('holds at most 200 messages a conversation: then 9809 asks for a new one', async () => {
    const first = await ask(t, learner, { content: '医保报销' });
    const id = eventOf(first.events, 'start')!.conversationId;
    await db().update(schema.aiConversations).set({ messageCount: 199 }).where(eq(schema.aiConversations.id, id));
    expect((await ask(t, learner, { conversationId: id, content: '还有吗' })).refused).toMatchObject({
      code: 9809,
      message: '本对话已有200条消息，请新建对话后继续提问',
    });
  });
});

describe('the daily limit', () => {
  it('counts concurrent questions exactly once each: the limit’s number are answered, the rest refused with 9801', async () => {
    const site = await createEnterprise(db());
    await db().insert(schema.assistantSettings).values({ eid: site.eid, dailyLimit: 5 });
    const who = await t.learner(site);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => ask(t, who, { content: `问题${i}` })));
    const answered = answers.filter((x) => x.refused === null);
    expect(answered).toHaveLength(5);
    for (const x of answers.filter((y) => y.refused !== null)) {
      expect(x.refused).toMatchObject({ code: 9801, message: '今日提问次数已用完（每天5次），请明天再来' });
    }
    expect(answered.map((x) => eventOf(x.events, 'done')!.questionsToday).sort()).toEqual([1, 2, 3, 4, 5]);
    const [usage] = await db()
      .select()
      .from(schema.aiUsage)
      .where(and(eq(schema.aiUsage.eid, site.eid), eq(schema.aiUsage.accountId, who.accountId)));
    expect(usage!.questions).toBe(5);
    expect(usage!.day).toBe(
      (
        await db().execute<{ d: string }>(
          sql`SELECT to_char((now() AT TIME ZONE 'Asia/Shanghai')::date, 'YYYY-MM-DD') AS d`,
        )
      ).rows[0]!.d,
    );
    // A refused question stored nothing: five conversations, each with its question and answer.
    const stored = await db().select().from(schema.aiConversations).where(eq(schema.aiConversations.eid, site.eid));
    expect(stored.map((c) => c.messageCount)).toEqual([2, 2, 2, 2, 2]);
    const en = await ask(t, who, { content: 'again' }, { lang: 'en' });
    expect(en.refused).toMatchObject({
      code: 9801,
      message: 'You have asked your 5 questions for today; ask again tomorrow',
    });
  });
});

describe('the index at start', () => {
  it('is built in the background, once the server listens, for every enterprise that has none', async () => {
    const site = await createEnterprise(db());
    const { course } = await createTextCourse(db(), site.eid, { title: '新员工入职', summary: '入职第一天的安排。' });
    const built = () => db().select().from(schema.assistantSettings).where(eq(schema.assistantSettings.eid, site.eid));
    expect(await built()).toEqual([]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (let i = 0; i < 100 && (await built())[0]?.indexedAt == null; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await built())[0]).toMatchObject({ indexVersion: 1, indexedAt: expect.any(Date) });
    const passages = await db().select().from(schema.searchPassages).where(eq(schema.searchPassages.eid, site.eid));
    expect(passages.map((p) => [p.kind, p.courseId, p.body])).toEqual([['course', course.id, '入职第一天的安排。']]);
  });
});
