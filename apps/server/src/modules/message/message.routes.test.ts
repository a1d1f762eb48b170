import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editMessage, findMessages, saveMessage, viewMessage } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { schema } from '@portal/db';
import { createTestApp, invalidFields, unchecked, visitorOf, type TestApp } from '../../test/harness.ts';
import { createEnterprise, type Learner } from '../../test/factories.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
let me: Learner;
let colleague: Learner;
let stranger: Learner;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '', SIGN_IN_PER_IP_PER_MINUTE: '1000' });
  const db = t.database.db;
  a = await createEnterprise(db, { name: '甲企业' });
  b = await createEnterprise(db, { name: '乙企业' });
  me = await t.learner(a);
  colleague = await t.learner(a);
  stranger = await t.learner(b);
});
afterAll(async () => t?.close());

describe('message board', () => {
  it('needs a session', async () => {
    const r = await t.call(findMessages, {}, { as: visitorOf(a) });
    expect(r.code).toBe(301);
  });

  it('saves a message in Chinese and shows it back, trimmed, with no reply yet', async () => {
    const r = await t.call(
      saveMessage,
      { title: '  关于证书打印  ', messageContent: '证书什么时候可以打印？' },
      { as: me },
    );
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      title: '关于证书打印',
      messageContent: '证书什么时候可以打印？',
      replyContent: null,
      repliedAt: null,
    });
    expect(Number.isNaN(Date.parse(r.data.messageDate))).toBe(false);
    const view = await t.call(viewMessage, { id: String(r.data.id) }, { as: me });
    expect(view.data).toEqual(r.data);
  });

  it('asks for title and content with the spec messages, in the user language', async () => {
    const zh = await t.call(saveMessage, { title: '   ', messageContent: '内容' }, { as: me });
    expect(zh.code).toBe(400);
    expect(zh.message).toContain('请输入留言标题');
    const zh2 = await t.call(saveMessage, unchecked({ title: '标题' }), { as: me });
    expect(zh2.message).toContain('请输入留言内容');
    const en = await t.call(saveMessage, { title: '', messageContent: '' }, { as: me, lang: 'en' });
    expect(en.code).toBe(400);
    expect(en.message).toContain('Please enter the message title');
    expect(invalidFields(en).map((f) => f.message)).toContain('Please enter the message content');
  });

  it('counts characters, not bytes: 50 and 200 Chinese characters fit, 51 and 201 do not', async () => {
    const ok = await t.call(saveMessage, { title: '留'.repeat(50), messageContent: '言'.repeat(200) }, { as: me });
    expect(ok.code).toBe(200);
    expect(ok.data.title).toHaveLength(50);
    // Characters outside the BMP are one character each (two UTF-16 units, four UTF-8 bytes).
    const emoji = await t.call(saveMessage, { title: '😀'.repeat(50), messageContent: '𠀀'.repeat(200) }, { as: me });
    expect(emoji.code).toBe(200);
    const longTitle = await t.call(saveMessage, { title: '留'.repeat(51), messageContent: '内容' }, { as: me });
    expect(longTitle.code).toBe(400);
    expect(longTitle.message).toContain('留言标题不能超过50个字');
    const longContent = await t.call(
      saveMessage,
      { title: '标题', messageContent: 'a'.repeat(201) },
      { as: me, lang: 'en' },
    );
    expect(longContent.code).toBe(400);
    expect(longContent.message).toContain('The content can be at most 200 characters');
  });

  it('edits my message; edit limits are the same', async () => {
    const saved = (await t.call(saveMessage, { title: '原标题', messageContent: '原内容' }, { as: me })).data;
    const r = await t.call(editMessage, { id: saved.id, title: '新标题', messageContent: '新内容' }, { as: me });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ id: saved.id, title: '新标题', messageContent: '新内容' });
    expect((await t.call(viewMessage, { id: String(saved.id) }, { as: me })).data.title).toBe('新标题');
    const tooLong = await t.call(
      editMessage,
      { id: saved.id, title: '标题', messageContent: '字'.repeat(201) },
      { as: me },
    );
    expect(tooLong.code).toBe(400);
    expect(tooLong.message).toContain('留言内容不能超过200个字');
    const badId = await t.call(editMessage, { id: 2147483648, title: '标题', messageContent: '内容' }, { as: me });
    expect(badId.code).toBe(400);
  });

  it('refuses to edit a message the staff replied to (4101), and shows the reply', async () => {
    const saved = (await t.call(saveMessage, { title: '已答复', messageContent: '问题' }, { as: me })).data;
    const repliedAt = new Date('2026-03-02T08:00:00Z');
    await t.database.db
      .update(schema.onlineMessages)
      .set({ replyContent: '您好，已处理。', repliedAt })
      .where(and(eq(schema.onlineMessages.eid, a.eid), eq(schema.onlineMessages.id, saved.id)));
    const view = await t.call(viewMessage, { id: String(saved.id) }, { as: me });
    expect(view.data).toMatchObject({ replyContent: '您好，已处理。', repliedAt: repliedAt.toISOString() });
    const zh = await t.call(editMessage, { id: saved.id, title: '改', messageContent: '改' }, { as: me });
    expect(zh).toMatchObject({ code: 4101, message: '工作人员已答复该留言，不能再编辑' });
    const en = await t.call(editMessage, { id: saved.id, title: '改', messageContent: '改' }, { as: me, lang: 'en' });
    expect(en.code).toBe(4101);
    expect(en.message).toContain('can no longer be edited');
    expect((await t.call(viewMessage, { id: String(saved.id) }, { as: me })).data.title).toBe('已答复');
  });

  it("never reads or edits another person's or another enterprise's message", async () => {
    const mine = (await t.call(saveMessage, { title: '我的', messageContent: '我的内容' }, { as: me })).data;
    const theirs = (await t.call(saveMessage, { title: '同事的', messageContent: '同事内容' }, { as: colleague })).data;
    const far = (await t.call(saveMessage, { title: '乙企业的', messageContent: '乙企业内容' }, { as: stranger })).data;
    for (const id of [theirs.id, far.id, 2147483647]) {
      expect((await t.call(viewMessage, { id: String(id) }, { as: me })).code).toBe(404);
      expect((await t.call(editMessage, { id, title: '偷改', messageContent: '偷改' }, { as: me })).code).toBe(404);
    }
    // The colleague cannot read or edit mine either; nothing changed.
    expect((await t.call(viewMessage, { id: String(mine.id) }, { as: colleague })).code).toBe(404);
    expect((await t.call(viewMessage, { id: String(theirs.id) }, { as: colleague })).data.title).toBe('同事的');
    const list = (await t.call(findMessages, { pageSize: 50 }, { as: me })).data.list.map((m) => m.title);
    expect(list).toContain('我的');
    expect(list).not.toContain('同事的');
    expect(list).not.toContain('乙企业的');
    // The session's enterprise decides, not the domain the request names.
    const viaB = await t.call(findMessages, { pageSize: 50 }, { as: { ...me, domain: b.domain } });
    expect(viaB.data.list.map((m) => m.title)).not.toContain('乙企业的');
  });

  it('pages newest first: defaults 1 and 10, at most 50 a page, keyword on title and content', async () => {
    const person = await t.learner(a);
    for (let i = 1; i <= 23; i++) {
      await t.call(saveMessage, { title: `留言${i}`, messageContent: i % 2 ? '课程问题' : '考试问题' }, { as: person });
    }
    const first = (await t.call(findMessages, {}, { as: person })).data;
    expect(first).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: 23, totalPage: 3 });
    expect(first.list[0]!.title).toBe('留言23');
    const third = (await t.call(findMessages, { pageCurrent: 3 }, { as: person })).data;
    expect(third.list.map((m) => m.title)).toEqual(['留言3', '留言2', '留言1']);
    expect((await t.call(findMessages, { pageSize: 50 }, { as: person })).data.list).toHaveLength(23);
    expect((await t.call(findMessages, { pageSize: 51 }, { as: person })).code).toBe(400);
    expect((await t.call(findMessages, { pageCurrent: 0 }, { as: person })).code).toBe(400);
    const exam = (await t.call(findMessages, { keyword: '考试', pageSize: 50 }, { as: person })).data;
    expect(exam.totalCount).toBe(11);
    const byTitle = (await t.call(findMessages, { keyword: '留言2' }, { as: person })).data;
    expect(byTitle.list.map((m) => m.title).sort()).toEqual(['留言2', '留言20', '留言21', '留言22', '留言23']);
    // A keyword's % is a literal character, not a wildcard.
    expect((await t.call(findMessages, { keyword: '%' }, { as: person })).data.totalCount).toBe(0);
  });
});
