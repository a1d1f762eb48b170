import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { connectDatabase, schema, type Db } from '@portal/db';
import { expectAccessible } from '../a11y.ts';
import { chooseOption } from '../antd.ts';
import { browserAvailable, url } from '../browser.ts';
import { pdfText } from '../pdf-text.ts';
import { portal } from '../portal.ts';
import { browserSession } from '../session.ts';
import { signInAs } from '../sign-in-as.ts';

// The certificate designer (issue 22 item 3, decision 055): the demo administrator makes a
// template, uploads a background, shows the learner's name and drags it, moves it with the keys,
// previews the PDF (the server's, a PDF holding the texts), saves, and gives it to a new exam.
// Then the designer and the list in English. What it adds is deleted afterwards.
const EID = 1001;
const ADMIN = { phone: '13800000002', password: 'Demo@2026' };
const RUN = Date.now().toString(36).slice(-5);
const PREFIX = `E2E证书${RUN}`;
const BACKGROUND = new URL('../../apps/web/public/demo/certificate-background.png', import.meta.url);

describe.runIf(browserAvailable())('the back office: certificate templates', () => {
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
      .delete(schema.examTasks)
      .where(and(eq(schema.examTasks.eid, EID), like(schema.examTasks.title, `${PREFIX}%`)));
    await db
      .delete(schema.certificateTemplates)
      .where(and(eq(schema.certificateTemplates.eid, EID), like(schema.certificateTemplates.title, `${PREFIX}%`)));
    await database.close();
  });

  it('the administrator designs a template on a background, previews its PDF, saves it and gives it to an exam', async () => {
    await signInAs(session.b, ADMIN, { path: '/crm/certificate-templates' });
    await page().getByRole('heading', { name: '证书模板' }).waitFor();
    await page().waitForLoadState('networkidle');
    await page().getByRole('button', { name: '新建证书模板' }).click();
    await page().waitForURL((u) => u.pathname === '/crm/certificate-templates/new');
    await page().getByRole('heading', { name: '新建证书模板' }).waitFor();
    await page().waitForLoadState('networkidle');

    const form = page().locator('form#certificateTemplate');
    await form.getByLabel('证书标题').fill(`${PREFIX}结业证书`);
    await form.getByLabel('证书正文').fill('{name}同志完成“{title}”，成绩{score}分，特发此证。');
    await form.getByLabel('发证单位').fill('测试培训中心');
    // The background through the portal's picture upload.
    const backgroundItem = form.locator('.ant-form-item').filter({ hasText: '背景图片' });
    await backgroundItem.locator('input[type=file]').setInputFiles({
      name: 'background.png',
      mimeType: 'image/png',
      buffer: readFileSync(BACKGROUND),
    });
    await expect.poll(() => form.getByLabel('背景图片').inputValue()).toMatch(/^\/uploads\/avatars\/.+\.png$/);
    const canvas = page().getByRole('group', { name: '证书版式，可拖动内容调整位置' });
    await expect.poll(() => canvas.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('/uploads/');

    // Show the learner's name (hidden by default: the body names them) and drag it.
    await chooseOption(page(), page().locator('fieldset').filter({ hasText: '证书内容位置' }), '内容', '学员姓名');
    await page().getByRole('checkbox', { name: '显示' }).check();
    const name = canvas.getByRole('button', { name: '学员姓名：拖动或用方向键移动' });
    await name.waitFor();
    const x = page().getByLabel('横向位置（‰）');
    const y = page().getByLabel('纵向位置（‰）');
    expect(await x.inputValue()).toBe('131');
    expect(await y.inputValue()).toBe('230');
    await name.scrollIntoViewIfNeeded();
    const box = (await name.boundingBox())!;
    await page().mouse.move(box.x + 20, box.y + box.height / 2);
    await page().mouse.down();
    await page().mouse.move(box.x + 50, box.y + box.height / 2 + 30, { steps: 5 });
    await page().mouse.up();
    // 30 px of a page 600 px wide is 50‰ across; 30 px of its 424 px height is 71‰ down.
    const page0 = (await canvas.boundingBox())!;
    const near = (n: number, expected: number) => Math.abs(n - expected) <= 1;
    await expect.poll(async () => near(Number(await x.inputValue()), 131 + (30 / page0.width) * 1000)).toBe(true);
    expect(near(Number(await y.inputValue()), 230 + (30 / page0.height) * 1000)).toBe(true);
    const [draggedX, draggedY] = [Number(await x.inputValue()), Number(await y.inputValue())];
    // And by keyboard: focused, an arrow moves it 10‰, with Shift 1‰.
    await name.focus();
    await page().keyboard.press('ArrowRight');
    await page().keyboard.press('Shift+ArrowDown');
    await expect.poll(() => x.inputValue()).toBe(String(draggedX + 10));
    expect(await y.inputValue()).toBe(String(draggedY + 1));
    // And by number.
    await page().getByLabel('字号（磅）').fill('32');
    await page().getByLabel('字号（磅）').blur();
    await expectAccessible(page(), 'certificate designer');

    // The preview: the server's PDF of the unsaved form, with the sample data, in a dialog.
    const answered = page().waitForResponse((r) => r.url().includes('/certificate-template/preview'));
    await page().getByRole('button', { name: '预览 PDF' }).click();
    const res = await answered;
    const body = (await res.json()) as { code: number; data: { pdf: string } };
    expect(body.code).toBe(200);
    const pdf = Buffer.from(body.data.pdf, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    const text = (await pdfText(pdf)).replace(/\s+/g, '');
    expect(text).toContain('示例考试');
    expect(text).toContain('测试培训中心');
    const dialog = page().getByRole('dialog', { name: '证书预览' });
    await dialog.waitFor();
    // Drawn in the dialog by the portal's pdf.js viewer.
    await dialog.locator('canvas[data-page="1"]').waitFor();
    expect(await dialog.getByRole('link', { name: '在新标签页打开' }).getAttribute('target')).toBe('_blank');
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page()
      .getByRole('button', { name: /^保\s?存$/ })
      .click();
    await page().waitForURL(/\/crm\/certificate-templates\/\d+$/);
    const [saved] = await db
      .select()
      .from(schema.certificateTemplates)
      .where(and(eq(schema.certificateTemplates.eid, EID), eq(schema.certificateTemplates.title, `${PREFIX}结业证书`)));
    expect(saved!.backgroundUrl).toMatch(/^\/uploads\/avatars\//);
    expect(saved!.layout).toMatchObject({ name: { shown: true, x: draggedX + 10, y: draggedY + 1, fontSize: 32 } });

    // Given to a new exam: the exam editor offers it.
    await page().goto(url('/crm/exam-tasks/new'));
    await page().getByRole('heading', { name: '新建考试' }).waitFor();
    await page().waitForLoadState('networkidle');
    const exam = page().locator('form#examTask');
    await exam.getByLabel('考试名称').fill(`${PREFIX}考试`);
    await chooseOption(page(), exam, '试卷', '安全生产随机组卷');
    await exam.getByText(/^试卷总分[\d.]+分$/).waitFor();
    await exam.getByLabel('及格分').fill('10');
    await chooseOption(page(), exam, '通过颁发证书', `${PREFIX}结业证书`);
    await exam.getByRole('button', { name: /^保\s?存$/ }).click();
    await page().waitForURL(/\/crm\/exam-tasks\/\d+$/);
    const [task] = await db
      .select()
      .from(schema.examTasks)
      .where(and(eq(schema.examTasks.eid, EID), eq(schema.examTasks.title, `${PREFIX}考试`)));
    expect(task!.certificateTemplateId).toBe(saved!.id);

    // In English: the list names the exam that grants it; the designer's texts.
    await page().goto(url('/en/crm/certificate-templates'));
    await page().getByRole('heading', { name: 'Certificate templates' }).waitFor();
    const row = page()
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: `${PREFIX}结业证书` });
    await expect.poll(() => row.innerText()).toContain(`Exam·${PREFIX}考试`);
    expect(await row.innerText()).toContain('A4 landscape');
    await row.getByRole('link', { name: 'Design' }).click();
    await page().waitForURL(/\/en\/crm\/certificate-templates\/\d+$/);
    await page().getByRole('button', { name: 'Preview PDF' }).waitFor();
    await page()
      .getByRole('group', { name: "The certificate's page; drag a field to move it" })
      .getByRole('button', { name: "Learner's name: drag or move with the arrow keys" })
      .waitFor();
    expect(await page().getByLabel('Left (‰)').count()).toBe(1);
    await expectAccessible(page(), 'certificate designer in English');
  });
});
