import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  editMessage,
  findAdminMessages,
  findAuditLog,
  findMessages,
  replyMessage,
  saveMessage,
} from '@portal/contract';
import { createEnterprise, type Learner } from '../../test/factories.ts';
import { createTestApp, invalidFields, type TestApp } from '../../test/harness.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let admin: Learner;
let learner: Learner;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(t.database.db, { name: '甲企业' });
  b = await createEnterprise(t.database.db, { name: '乙企业' });
  admin = await t.learner(a, { member: { isAdmin: true } });
  learner = await t.learner(a, { member: { realName: '王五' } });
});
afterAll(async () => t?.close());

const as = () => ({ as: admin });

describe('the message board in the back office', () => {
  it('lists learners’ messages newest first, replied or not; a reply reaches the learner’s list; audited', async () => {
    const first = (
      await t.call(saveMessage, { title: '证书问题', messageContent: '证书在哪里下载？' }, { as: learner })
    ).data;
    const second = (await t.call(saveMessage, { title: '课程问题', messageContent: '视频打不开' }, { as: learner }))
      .data;
    const page = (await t.call(findAdminMessages, {}, as())).data;
    expect(page.list.map((m) => m.id)).toEqual([second.id, first.id]);
    expect(page.list[0]).toMatchObject({ learnerName: '王五', accountId: learner.accountId, replyContent: null });

    const replied = await t.call(replyMessage, { id: first.id, replyContent: '在个人中心的证书页下载。' }, as());
    expect(replied.code).toBe(200);
    expect(replied.data).toMatchObject({ id: first.id, replyContent: '在个人中心的证书页下载。' });
    expect(replied.data.repliedAt).not.toBeNull();

    // The learner's own list (/account?change=10) shows the reply, and the message can no longer be edited.
    const mine = (await t.call(findMessages, {}, { as: learner })).data.list.find((m) => m.id === first.id);
    expect(mine).toMatchObject({ replyContent: '在个人中心的证书页下载。' });
    expect((await t.call(editMessage, { id: first.id, title: '改', messageContent: '改' }, { as: learner })).code).toBe(
      ErrorCode.MESSAGE_REPLIED,
    );

    expect((await t.call(findAdminMessages, { replied: 'no' }, as())).data.list.map((m) => m.id)).toEqual([second.id]);
    expect((await t.call(findAdminMessages, { replied: 'yes' }, as())).data.list.map((m) => m.id)).toEqual([first.id]);
    expect((await t.call(findAdminMessages, { keyword: '视频' }, as())).data.list.map((m) => m.id)).toEqual([
      second.id,
    ]);

    const log = (await t.call(findAuditLog, { entityType: 'online_message', entityId: String(first.id) }, as())).data
      .list;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'replyMessage',
      before: { replyContent: null },
      after: { replyContent: '在个人中心的证书页下载。' },
    });
  });

  it('refuses an empty or too long reply in the user’s language, and another enterprise’s message (404)', async () => {
    const msg = (await t.call(saveMessage, { title: '问题', messageContent: '内容' }, { as: learner })).data;
    const empty = await t.call(replyMessage, { id: msg.id, replyContent: '  ' }, { as: admin, lang: 'en' });
    expect(invalidFields(empty)).toEqual([{ field: 'replyContent', message: 'Please enter the reply' }]);
    const long = await t.call(replyMessage, { id: msg.id, replyContent: '长'.repeat(501) }, as());
    expect(invalidFields(long)).toEqual([{ field: 'replyContent', message: '回复内容不能超过500个字' }]);

    const theirs = (await t.call(saveMessage, { title: '乙', messageContent: '乙的留言' }, { as: await t.learner(b) }))
      .data;
    expect((await t.call(replyMessage, { id: theirs.id, replyContent: '答复' }, as())).code).toBe(404);
    expect((await t.call(findAdminMessages, { keyword: '乙的留言' }, as())).data.totalCount).toBe(0);
  });
});
