import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, or } from 'drizzle-orm';
import { connectDatabase, schema, type Db } from '@portal/db';
import { expectAccessible } from '../a11y.ts';
import { browserAvailable } from '../browser.ts';
import { browserSession } from '../session.ts';
import { signInAs } from '../sign-in-as.ts';
import { portal } from '../portal.ts';
import { chooseOption, openedDialog } from '../antd.ts';
import { createLearner } from '../accounts.ts';
import { declineProfileTip } from '../langs.ts';

// The back office's question banks (issue 22 item 1, decision 045): the demo administrator adds a
// bank and questions of two types, the keys checked as the gateway checks them; a stem in rich text
// with an uploaded picture that a learner then practises (decision 054); the pages' English
// texts. What it adds is deleted afterwards.
const EID = 1001;
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };
const RUN = Date.now().toString(36).slice(-5);
const BANK = `E2E题库${RUN}`;
/** A bank of its own for the rich stem (its name does not contain BANK's, which tests click by). */
const RICH_BANK = `E2E图文题库${RUN}`;
/** A 60×30 PNG: what the picture upload takes by its content. */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADwAAAAeCAIAAAD/+uoYAAAANElEQVR42u3OQQkAAAgEsAthWBObwxQ+hMECLNP1TqSlpaWlpaWlpaWlpaWlpaWlpaWlryz1RCon+CHKNAAAAABJRU5ErkJggg==',
  'base64',
);

describe.runIf(browserAvailable())('the back office: question banks', () => {
  const session = browserSession();
  const page = () => session.b.page;
  let database: ReturnType<typeof connectDatabase>;
  let db: Db;

  beforeAll(async () => {
    database = connectDatabase(portal().databaseUrl, { max: 1 });
    db = database.db;
  });
  afterAll(async () => {
    if (!db) return;
    await db
      .delete(schema.practiceSets)
      .where(and(eq(schema.practiceSets.eid, EID), like(schema.practiceSets.title, `E2E练习${RUN}%`)));
    await db
      .delete(schema.questionBanks)
      .where(
        and(
          eq(schema.questionBanks.eid, EID),
          or(like(schema.questionBanks.title, `E2E题库${RUN}%`), eq(schema.questionBanks.title, RICH_BANK)),
        ),
      );
    await database.close();
  });

  it('the administrator adds a bank, a single choice and a fill-in with two accepted answers', async () => {
    await signInAs(session.b, ADMIN, { path: '/crm/question-banks' });
    await page().getByRole('heading', { name: '题库管理' }).waitFor();
    await page().waitForLoadState('networkidle');
    // The demo site's banks are there.
    await expect.poll(() => page().locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await page().getByRole('button', { name: '新建题库' }).click();
    const bankDialog = await openedDialog(page(), '新建题库');
    await bankDialog.getByLabel('题库名称', { exact: true }).fill(BANK);
    await bankDialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await page().getByRole('link', { name: BANK }).first().click();
    await page().getByRole('heading', { name: BANK }).waitFor();
    await page().waitForLoadState('networkidle');

    // A single choice: the right answer left out first gets the gateway's own message.
    await page().getByRole('button', { name: '新建试题' }).click();
    let dialog = await openedDialog(page(), '新建试题');
    await dialog.getByLabel('题干', { exact: true }).fill('灭火器压力表指针在绿色区域表示？');
    for (const [i, text] of ['压力不足', '压力正常', '压力过高', '已过期'].entries()) {
      await dialog.getByLabel(`选项${String.fromCharCode(65 + i)}`, { exact: true }).fill(text);
    }
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await expect
      .poll(() => dialog.locator('.ant-form-item-explain-error').allTextContents())
      .toContain('单选题有且只有一个正确答案');
    await dialog.getByRole('radio', { name: 'B' }).check();
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    const rows = page().locator('tbody tr.ant-table-row');
    await rows.filter({ hasText: '灭火器压力表指针' }).waitFor();

    // A fill-in: the stem's ____ make the blanks; the second blank takes two answers.
    await page().getByRole('button', { name: '新建试题' }).click();
    dialog = await openedDialog(page(), '新建试题');
    await chooseOption(page(), dialog, '题型', '填空题');
    await dialog.getByLabel('题干', { exact: true }).fill('“三不伤害”是指不伤害自己、____、____。');
    await dialog.getByLabel('第1空', { exact: true }).fill('不伤害他人');
    await page().keyboard.press('Enter');
    const second = dialog.getByLabel('第2空', { exact: true });
    await second.fill('不被他人伤害');
    await page().keyboard.press('Enter');
    await second.fill('不被别人伤害');
    await page().keyboard.press('Enter');
    await dialog.getByLabel('各空答案顺序不限').check();
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await rows.filter({ hasText: '三不伤害' }).waitFor();
    await expectAccessible(page(), 'back-office questions');

    const [bank] = await db
      .select({ id: schema.questionBanks.id })
      .from(schema.questionBanks)
      .where(and(eq(schema.questionBanks.eid, EID), eq(schema.questionBanks.title, BANK)));
    const stored = await db
      .select()
      .from(schema.examQuestions)
      .where(and(eq(schema.examQuestions.eid, EID), eq(schema.examQuestions.bankId, bank!.id)));
    const byType = new Map(stored.map((q) => [q.questionType, q]));
    expect(byType.get(1)).toMatchObject({ answer: ['B'], scoreTenths: 20 });
    expect(byType.get(4)).toMatchObject({
      blanks: [['不伤害他人'], ['不被他人伤害', '不被别人伤害']],
      blanksAnyOrder: true,
    });

    // Edited: the dialog starts from the stored question.
    await rows
      .filter({ hasText: '灭火器压力表指针' })
      .getByRole('button', { name: /^编\s?辑$/ })
      .click();
    const edit = await openedDialog(page(), '编辑试题');
    await expect
      .poll(() => edit.getByLabel('题干', { exact: true }).innerText())
      .toBe('灭火器压力表指针在绿色区域表示？');
    expect(await edit.getByRole('radio', { name: 'B' }).isChecked()).toBe(true);
    await edit.getByLabel('选项D', { exact: true }).fill('无法判断');
    await edit.getByRole('button', { name: /^保\s?存$/ }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => {
        const [q] = await db
          .select({ options: schema.examQuestions.options })
          .from(schema.examQuestions)
          .where(eq(schema.examQuestions.id, byType.get(1)!.id));
        return q?.options[3]?.text;
      })
      .toBe('无法判断');
    // Edited again: the dialog shows the question as saved, not as the form last held it.
    await rows
      .filter({ hasText: '灭火器压力表指针' })
      .getByRole('button', { name: /^编\s?辑$/ })
      .click();
    const again = await openedDialog(page(), '编辑试题');
    await expect.poll(() => again.getByLabel('选项D', { exact: true }).inputValue()).toBe('无法判断');
    await again.getByRole('button', { name: /^取\s?消$/ }).click();
    await again.waitFor({ state: 'hidden' });

    // Filtered by type, the table shows the fill-in only.
    await chooseOption(page(), page().locator('form').first(), '题型', '填空题');
    await page()
      .getByRole('button', { name: /^查\s?询$/ })
      .click();
    await page().waitForURL((u) => u.searchParams.get('questionType') === '4');
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('三不伤害')]);

    // Exported as filtered: the export job's file, offered when it is done.
    await page()
      .getByRole('button', { name: /^导\s?出$/ })
      .click();
    const ready = page().getByRole('dialog').filter({ hasText: '导出完成' });
    const link = ready.getByRole('link', { name: /下载文件：试题-\d+\.xlsx/ });
    await link.waitFor();
    const file = await page().request.get(new URL((await link.getAttribute('href'))!, page().url()).href);
    expect([file.status(), file.headers()['content-type']]).toEqual([
      200,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    await ready.getByRole('button').last().click();
    await ready.waitFor({ state: 'hidden' });
  });

  it('a stem with bold text and an uploaded picture: stored sanitised, and the learner sees both in practice', async () => {
    const [bank] = await db.insert(schema.questionBanks).values({ eid: EID, title: RICH_BANK }).returning();
    await signInAs(session.b, ADMIN, { path: `/crm/question-banks/${bank!.id}` });
    await page().getByRole('heading', { name: RICH_BANK }).waitFor();
    await page().waitForLoadState('networkidle');
    await page().getByRole('button', { name: '新建试题' }).click();
    const dialog = await openedDialog(page(), '新建试题');
    await dialog.getByText('可加粗、分条和插入本站上传的图片（JPG、PNG，不超过500KB）').waitFor();
    // Written with the keyboard and the toolbar: plain, bold, plain; then a picture uploaded.
    const stem = dialog.getByLabel('题干', { exact: true });
    await stem.click();
    await page().keyboard.type('看图回答：图中是');
    await dialog.getByRole('button', { name: '加粗' }).click();
    await page().keyboard.type('哪种颜色');
    await dialog.getByRole('button', { name: '加粗' }).click();
    await page().keyboard.type('？');
    await dialog.getByRole('button', { name: '图片' }).click();
    const pictureDialog = await openedDialog(page(), '插入图片');
    await pictureDialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'colour.png', mimeType: 'image/png', buffer: PICTURE });
    await pictureDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => stem.locator('img').count()).toBe(1);
    for (const [i, text] of ['橙色', '蓝色', '绿色', '红色'].entries()) {
      await dialog.getByLabel(`选项${String.fromCharCode(65 + i)}`, { exact: true }).fill(text);
    }
    await dialog.getByRole('radio', { name: 'A' }).check();
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The list shows the stem's text, the picture named.
    await page()
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: /看图回答：图中是哪种颜色？\s*\[图片\]/ })
      .waitFor();
    const [stored] = await db
      .select({ stem: schema.examQuestions.stem })
      .from(schema.examQuestions)
      .where(and(eq(schema.examQuestions.eid, EID), eq(schema.examQuestions.bankId, bank!.id)));
    expect(stored!.stem).toContain('<p>看图回答：图中是<strong>哪种颜色</strong>？</p>');
    // The picture as the editor wrote it, sanitised: its address in the style only.
    expect(stored!.stem).toMatch(
      /<img [^>]*style="content: url\((?:&quot;)?\/uploads\/[\w./-]+\.png(?:&quot;)?\); max-width: 100%; height: auto"[^>]*>/,
    );
    expect(stored!.stem).not.toMatch(/\ssrc=|\salt=/);
    const picture = /url\((?:&quot;)?(\/uploads\/[\w./-]+)/.exec(stored!.stem)![1]!;

    // A learner practises the bank: the stem shows its bold words and the picture, within a phone's width.
    const [set] = await db
      .insert(schema.practiceSets)
      .values({ eid: EID, title: `E2E练习${RUN}`, intro: '图文题干', bankId: bank!.id, questionCount: 1 })
      .returning();
    const learner = await createLearner(EID);
    await page().setViewportSize({ width: 375, height: 740 });
    try {
      await signInAs(session.b, learner, { path: '/account?change=2&section=practice' });
      await declineProfileTip(page(), 'zh');
      const row = page().locator(`.portal-practice-set[data-set-id="${set!.id}"]`);
      await row.getByRole('button', { name: '开始练习' }).click();
      await page().waitForURL((u) => u.pathname === '/account/practice/detail');
      const shown = page().locator('.portal-practice-question .portal-practice-stem');
      await shown.waitFor();
      expect(await shown.locator('strong').textContent()).toBe('哪种颜色');
      const image = shown.locator('img');
      await image.waitFor();
      expect(await image.getAttribute('alt')).toBe('题干图片');
      expect(await image.evaluate((el) => getComputedStyle(el).content)).toContain(picture);
      const box = (await image.boundingBox())!;
      expect(box.width).toBeGreaterThan(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      const file = await page().request.get(new URL(picture, page().url()).href);
      expect([file.status(), file.headers()['content-type']]).toEqual([200, 'image/png']);
      await page().getByRole('radio', { name: /橙色/ }).waitFor();
      await expectAccessible(page(), 'practice with a rich stem');
    } finally {
      await page().setViewportSize({ width: 1400, height: 900 });
    }
  });

  it('the administrator imports questions pasted from Word: the preview marks the bad row, the good ones are added once', async () => {
    await signInAs(session.b, ADMIN, { path: '/crm/question-banks' });
    await page().getByRole('link', { name: BANK }).first().click();
    await page().getByRole('heading', { name: BANK }).waitFor();
    await page().waitForLoadState('networkidle');
    await page().getByRole('button', { name: '导入试题' }).click();
    const dialog = await openedDialog(page(), `导入试题到“${BANK}”`);
    await dialog.getByRole('tab', { name: '粘贴文本' }).click();
    await dialog
      .getByLabel('试题文本')
      .fill(
        [
          '1.【多选题】下列属于个人防护用品的有（ ）。',
          'A. 安全帽',
          'B. 防护眼镜',
          'C. 灭火器',
          '答案：AB',
          '标签：个人防护，导入',
          '',
          '2. 进入有限空间前应先检测气体。',
          '答案：正确',
          '标签：导入',
          '',
          '3.【单选题】没有写答案的题',
          'A. 甲',
          'B. 乙',
        ].join('\n'),
      );
    await dialog.getByRole('button', { name: /^预\s?览$/ }).click();
    await dialog.getByText('共3行：2道可以导入，1行有问题').waitFor();
    // Only the row with problems is listed at first, with its reason.
    const rows = dialog.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('单选题有且只有一个正确答案')]);
    await expectAccessible(page(), 'question import preview');
    await dialog.getByRole('button', { name: '导入2道试题' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page().getByText('已导入2道试题').waitFor();
    const [bank] = await db
      .select({ id: schema.questionBanks.id })
      .from(schema.questionBanks)
      .where(and(eq(schema.questionBanks.eid, EID), eq(schema.questionBanks.title, BANK)));
    const imported = await db
      .select()
      .from(schema.examQuestions)
      .where(and(eq(schema.examQuestions.bankId, bank!.id), eq(schema.examQuestions.eid, EID)));
    expect(imported.filter((q) => q.tags.includes('导入')).map((q) => [q.questionType, q.answer])).toEqual(
      expect.arrayContaining([
        [2, ['A', 'B']],
        [3, ['T']],
      ]),
    );
    // The list filters by the tags the bank's questions carry.
    await page().waitForLoadState('networkidle');
    await chooseOption(page(), page().locator('form').first(), '标签', '个人防护');
    await page()
      .getByRole('button', { name: /^查\s?询$/ })
      .click();
    await page().waitForURL((u) => u.searchParams.get('tag') === '个人防护');
    await expect
      .poll(() => page().locator('tbody tr.ant-table-row').allTextContents())
      .toEqual([expect.stringContaining('下列属于个人防护用品的有')]);
  });

  it('in English: the banks, a question’s form and its messages', async () => {
    await signInAs(session.b, ADMIN, { lang: 'en', path: '/crm/question-banks' });
    await page().getByRole('heading', { name: 'Question banks' }).waitFor();
    await page().waitForLoadState('networkidle');
    const menu = page().getByRole('navigation', { name: 'Back office' });
    expect(await menu.getByRole('link', { name: 'Question banks' }).count()).toBe(1);
    await page().locator('tbody tr.ant-table-row').first().getByRole('link').first().click();
    await page().getByRole('button', { name: 'New question' }).waitFor();
    await page().waitForLoadState('networkidle');
    await page().getByRole('button', { name: 'New question' }).click();
    const dialog = await openedDialog(page(), 'New question');
    await dialog
      .getByText('Bold, lists and pictures uploaded to this site (JPG or PNG, at most 500 KB) may be used')
      .waitFor();
    await dialog.getByRole('button', { name: 'Bold' }).waitFor();
    await chooseOption(page(), dialog, 'Type', 'Short answer');
    await dialog.getByLabel('Stem', { exact: true }).fill('Name two duties of a fire warden.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => dialog.locator('.ant-form-item-explain-error').allTextContents())
      .toContain('Please fill in the reference answer');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The import's dialog in English: its tabs, the template button and the text's format.
    await page().getByRole('button', { name: 'Import questions' }).click();
    const importing = await openedDialog(page(), page().getByRole('dialog', { name: /^Import questions into/ }));
    await importing.getByRole('button', { name: 'Download the template' }).waitFor();
    await importing.getByRole('tab', { name: 'Paste text' }).click();
    await importing.getByLabel('Questions as text').fill('1. [Riddle] What?\nAnswer: yes');
    await importing.getByRole('button', { name: 'Preview' }).click();
    await importing.getByText('Rows read: 1; can be imported: 0; with problems: 1').waitFor();
    await importing.getByText('Unknown type: Riddle').waitFor();
    expect(await importing.getByRole('button', { name: 'Import 0 questions' }).isDisabled()).toBe(true);
    await page().keyboard.press('Escape');
    await importing.waitFor({ state: 'hidden' });
  });
});
