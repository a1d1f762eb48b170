import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '@portal/db';
import { browserSession } from '../session.ts';
import { browserAvailable, url } from '../browser.ts';
import { createLearner } from '../accounts.ts';
import { declineProfileTip } from '../langs.ts';
import { pdfText } from '../pdf-text.ts';
import { signInAs } from '../sign-in-as.ts';
import { portal } from '../portal.ts';

// Certificates (issue 13, item 6; issue 19, item 9): a visitor checks a certificate at
// /certificate/query by its number and check code on sites with and without visitor mode, in
// Chinese and English, and a learner downloads the PDF of theirs from my records
// (/account?change=3&recordType=2). The certificates are made in the portal's database as earnOnce
// makes them (template, row, number; the check code the column's default).
const TEXTS = {
  zh: {
    title: '证书查询',
    byNumber: '证书编号查询',
    byHolder: '姓名+身份证号查询',
    number: '证书编号',
    checkCode: '校验码',
    query: '查 询',
    results: '查询结果',
    holder: '持证人',
    issuer: '发证单位',
    valid: '有效',
    notFound: '未查询到相关证书信息',
  },
  en: {
    title: 'Certificate lookup',
    byNumber: 'Certificate number',
    byHolder: 'Name and ID number',
    number: 'Certificate number',
    checkCode: 'Check code',
    query: 'Look up',
    results: 'Results',
    holder: 'Holder',
    issuer: 'Issued by',
    valid: 'Valid',
    notFound: 'No certificate was found',
  },
} as const;

/**
 * A certificate of the person with this phone (or of a new member of the enterprise) in enterprise
 * `eid`: a template of its own and the row, numbered as earnOnce numbers them, with its check code.
 */
async function giveCertificate(eid: number, holderName: string, phone?: string) {
  const database = connectDatabase(portal().databaseUrl, { max: 1 });
  try {
    const account = phone ?? (await createLearner(eid)).phone;
    const template = await database.db.execute<{ id: number }>(sql`
      INSERT INTO certificate_templates (eid, title, body, issuer, signature, valid_months)
      VALUES (${eid}, '合格证书', '{name}同志于{date}通过“{title}”考试，成绩{score}分，特发此证。', '浏览器测试培训中心',
        '培训中心主任 李明', 24)
      RETURNING id`);
    const row = await database.db.execute<{ number: string; check_code: string }>(sql`
      WITH drawn AS (SELECT nextval(pg_get_serial_sequence('certificates', 'id'))::int AS id)
      INSERT INTO certificates (eid, id, number, account_id, template_id, source_type, source_id, title,
        holder_name, score_tenths, valid_until)
      SELECT ${eid}, drawn.id,
        'ZS' || ${eid}::int || to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYY') || lpad(drawn.id::text, 8, '0'),
        a.id, ${template.rows[0]!.id}, 7, drawn.id, '安全生产知识考试', ${holderName}, 880, now() + interval '2 years'
      FROM drawn, accounts a WHERE a.phone = ${account}
      RETURNING number, check_code`);
    return { number: row.rows[0]!.number, code: row.rows[0]!.check_code };
  } finally {
    await database.close();
  }
}

describe.runIf(browserAvailable())('certificates', () => {
  const session = browserSession();

  it('a visitor finds a certificate by number and check code; a wrong code or number finds nothing (visitor mode on, 1001)', async () => {
    const t = TEXTS.zh;
    const page = session.b.page;
    const { number, code } = await giveCertificate(1001, '赵明远');
    await page.goto(url('/certificate/query'));
    await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual([t.byNumber, t.byHolder]);

    // Typed with its code in one field: the code goes to its own field.
    await page.getByRole('textbox', { name: t.number }).fill(`${number.toLowerCase()} ${code.toLowerCase()}`);
    await page.getByRole('button', { name: t.query }).click();
    const card = page.locator('.portal-cert-card');
    await card.waitFor();
    await page.waitForURL((u) => u.searchParams.get('number') === number && u.searchParams.get('code') === code);
    expect(await page.getByRole('textbox', { name: t.checkCode }).inputValue()).toBe(code);
    const text = await card.textContent();
    expect(text).toContain('安全生产知识考试');
    expect(text).toContain(`${t.holder}：赵*远`);
    expect(text).toContain(`${t.issuer}：浏览器测试培训中心`);
    expect(text).toContain(number);
    expect(text).toContain(t.valid);
    expect(text).not.toContain('赵明远');

    // The right number with a wrong code is not found, like an unknown number.
    await page
      .getByRole('textbox', { name: t.checkCode })
      .fill(`${code.slice(0, -1)}${code.endsWith('Z') ? 'Y' : 'Z'}`);
    await page.getByRole('button', { name: t.query }).click();
    await page.locator('.portal-cert-not-found').getByText(t.notFound).waitFor();
    expect(await card.count()).toBe(0);
    await page.getByRole('textbox', { name: t.checkCode }).fill(code);
    await page.getByRole('button', { name: t.query }).click();
    await card.waitFor();
    await page
      .getByRole('textbox', { name: t.number })
      .fill(`${number.slice(0, -1)}${number.endsWith('9') ? '8' : '9'}`);
    await page.getByRole('button', { name: t.query }).click();
    await page.locator('.portal-cert-not-found').getByText(t.notFound).waitFor();
    expect(await card.count()).toBe(0);
    await page.mouse.move(0, 0); // the hovered button's lighter colour is not the page's
  });

  it('the QR code’s address looks the number up at once, on a site whose visitor mode is off (SFJ, 1002)', async () => {
    const page = session.b.page;
    const { number, code } = await giveCertificate(1002, '钱多多');
    await page.goto(url(`/certificate/query?number=${number}&code=${code}`, 'sfj'));
    // Not sent to /login: the check is open to visitors of every site.
    const card = page.locator('.portal-cert-card');
    await card.waitFor();
    expect(new URL(page.url()).pathname).toBe('/certificate/query');
    expect(await card.textContent()).toContain('钱*多');
    expect(await page.getByRole('textbox', { name: TEXTS.zh.number }).inputValue()).toBe(number);
    expect(await page.getByRole('textbox', { name: TEXTS.zh.checkCode }).inputValue()).toBe(code);
    // Another enterprise's site does not know it.
    await page.goto(url(`/certificate/query?number=${number}&code=${code}`));
    await page.locator('.portal-cert-not-found').getByText(TEXTS.zh.notFound).waitFor();
  });

  it('the English page: its texts, and a certificate found', async () => {
    const t = TEXTS.en;
    const page = session.b.page;
    const { number, code } = await giveCertificate(1001, '孙悟空');
    await page.goto(url(`/en/certificate/query?number=${number}&code=${code}`));
    await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual([t.byNumber, t.byHolder]);
    expect(await page.getByRole('button', { name: t.query }).count()).toBe(1);
    await page.getByRole('heading', { level: 2, name: new RegExp(`^${t.results}`) }).waitFor();
    const text = await page.locator('.portal-cert-card').textContent();
    expect(text).toContain(`${t.holder}: 孙*空`);
    expect(text).toContain(`${t.issuer}: 浏览器测试培训中心`);
    expect(text).toContain(t.valid);
    // The name and ID tab: its fields in English.
    await page.getByRole('tab', { name: t.byHolder }).click();
    await page.getByRole('textbox', { name: 'ID number' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).count()).toBe(1);
    expect(await page.getByRole('textbox', { name: 'Image code' }).count()).toBe(1);
    await page.mouse.move(0, 0);
  });

  it('a learner downloads the PDF of their certificate from my records', async () => {
    const page = session.b.page;
    const learner = await createLearner(1001);
    const { number, code } = await giveCertificate(1001, '周晓梅', learner.phone);
    await signInAs(session.b, learner, { path: '/account?change=3&recordType=2' });
    await declineProfileTip(page, 'zh');
    const row = page.locator('.portal-cert-mine tbody tr', { hasText: number });
    await row.waitFor();
    expect(await row.textContent()).toContain('安全生产知识考试');
    // The toast is waited for from the click: it goes after 3 s, and reading the file below can
    // take longer than that on a busy machine.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('.ant-message').getByText('下载成功', { exact: true }).waitFor(),
      row.getByRole('button', { name: `下载证书 ${number}` }).click(),
    ]);
    await page.mouse.move(0, 0); // the hovered row's and link's colours are not the page's
    expect(download.suggestedFilename()).toBe(`合格证书-${number}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('周晓梅同志于');
    expect(text).toContain('安全生产知识考试');
    expect(text).toContain(number);
    expect(text).toContain(`校验码：${code}`);
    // Its QR code (also a link in the file) opens the check on the address the demo is served on,
    // port and all (it was https://localhost/… before).
    expect(pdf.toString('latin1')).toContain(`(${url(`/certificate/query?number=${number}&code=${code}`)})`);
  });
});
