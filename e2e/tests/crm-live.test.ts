import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { viewLiveSettings, watchLive } from '@portal/contract/calls/live';
import { connectDatabase, schema, type Db } from '@portal/db';
import { expectAccessible } from '../a11y.ts';
import { createLearner } from '../accounts.ts';
import { chooseOption, openedList } from '../antd.ts';
import { browserAvailable, url } from '../browser.ts';
import { browserSession } from '../session.ts';
import { signInAs, signInByCall } from '../sign-in-as.ts';
import { portal } from '../portal.ts';
import { chinaDay, chinaMinute } from '../china-time.ts';

// The back office's live rooms (/crm/live, issue 24 item 4): the demo administrator sees the demo
// rooms (seed-live.ts: one looping live, one upcoming, one ended with its recording) with their
// states, filters them, schedules a live lesson on the portal's channel in China time (the form's
// own checks and the gateway's refusal of an MP4 as the channel shown on their fields), reads a
// room's attendance after a learner joined it and exports it, writes the live settings with keys
// that are never shown again, and sees OBS's server and stream key of a room on the own media
// server; then the English pages' texts.
const EID = 1001;
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };
const DEMO = { course: '直播公开课', chapter: '直播课堂', looped: '安全生产月度直播', upcoming: '新员工入职培训直播' };
const ENDED = '上期回放：消防安全讲座';
const COLUMNS = {
  zh: ['直播标题', '课程', '讲师', '直播时间', '状态', '直播方式', '观看/完成', '操作'],
  en: ['Title', 'Course', 'Lecturer', 'Schedule', 'State', 'Streaming method', 'Watched/completed', 'Actions'],
};
const ATTENDANCE_COLUMNS = [
  '姓名',
  '手机号',
  '部门',
  '直播观看',
  '回放观看',
  '进入次数',
  '首次进入',
  '最后离开',
  '完成时间',
];

/** Types a date and time into the picker labelled `label` and confirms it with Enter. */
async function pickTime(p: Page, scope: Locator, label: string, value: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.press('Control+A');
  await input.pressSequentially(value);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(value);
  await p.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
}

/** Searches the select labelled `label` for `typed` and chooses the option titled `option`. */
async function searchAndChoose(p: Page, scope: Locator, label: string, typed: string, option: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.pressSequentially(typed);
  await openedList(p).locator(`.ant-select-item-option[title="${option}"]`).first().click();
  const item = scope.locator('.ant-form-item').filter({ has: p.getByLabel(label, { exact: true }) });
  await expect.poll(() => item.locator('.ant-select').first().innerText()).toBe(option);
}

/** The message under the form field labelled `label`, '' when none. */
const fieldError = (scope: Locator, p: Page, label: string) =>
  scope
    .locator('.ant-form-item')
    .filter({ has: p.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error')
    .allTextContents()
    .then((all) => all.join(' '));

describe.runIf(browserAvailable())('the live rooms in the back office (/crm/live)', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;
  beforeAll(() => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
  });
  afterAll(async () => database?.close());

  /** The demo course's rooms by title (what the list shows is checked against these). */
  async function demoRooms() {
    const rows = await db
      .select({
        id: schema.liveRooms.id,
        title: schema.coursePeriods.title,
        startsAt: schema.liveRooms.startsAt,
        endsAt: schema.liveRooms.endsAt,
        courseId: schema.liveRooms.courseId,
        lecturerId: schema.liveRooms.lecturerId,
      })
      .from(schema.liveRooms)
      .innerJoin(schema.coursePeriods, eq(schema.coursePeriods.id, schema.liveRooms.periodId))
      .innerJoin(schema.courses, eq(schema.courses.id, schema.liveRooms.courseId))
      .where(and(eq(schema.liveRooms.eid, EID), eq(schema.courses.title, DEMO.course)))
      .orderBy(asc(schema.liveRooms.id));
    return new Map(rows.map((r) => [r.title, r]));
  }

  it('lists and filters the rooms, schedules one on the channel, reads its attendance, keeps keys secret', async () => {
    const rooms = await demoRooms();
    const looped = rooms.get(DEMO.looped)!;
    const upcoming = rooms.get(DEMO.upcoming)!;
    expect(looped && upcoming && rooms.get(ENDED)).toBeTruthy();
    const [lecturer] = await db
      .select({ name: schema.lecturers.name })
      .from(schema.lecturers)
      .where(and(eq(schema.lecturers.eid, EID), eq(schema.lecturers.id, looped.lecturerId!)));
    // A learner in the looping room now: their attendance is what the room's page lists.
    const learner = await createLearner(EID);
    const asLearner = await signInByCall(learner);
    await asLearner(watchLive, { id: looped.id });
    const [learnerAccount] = await db
      .select({ id: schema.accounts.id })
      .from(schema.accounts)
      .where(eq(schema.accounts.phone, learner.phone));
    const [learnerUser] = await db
      .select({ realName: schema.enterpriseUsers.realName })
      .from(schema.enterpriseUsers)
      .where(and(eq(schema.enterpriseUsers.eid, EID), eq(schema.enterpriseUsers.accountId, learnerAccount!.id)));

    await signInAs(session.b, ADMIN, { path: '/crm/live' });
    const p = page();
    await p.getByRole('heading', { level: 4, name: '直播管理' }).waitFor();
    const menu = p.getByRole('navigation', { name: '管理后台' });
    expect(await menu.getByRole('link', { name: '直播管理' }).getAttribute('href')).toBe('/crm/live');
    expect(await p.getByRole('columnheader').allTextContents()).toEqual(COLUMNS.zh);
    const rows = p.locator('tbody tr.ant-table-row');
    const row = (title: string) => rows.filter({ has: p.getByText(title, { exact: true }) });
    await row(DEMO.looped).waitFor();
    const loopedText = await row(DEMO.looped).textContent();
    for (const part of [DEMO.course, '直播中', '循环播放', '平台频道', lecturer!.name])
      expect(loopedText).toContain(part);
    const upcomingText = await row(DEMO.upcoming).textContent();
    const upcomingSchedule = `${chinaMinute(upcoming.startsAt)}–${chinaMinute(upcoming.endsAt).slice(11)}`;
    for (const part of ['预告', upcomingSchedule, '0/0']) expect(upcomingText).toContain(part);
    expect(await row(ENDED).textContent()).toContain('回放');
    await expectAccessible(p, 'back-office live rooms');

    // By state (the server's, kept in the address), then by a word of the title.
    await p.waitForLoadState('networkidle');
    await chooseOption(p, p.locator('form').first(), '状态', '回放');
    await p.waitForURL((u) => u.searchParams.get('state') === '4');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    await expect.poll(() => row(DEMO.upcoming).count()).toBe(0);
    for (const text of await rows.allTextContents()) expect(text).toContain('回放');
    await row(ENDED).waitFor();
    await chooseOption(p, p.locator('form').first(), '状态', '全部状态');
    await p.waitForURL((u) => !u.searchParams.has('state'));
    await p.getByLabel('直播标题或课程名称', { exact: true }).fill('入职培训');
    await p.getByLabel('直播标题或课程名称', { exact: true }).press('Enter');
    await p.waitForURL((u) => u.searchParams.get('keyword') === '入职培训');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(DEMO.upcoming);
    await p.goto(url('/crm/live'));
    await row(DEMO.looped).waitFor();
    await p.waitForLoadState('networkidle');

    // A new live lesson on the portal's channel, ten days on, 20:00 to 21:30 China time.
    const day = chinaDay(new Date(Date.now() + 10 * 86_400_000));
    const nextDay = chinaDay(new Date(Date.now() + 11 * 86_400_000));
    const title = `E2E 直播 ${Date.now() % 1_000_000}`;
    await p.getByRole('button', { name: '新建直播' }).click();
    const drawer = p.getByRole('dialog').filter({ hasText: '新建直播' });
    await drawer.getByLabel('直播标题', { exact: true }).waitFor();
    await searchAndChoose(p, drawer, '课程', DEMO.course, DEMO.course);
    // The course's lecturer would present it; the demo course names none (its rooms name theirs),
    // so the room's lecturer is chosen.
    const lecturerItem = drawer.locator('.ant-form-item').filter({ has: p.getByLabel('讲师', { exact: true }) });
    expect(await lecturerItem.locator('.ant-select-selection-item').count()).toBe(0);
    await searchAndChoose(p, drawer, '讲师', lecturer!.name.slice(0, 1), lecturer!.name);
    await expect.poll(() => lecturerItem.locator('.ant-select').innerText()).toBe(lecturer!.name);
    await chooseOption(p, drawer, '章节', DEMO.chapter);
    await drawer.getByLabel('直播标题', { exact: true }).fill(title);
    await pickTime(p, drawer, '开始时间', `${day} 20:00`);
    // The schedule's rules, as the gateway has them (9704): the end after the start, at most 24 hours.
    await pickTime(p, drawer, '结束时间', `${day} 19:00`);
    await expect.poll(() => fieldError(drawer, p, '结束时间')).toBe('结束时间须晚于开始时间');
    await pickTime(p, drawer, '结束时间', `${nextDay} 20:01`);
    await expect.poll(() => fieldError(drawer, p, '结束时间')).toBe('直播时长不能超过 24 小时');
    await pickTime(p, drawer, '结束时间', `${day} 21:30`);
    await expect.poll(() => fieldError(drawer, p, '结束时间')).toBe('');
    // A cloud provider not configured yet says so before saving.
    await drawer.getByRole('radio', { name: '阿里云直播' }).check();
    await drawer.getByText('尚未在直播设置中配置该直播方式。').waitFor();
    await drawer.getByRole('radio', { name: '平台频道' }).check();
    await drawer.getByText('尚未在直播设置中配置该直播方式。').waitFor({ state: 'hidden' });
    // The channel needs its video: the form says so; an MP4 is refused by the gateway (9706), on its field.
    await drawer.getByRole('button', { name: /^保\s?存$/ }).click();
    await expect.poll(() => fieldError(drawer, p, '频道视频')).toBe('请选择频道视频');
    await searchAndChoose(p, drawer, '频道视频', '课程导学', '课程导学（1 分钟）');
    await drawer.getByLabel('出勤比例（%）', { exact: true }).fill('60');
    await drawer.getByRole('button', { name: /^保\s?存$/ }).click();
    await expect.poll(() => fieldError(drawer, p, '频道视频')).toContain('所选素材不可用');
    await searchAndChoose(p, drawer, '频道视频', '专题讲座', '专题讲座（1 分钟）');
    await expectAccessible(p, 'back-office live room drawer');
    await drawer.getByRole('button', { name: /^保\s?存$/ }).click();
    await p.locator('.ant-message').getByText('已保存', { exact: true }).waitFor();
    await drawer.waitFor({ state: 'hidden' });

    // Stored as scheduled (China time), a required period of type 4 in the chapter, shown in the list.
    const [made] = await db
      .select({
        id: schema.liveRooms.id,
        startsAt: schema.liveRooms.startsAt,
        endsAt: schema.liveRooms.endsAt,
        provider: schema.liveRooms.provider,
        percent: schema.liveRooms.attendancePercent,
        periodType: schema.coursePeriods.periodType,
        required: schema.coursePeriods.required,
      })
      .from(schema.liveRooms)
      .innerJoin(schema.coursePeriods, eq(schema.coursePeriods.id, schema.liveRooms.periodId))
      .where(and(eq(schema.liveRooms.eid, EID), eq(schema.coursePeriods.title, title)));
    expect(made).toMatchObject({ provider: 1, percent: 60, periodType: 4, required: true });
    expect(made!.startsAt.getTime()).toBe(Date.parse(`${day}T20:00:00+08:00`));
    expect(made!.endsAt.getTime()).toBe(Date.parse(`${day}T21:30:00+08:00`));
    const mine = row(title);
    await mine.waitFor();
    const mineText = await mine.textContent();
    for (const part of ['预告', `${day} 20:00–21:30`, DEMO.course, '平台频道']) expect(mineText).toContain(part);

    // Its form again, as saved: the course and chapter fixed.
    await mine.getByRole('button', { name: `编辑 ${title}` }).click();
    const editor = p.getByRole('dialog').filter({ hasText: '编辑直播' });
    await expect.poll(() => editor.getByLabel('开始时间', { exact: true }).inputValue()).toBe(`${day} 20:00`);
    expect(await editor.getByLabel('结束时间', { exact: true }).inputValue()).toBe(`${day} 21:30`);
    expect(await editor.getByLabel('课程', { exact: true }).isDisabled()).toBe(true);
    await editor.getByRole('button', { name: /^取\s?消$/ }).click();
    await editor.waitFor({ state: 'hidden' });

    // The looping room's attendance: the learner who joined, and its export.
    await row(DEMO.looped)
      .getByRole('link', { name: `出勤 ${DEMO.looped}` })
      .click();
    await p.waitForURL((u) => u.pathname === `/crm/live/${looped.id}`);
    await p.getByRole('heading', { level: 4, name: `“${DEMO.looped}”的出勤` }).waitFor();
    expect(await p.getByRole('columnheader').allTextContents()).toEqual(ATTENDANCE_COLUMNS);
    const attendee = p
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: learner.phone.replace(/^(\d{3})\d{4}/, '$1****') });
    await attendee.waitFor();
    const attendeeText = await attendee.textContent();
    expect(attendeeText).toContain(learnerUser!.realName);
    expect(attendeeText).not.toContain(learner.phone);
    expect(await attendee.locator('td').nth(5).textContent()).toBe('1');
    expect(await attendee.locator('td').nth(8).textContent()).toBe('未完成');
    expect(await p.locator('.ant-descriptions').first().textContent()).toContain('观看满直播时长的 10%');
    await expectAccessible(p, 'back-office live attendance');
    await p.waitForLoadState('networkidle');
    await p.getByRole('button', { name: /^导\s?出$/ }).click();
    const ready = p.getByRole('dialog').filter({ hasText: '导出完成' });
    await ready.getByRole('link', { name: /^下载文件：直播出勤-\d+\.xlsx$/ }).waitFor();
    await ready.getByRole('button').last().click();
    await ready.waitFor({ state: 'hidden' });

    // The settings: addresses checked as they are typed; keys write-only.
    await p.goto(url('/crm/live'));
    await p.waitForLoadState('networkidle');
    await p.getByRole('tab', { name: '直播设置' }).click();
    await p.waitForURL((u) => u.pathname === '/crm/live/settings');
    const ingest = p.getByRole('region', { name: '自建推流服务器（RTMP）' });
    const aliyun = p.getByRole('region', { name: '阿里云直播' });
    await ingest.getByLabel('推流地址', { exact: true }).fill('http://live.e2e.example.com/live');
    await expect.poll(() => fieldError(ingest, p, '推流地址')).toContain('rtmp://主机/应用名');
    await ingest.getByLabel('推流地址', { exact: true }).fill('rtmp://live.e2e.example.com/live');
    await ingest.getByLabel('播放地址', { exact: true }).fill('https://live.e2e.example.com/live');
    const secret = `obs-secret-${Date.now()}`;
    const cloudKey = `aliyun-key-${Date.now()}`;
    await ingest.getByLabel('推流鉴权密钥', { exact: true }).fill(secret);
    await aliyun.getByLabel('播放域名', { exact: true }).fill('play.e2e.example.com');
    await aliyun.getByLabel('播放鉴权密钥', { exact: true }).fill(cloudKey);
    expect(await aliyun.textContent()).toContain('留空则保留已保存的密钥；填写“-”则删除密钥。');
    await expectAccessible(p, 'back-office live settings');
    await p.getByRole('button', { name: '保存设置' }).click();
    await p.locator('.ant-message').getByText('直播设置已保存', { exact: true }).waitFor();
    const keyState = (name: string) => p.locator(`[data-key-state="${name}"]`).textContent();
    await expect.poll(() => keyState('aliyunKey')).toBe('已设置');
    expect(await keyState('ingestSecret')).toBe('已设置');
    expect(await keyState('tencentKey')).toBe('未设置');
    expect(await aliyun.getByLabel('播放鉴权密钥', { exact: true }).inputValue()).toBe('');
    // Never in the page again, nor stored as typed.
    await p.reload();
    await expect.poll(() => keyState('aliyunKey')).toBe('已设置');
    expect(await aliyun.getByLabel('播放鉴权密钥', { exact: true }).inputValue()).toBe('');
    expect(await aliyun.getByLabel('播放域名', { exact: true }).inputValue()).toBe('play.e2e.example.com');
    const html = await p.content();
    expect(html).not.toContain(cloudKey);
    expect(html).not.toContain(secret);
    const [stored] = await db.select().from(schema.liveSettings).where(eq(schema.liveSettings.eid, EID));
    expect(stored!.secrets).not.toContain(cloudKey);
    expect(JSON.stringify(stored!.providers)).not.toContain(cloudKey);
    // '-' removes a key; an empty box keeps the other.
    await p.waitForLoadState('networkidle');
    await aliyun.getByLabel('播放鉴权密钥', { exact: true }).fill('-');
    await p.getByRole('button', { name: '保存设置' }).click();
    await expect.poll(() => keyState('aliyunKey')).toBe('未设置');
    expect(await keyState('ingestSecret')).toBe('已设置');

    // A room on the own media server: OBS's server and stream key (signed with the secret) once saved.
    await p.getByRole('tab', { name: '直播间' }).click();
    await p.waitForURL((u) => u.pathname === '/crm/live');
    await row(DEMO.looped).waitFor();
    await p.waitForLoadState('networkidle');
    const obsTitle = `${title} OBS`;
    await p.getByRole('button', { name: '新建直播' }).click();
    const obsDrawer = p.getByRole('dialog').filter({ hasText: '新建直播' });
    await searchAndChoose(p, obsDrawer, '课程', DEMO.course, DEMO.course);
    await chooseOption(p, obsDrawer, '章节', DEMO.chapter);
    await obsDrawer.getByLabel('直播标题', { exact: true }).fill(obsTitle);
    await pickTime(p, obsDrawer, '开始时间', `${nextDay} 09:00`);
    await pickTime(p, obsDrawer, '结束时间', `${nextDay} 10:00`);
    await obsDrawer.getByRole('radio', { name: '自建推流 (RTMP)' }).check();
    await obsDrawer.getByRole('button', { name: /^保\s?存$/ }).click();
    await p.locator('.ant-message').getByText('已保存', { exact: true }).waitFor();
    const push = p.getByRole('dialog').getByRole('region', { name: '推流信息' });
    await push.waitFor();
    const [obsRoom] = await db
      .select({ id: schema.liveRooms.id, streamKey: schema.liveRooms.streamKey, periodId: schema.liveRooms.periodId })
      .from(schema.liveRooms)
      .innerJoin(schema.coursePeriods, eq(schema.coursePeriods.id, schema.liveRooms.periodId))
      .where(and(eq(schema.liveRooms.eid, EID), eq(schema.coursePeriods.title, obsTitle)));
    expect(obsRoom!.streamKey).toMatch(/^[0-9a-f]{24}$/);
    const values = await push.locator('.ant-descriptions-item-content').allTextContents();
    expect(values[0]).toBe('rtmp://live.e2e.example.com/live');
    expect(values[1]).toMatch(new RegExp(`^${obsRoom!.streamKey}\\?sign=\\d+-[0-9a-f]{32}$`));
    expect(values[2]).toBe(`rtmp://live.e2e.example.com/live/${values[1]}`);
    expect(await push.getByRole('button', { name: '复制' }).count()).toBe(3);
    await expectAccessible(p, 'back-office live room streaming details');
    await p
      .getByRole('dialog')
      .getByRole('button', { name: /^完\s?成$/ })
      .click();

    // Deleted after a confirm: the room, its period and its attendance go.
    const obsRow = row(obsTitle);
    await obsRow.waitFor();
    await obsRow.getByRole('button', { name: `删除 ${obsTitle}` }).click();
    const confirm = p.getByRole('dialog').filter({ hasText: `删除直播“${obsTitle}”？` });
    expect(await confirm.textContent()).toContain('学员的观看记录');
    await confirm.getByRole('button', { name: /^删\s?除$/ }).click();
    await p.locator('.ant-message').getByText('已删除', { exact: true }).waitFor();
    await obsRow.waitFor({ state: 'detached' });
    const left = await db.select().from(schema.coursePeriods).where(eq(schema.coursePeriods.id, obsRoom!.periodId));
    expect(left).toEqual([]);
    expect(await db.select().from(schema.liveRooms).where(eq(schema.liveRooms.id, obsRoom!.id))).toEqual([]);
  });

  it('speaks English: the list, the form, the attendance and the settings', async () => {
    const rooms = await demoRooms();
    const looped = rooms.get(DEMO.looped)!;
    // Whether each key is kept, as the gateway says (the other test changes them).
    const settings = await (await signInByCall(ADMIN))(viewLiveSettings, {});
    await signInAs(session.b, ADMIN, { path: '/crm/live', lang: 'en' });
    const p = page();
    await p.getByRole('heading', { level: 4, name: 'Live rooms' }).waitFor();
    const menu = p.getByRole('navigation', { name: 'Back office' });
    expect(await menu.getByRole('link', { name: 'Live rooms' }).getAttribute('href')).toBe('/en/crm/live');
    expect(await p.getByRole('columnheader').allTextContents()).toEqual(COLUMNS.en);
    const rows = p.locator('tbody tr.ant-table-row');
    const loopedRow = rows.filter({ has: p.getByText(DEMO.looped, { exact: true }) });
    await loopedRow.waitFor();
    for (const part of ['Live', 'Looped', 'Portal channel']) expect(await loopedRow.textContent()).toContain(part);
    const states = (await p.locator('tbody .ant-tag').allTextContents()).filter((x) => x !== 'Looped');
    expect(new Set(states)).toEqual(new Set(['Live', 'Upcoming', 'Playback']));
    expect(await p.getByRole('tab').allTextContents()).toEqual(['Live rooms', 'Live settings']);
    await p.getByLabel('Live lesson or course title', { exact: true }).waitFor();
    expect(
      await p
        .locator('.ant-form-item')
        .filter({ has: p.getByLabel('State') })
        .innerText(),
    ).toContain('All states');

    await p.waitForLoadState('networkidle');
    await p.getByRole('button', { name: 'New live lesson' }).click();
    const drawer = p.getByRole('dialog').filter({ hasText: 'New live lesson' });
    await drawer.getByLabel('Title', { exact: true }).waitFor();
    const labels = await drawer.locator('.ant-form-item-label label').allTextContents();
    expect(labels).toEqual([
      'Course',
      'Chapter',
      'Title',
      'Lecturer',
      'Start time',
      'End time',
      'Streaming method',
      'Channel video',
      'Recording',
      'Recording counts',
      'Counts towards completion',
      'Attendance (%)',
    ]);
    for (const radio of ['Portal channel', 'Own media server (RTMP)', 'Aliyun Live', 'Tencent Cloud Live'])
      await drawer.getByRole('radio', { name: radio }).waitFor();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => fieldError(drawer, p, 'Course')).toBe('Choose the course');
    expect(await fieldError(drawer, p, 'Title')).toBe('Enter the title');
    expect(await fieldError(drawer, p, 'Channel video')).toBe('Choose the channel video');
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await p.goto(url(`/en/crm/live/${looped.id}`));
    await p.getByRole('heading', { level: 4, name: `Attendance of “${DEMO.looped}”` }).waitFor();
    expect(await p.getByRole('columnheader').allTextContents()).toEqual([
      'Name',
      'Phone',
      'Department',
      'Watched live',
      'Watched recording',
      'Joins',
      'First joined',
      'Last left',
      'Completed',
    ]);
    expect(await p.locator('.ant-descriptions').first().textContent()).toContain('Watch 10% of the scheduled time');
    await p.getByRole('link', { name: 'Back to the live rooms' }).waitFor();

    await p.goto(url('/en/crm/live/settings'));
    await p.getByRole('region', { name: 'Own media server (RTMP)' }).waitFor();
    const keyState = (name: string) => p.locator(`[data-key-state="${name}"]`).textContent();
    const shown = (set: boolean) => (set ? 'Set' : 'Not set');
    expect(await keyState('ingestSecret')).toBe(shown(settings.hasIngestSecret));
    expect(await keyState('aliyunKey')).toBe(shown(settings.hasAliyunKey));
    expect(await keyState('tencentKey')).toBe(shown(settings.hasTencentKey));
    const aliyun = p.getByRole('region', { name: 'Aliyun Live' });
    for (const label of ['Play domain', 'Application name (AppName)', 'Play authentication key'])
      await aliyun.getByLabel(label, { exact: true }).waitFor();
    expect(await aliyun.textContent()).toContain("Leave empty to keep the stored key; enter '-' to remove it.");
    await p.getByRole('button', { name: 'Save settings' }).waitFor();
  });
});
