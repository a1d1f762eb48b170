import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@portal/db';
import { createTestApp, clientHeaders, type TestApp } from '../../test/harness.ts';
import { createEnterprise, createSignedInUser } from '../../test/factories.ts';

const SAVE = '/gateway/user/auth/online/message/save';
const EDIT = '/gateway/user/auth/online/message/edit';
const PAGE = '/gateway/user/auth/online/message/page';
const VIEW = '/gateway/user/auth/online/message/view';

let t: TestApp;
let a: Awaited<ReturnType<typeof createEnterprise>>;
let b: Awaited<ReturnType<typeof createEnterprise>>;
let me: Awaited<ReturnType<typeof createSignedInUser>>;
let colleague: Awaited<ReturnType<typeof createSignedInUser>>;
let stranger: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '', SIGN_IN_PER_IP_PER_MINUTE: '1000' });
  const db = t.database.db;
  a = await createEnterprise(db, { name: '甲企业' });
  b = await createEnterprise(db, { name: '乙企业' });
  me = await createSignedInUser(db, t.platform.sessions, [a.eid]);
  colleague = await createSignedInUser(db, t.platform.sessions, [a.eid]);
  stranger = await createSignedInUser(db, t.platform.sessions, [b.eid]);
});
afterAll(async () => t?.close());

const call = (
  method: 'GET' | 'POST',
  url: string,
  body: object = {},
  options: { token?: string; lang?: string; domain?: string } = {},
) =>
  t.app
    .inject({
      method,
      url,
      headers: {
        ...clientHeaders(options.domain ?? a.domain, options.lang ? { lang: options.lang } : {}),
        token: options.token ?? me.token,
      },
      ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body }),
    })
    .then((r) => r.json());

describe('message board', () => {
  it('needs a session', async () => {
    const r = await t.app
      .inject({ method: 'POST', url: PAGE, headers: clientHeaders(a.domain), payload: {} })
      .then((x) => x.json());
    expect(r.code).toBe(301);
  });

  it('saves a message in Chinese and shows it back, trimmed, with no reply yet', async () => {
    const r = await call('POST', SAVE, { title: '  关于证书打印  ', messageContent: '证书什么时候可以打印？' });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      title: '关于证书打印',
      messageContent: '证书什么时候可以打印？',
      replyContent: null,
      repliedAt: null,
    });
    expect(Number.isNaN(Date.parse(r.data.messageDate))).toBe(false);
    const view = await call('GET', VIEW, { id: String(r.data.id) });
    expect(view.data).toEqual(r.data);
  });

  it('asks for title and content with the spec messages, in the user language', async () => {
    const zh = await call('POST', SAVE, { title: '   ', messageContent: '内容' });
    expect(zh.code).toBe(400);
    expect(zh.message).toContain('请输入留言标题');
    const zh2 = await call('POST', SAVE, { title: '标题' });
    expect(zh2.message).toContain('请输入留言内容');
    const en = await call('POST', SAVE, { title: '', messageContent: '' }, { lang: 'en' });
    expect(en.code).toBe(400);
    expect(en.message).toContain('Please enter the message title');
    expect(en.data.fields.map((f: { message: string }) => f.message)).toContain('Please enter the message content');
  });

  it('counts characters, not bytes: 50 and 200 Chinese characters fit, 51 and 201 do not', async () => {
    const ok = await call('POST', SAVE, { title: '留'.repeat(50), messageContent: '言'.repeat(200) });
    expect(ok.code).toBe(200);
    expect(ok.data.title).toHaveLength(50);
    // Characters outside the BMP are one character each (two UTF-16 units, four UTF-8 bytes).
    const emoji = await call('POST', SAVE, { title: '😀'.repeat(50), messageContent: '𠀀'.repeat(200) });
    expect(emoji.code).toBe(200);
    const longTitle = await call('POST', SAVE, { title: '留'.repeat(51), messageContent: '内容' });
    expect(longTitle.code).toBe(400);
    expect(longTitle.message).toContain('留言标题不能超过50个字');
    const longContent = await call('POST', SAVE, { title: '标题', messageContent: 'a'.repeat(201) }, { lang: 'en' });
    expect(longContent.code).toBe(400);
    expect(longContent.message).toContain('The content can be at most 200 characters');
  });

  it('edits my message; edit limits are the same', async () => {
    const saved = (await call('POST', SAVE, { title: '原标题', messageContent: '原内容' })).data;
    const r = await call('POST', EDIT, { id: saved.id, title: '新标题', messageContent: '新内容' });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ id: saved.id, title: '新标题', messageContent: '新内容' });
    expect((await call('GET', VIEW, { id: String(saved.id) })).data.title).toBe('新标题');
    const tooLong = await call('POST', EDIT, { id: saved.id, title: '标题', messageContent: '字'.repeat(201) });
    expect(tooLong.code).toBe(400);
    expect(tooLong.message).toContain('留言内容不能超过200个字');
    const badId = await call('POST', EDIT, { id: 2147483648, title: '标题', messageContent: '内容' });
    expect(badId.code).toBe(400);
  });

  it('refuses to edit a message the staff replied to (4101), and shows the reply', async () => {
    const saved = (await call('POST', SAVE, { title: '已答复', messageContent: '问题' })).data;
    const repliedAt = new Date('2026-03-02T08:00:00Z');
    await t.database.db
      .update(schema.onlineMessages)
      .set({ replyContent: '您好，已处理。', repliedAt })
      .where(and(eq(schema.onlineMessages.eid, a.eid), eq(schema.onlineMessages.id, saved.id)));
    const view = await call('GET', VIEW, { id: String(saved.id) });
    expect(view.data).toMatchObject({ replyContent: '您好，已处理。', repliedAt: repliedAt.toISOString() });
    const zh = await call('POST', EDIT, { id: saved.id, title: '改', messageContent: '改' });
    expect(zh).toMatchObject({ code: 4101, message: '工作人员已答复该留言，不能再编辑' });
    const en = await call('POST', EDIT, { id: saved.id, title: '改', messageContent: '改' }, { lang: 'en' });
    expect(en.code).toBe(4101);
    expect(en.message).toContain('can no longer be edited');
    expect((await call('GET', VIEW, { id: String(saved.id) })).data.title).toBe('已答复');
  });

  it("never reads or edits another person's or another enterprise's message", async () => {
    const mine = (await call('POST', SAVE, { title: '我的', messageContent: '我的内容' })).data;
    const theirs = (
      await call('POST', SAVE, { title: '同事的', messageContent: '同事内容' }, { token: colleague.token })
    ).data;
    const far = (
      await call(
        'POST',
        SAVE,
        { title: '乙企业的', messageContent: '乙企业内容' },
        { token: stranger.token, domain: b.domain },
      )
    ).data;
    for (const id of [theirs.id, far.id, 2147483647]) {
      expect((await call('GET', VIEW, { id: String(id) })).code).toBe(404);
      expect((await call('POST', EDIT, { id, title: '偷改', messageContent: '偷改' })).code).toBe(404);
    }
    // The colleague cannot read or edit mine either; nothing changed.
    expect((await call('GET', VIEW, { id: String(mine.id) }, { token: colleague.token })).code).toBe(404);
    expect((await call('GET', VIEW, { id: String(theirs.id) }, { token: colleague.token })).data.title).toBe('同事的');
    const list = (await call('POST', PAGE, { pageSize: 50 })).data.list.map((m: { title: string }) => m.title);
    expect(list).toContain('我的');
    expect(list).not.toContain('同事的');
    expect(list).not.toContain('乙企业的');
    // The session's enterprise decides, not the domain the request names.
    const viaB = await call('POST', PAGE, { pageSize: 50 }, { domain: b.domain });
    expect(viaB.data.list.map((m: { title: string }) => m.title)).not.toContain('乙企业的');
  });

  it('pages newest first: defaults 1 and 10, at most 50 a page, keyword on title and content', async () => {
    const person = await createSignedInUser(t.database.db, t.platform.sessions, [a.eid]);
    for (let i = 1; i <= 23; i++) {
      await call(
        'POST',
        SAVE,
        { title: `留言${i}`, messageContent: i % 2 ? '课程问题' : '考试问题' },
        { token: person.token },
      );
    }
    const first = (await call('POST', PAGE, {}, { token: person.token })).data;
    expect(first).toMatchObject({ pageCurrent: 1, pageSize: 10, totalCount: 23, totalPage: 3 });
    expect(first.list[0].title).toBe('留言23');
    const third = (await call('POST', PAGE, { pageCurrent: 3 }, { token: person.token })).data;
    expect(third.list.map((m: { title: string }) => m.title)).toEqual(['留言3', '留言2', '留言1']);
    expect((await call('POST', PAGE, { pageSize: 50 }, { token: person.token })).data.list).toHaveLength(23);
    expect((await call('POST', PAGE, { pageSize: 51 }, { token: person.token })).code).toBe(400);
    expect((await call('POST', PAGE, { pageCurrent: 0 }, { token: person.token })).code).toBe(400);
    const exam = (await call('POST', PAGE, { keyword: '考试', pageSize: 50 }, { token: person.token })).data;
    expect(exam.totalCount).toBe(11);
    const byTitle = (await call('POST', PAGE, { keyword: '留言2' }, { token: person.token })).data;
    expect(byTitle.list.map((m: { title: string }) => m.title).sort()).toEqual([
      '留言2',
      '留言20',
      '留言21',
      '留言22',
      '留言23',
    ]);
    // A keyword's % is a literal character, not a wildcard.
    expect((await call('POST', PAGE, { keyword: '%' }, { token: person.token })).data.totalCount).toBe(0);
  });
});
