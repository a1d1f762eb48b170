import { sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_CHECK_CODE,
  CertificateQueryType,
  CertificateStatus,
  EarningSource,
  ErrorCode,
  findCertificateRanks,
  findMyCertificates,
  getCertificateDownloadUrl,
  maskName,
  queryCertificate,
  viewCurrentUser,
} from '@portal/contract';
import { schema, withTenant } from '@portal/db';
import { captchaFor, createTestApp, encryptFor, unchecked, visitorOf, type TestApp } from '../../test/harness.ts';
import { createEnterprise, createExam, type Learner } from '../../test/factories.ts';
import { earnOnce } from '../earning/index.ts';
import { checkUrlOf } from './certificate.service.ts';
import { pdfText } from './pdf-text.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
type Exam = Awaited<ReturnType<typeof createExam>>;
let t: TestApp;
let a: Ent;
let b: Ent;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '', TRUST_PROXY: 'true' });
  // Visitor mode is off on A: the public check answers there all the same.
  a = await createEnterprise(t.database.db, { name: '甲企业', settings: { visitorOpenSet: false } });
  b = await createEnterprise(t.database.db, { name: '乙企业' });
});
afterAll(async () => t?.close());

const YEAR = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date());

/** Earns the exam's certificate for the learner in a transaction of its own, as the exam's marking does. */
function issue(learner: Learner, exam: Exam, scoreTenths: number | null = 855) {
  return grant(learner.eid!, learner.accountId, exam.template!.id, exam.task.id, exam.task.title, scoreTenths);
}

async function grant(
  eid: number,
  accountId: number,
  templateId: number,
  taskId: number,
  title: string,
  scoreTenths: number | null,
) {
  const earned = await withTenant(eid, () =>
    t.platform.db.transaction((tx) =>
      earnOnce(
        tx,
        { eid, accountId },
        {
          source: { type: EarningSource.EXAM_TASK, id: taskId, title },
          hoursTenths: 0,
          points: 0,
          certificate: { templateId, scoreTenths },
        },
      ),
    ),
  );
  return earned.certificate;
}

async function certificatesOf(eid: number, accountId: number) {
  const rows = await t.database.db.execute<{
    id: number;
    number: string;
    check_code: string;
    holder_name: string;
    source_id: number;
  }>(
    sql`SELECT id, number, check_code, holder_name, source_id FROM certificates WHERE eid = ${eid} AND account_id = ${accountId} ORDER BY id`,
  );
  return rows.rows;
}

async function totalOf(eid: number, accountId: number): Promise<number> {
  const rows = await t.database.db.execute<{ certificates: number }>(
    sql`SELECT certificates FROM learner_totals WHERE eid = ${eid} AND account_id = ${accountId}`,
  );
  return rows.rows[0]?.certificates ?? 0;
}

/** A learner whose account has a verified ID number (its keyed hash, as the profile stores it). */
async function learnerWithId(site: Ent, realName: string, idCard: string) {
  const learner = await t.learner(site, { member: { realName } });
  await t.database.db.execute(
    sql`UPDATE accounts SET id_card_hash = ${t.platform.vault.hash(idCard)}, real_name = ${realName} WHERE id = ${learner.accountId}`,
  );
  return learner;
}

describe('issuing a certificate (earnOnce)', () => {
  it('issues once under 20 concurrent transactions: one row, one number of the documented form, the count bumped once', async () => {
    const learner = await t.learner(a, { member: { realName: '王小明' } });
    const exam = await createExam(t.database.db, a.eid, { certificate: true });
    const results = await Promise.all(Array.from({ length: 20 }, () => issue(learner, exam)));
    const issued = results.filter((r) => r !== null);
    expect(issued).toHaveLength(1);
    const rows = await certificatesOf(a.eid, learner.accountId);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(issued[0]).toEqual({ id: row!.id, number: row!.number, checkCode: row!.check_code });
    expect(row!.check_code).toMatch(CERTIFICATE_CHECK_CODE);
    expect(row!.number).toBe(`ZS${a.eid}${YEAR}${String(row!.id).padStart(8, '0')}`);
    expect(row!.holder_name).toBe('王小明');
    expect(await totalOf(a.eid, learner.accountId)).toBe(1);
    // Repeated later (a second submit, a retried job): nothing new.
    expect(await issue(learner, exam)).toBeNull();
    expect(await totalOf(a.eid, learner.accountId)).toBe(1);
    // The header's count and the certificate leaderboard read the total.
    const me = await t.call(viewCurrentUser, {}, { as: learner });
    expect(me.data.certificateCount).toBe(1);
    const board = await t.call(findCertificateRanks, { pageCurrent: 1, pageSize: 50 }, { as: learner });
    expect(board.data.list.find((e) => e.userName === '王小明')?.value).toBe(1);
  });

  it('gives every certificate its own number, across learners, sources and enterprises, issued at once', async () => {
    const [examA1, examA2] = [
      await createExam(t.database.db, a.eid, { certificate: true }),
      await createExam(t.database.db, a.eid, { certificate: true }),
    ];
    const examB = await createExam(t.database.db, b.eid, { certificate: true });
    const learnersA = await Promise.all(Array.from({ length: 8 }, () => t.learner(a)));
    const learnersB = await Promise.all(Array.from({ length: 4 }, () => t.learner(b)));
    const results = await Promise.all([
      ...learnersA.flatMap((l) => [issue(l, examA1), issue(l, examA2), issue(l, examA1)]),
      ...learnersB.map((l) => issue(l, examB)),
    ]);
    const issued = results.filter((r) => r !== null);
    const numbers = issued.map((r) => r.number);
    // Each its own random check code.
    expect(issued.every((r) => CERTIFICATE_CHECK_CODE.test(r.checkCode))).toBe(true);
    expect(new Set(issued.map((r) => r.checkCode)).size).toBe(issued.length);
    expect(numbers).toHaveLength(8 * 2 + 4);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) expect(n).toMatch(new RegExp(`^ZS(${a.eid}|${b.eid})${YEAR}\\d{8}$`));
    for (const l of learnersA) expect(await totalOf(a.eid, l.accountId)).toBe(2);
    for (const l of learnersB) expect(await totalOf(b.eid, l.accountId)).toBe(1);
  });

  it('issues nothing to a person who is no member of the enterprise, or for another enterprise’s template', async () => {
    const outsider = await t.learner(b);
    const exam = await createExam(t.database.db, a.eid, { certificate: true });
    await expect(grant(a.eid, outsider.accountId, exam.template!.id, exam.task.id, 'x', null)).rejects.toThrow();
    const examB = await createExam(t.database.db, b.eid, { certificate: true });
    const member = await t.learner(a);
    const other = await grant(a.eid, member.accountId, examB.template!.id, exam.task.id, 'x', null);
    expect(other).toBeNull();
    expect(await totalOf(a.eid, member.accountId)).toBe(0);
  });
});

describe('my certificates', () => {
  it('lists the learner’s own certificates newest first with number, title, dates, status and score', async () => {
    const learner = await t.learner(a);
    const first = await createExam(t.database.db, a.eid, { certificate: { validMonths: 24 } });
    const second = await createExam(t.database.db, a.eid, { certificate: true });
    const one = (await issue(learner, first, 900))!;
    const two = (await issue(learner, second, null))!;
    // The first one was issued three years ago: it has expired.
    await t.database.db.execute(
      sql`UPDATE certificates SET issued_at = issued_at - interval '3 years', valid_until = valid_until - interval '3 years' WHERE id = ${one.id}`,
    );
    const res = await t.call(findMyCertificates, {}, { as: learner });
    expect(res.code).toBe(200);
    expect(res.data.totalCount).toBe(2);
    expect(res.data.list.map((c) => c.number)).toEqual([two.number, one.number]);
    const [newer, older] = res.data.list;
    expect(newer).toMatchObject({ id: two.id, title: second.task.title, status: CertificateStatus.VALID, score: null });
    expect(newer!.validUntil).toBeNull();
    expect(older).toMatchObject({ id: one.id, title: first.task.title, status: CertificateStatus.EXPIRED, score: 90 });
    expect(new Date(older!.validUntil!).getTime()).toBeLessThan(Date.now());

    // Another learner of A and a learner of B see none of them.
    expect((await t.call(findMyCertificates, {}, { as: await t.learner(a) })).data.totalCount).toBe(0);
    expect((await t.call(findMyCertificates, {}, { as: await t.learner(b) })).data.totalCount).toBe(0);
    expect((await t.call(findMyCertificates, {}, { as: visitorOf(a) })).code).toBe(ErrorCode.NOT_SIGNED_IN);
  });
});

describe('the public check', () => {
  let holder: Learner;
  let number: string;
  let checkCode: string;
  const ID = '110105194912310038';

  beforeAll(async () => {
    holder = await learnerWithId(a, '张小三', ID);
    const exam = await createExam(t.database.db, a.eid, {
      certificate: { issuer: '甲企业培训中心', validMonths: 12 },
    });
    ({ number, checkCode } = (await issue(holder, exam))!);
  });

  it('finds a certificate by number and check code for a visitor of its site (visitor mode off): name masked, title, date, issuer, validity', async () => {
    const res = await t.call(
      queryCertificate,
      { queryType: CertificateQueryType.NUMBER, number, checkCode },
      { as: visitorOf(a) },
    );
    expect(res.code).toBe(200);
    expect(res.data).toHaveLength(1);
    const [found] = res.data;
    expect(found).toMatchObject({
      number,
      holderName: '张*三',
      issuer: '甲企业培训中心',
      status: CertificateStatus.VALID,
    });
    expect(found!.validUntil).not.toBeNull();
    expect(JSON.stringify(res.data)).not.toContain('张小三');
    expect(JSON.stringify(res.data)).not.toContain(ID);
    // Typed in lower case, the code with a hyphen and a space, it is found all the same.
    const typed = `${checkCode.slice(0, 4)}- ${checkCode.slice(4)}`.toLowerCase();
    const lower = await t.call(
      queryCertificate,
      { number: number.toLowerCase(), checkCode: typed },
      { as: visitorOf(a) },
    );
    expect(lower.data[0]?.number).toBe(number);
  });

  it('cannot be walked by number: without its check code, or with a wrong one, a real number answers as an unknown one', async () => {
    const notFound = { code: ErrorCode.CERTIFICATE_NOT_FOUND, message: '未查询到相关证书信息', data: null };
    // The numbers around it (ids count up) and the number itself, without the code.
    const id = Number(number.slice(-8));
    const walked = [-1, 0, 1].map((d) => `${number.slice(0, -8)}${String(id + d).padStart(8, '0')}`);
    for (const n of walked) {
      expect(await t.call(queryCertificate, { number: n }, { as: visitorOf(a) })).toEqual(notFound);
      expect(await t.call(queryCertificate, { number: n, checkCode: '' }, { as: visitorOf(a) })).toEqual(notFound);
    }
    const wrongCode = `${checkCode.slice(0, -1)}${checkCode.endsWith('Z') ? 'Y' : 'Z'}`;
    expect(await t.call(queryCertificate, { number, checkCode: wrongCode }, { as: visitorOf(a) })).toEqual(notFound);
    expect(await t.call(queryCertificate, { number, checkCode: 'not a code' }, { as: visitorOf(a) })).toEqual(notFound);
    const en = await t.call(queryCertificate, { number, checkCode: wrongCode }, { as: visitorOf(a), lang: 'en' });
    expect(en).toEqual({ code: ErrorCode.CERTIFICATE_NOT_FOUND, message: 'No certificate was found', data: null });
    // Another certificate's code does not open this one.
    const other = (await issue(await t.learner(a), await createExam(t.database.db, a.eid, { certificate: true })))!;
    expect(await t.call(queryCertificate, { number, checkCode: other.checkCode }, { as: visitorOf(a) })).toEqual(
      notFound,
    );
  });

  it('finds it from its QR code’s address: the number and code the address carries', async () => {
    const url = new URL(checkUrlOf(a.correctDomain, { protocol: 'https', host: 'x' }, { number, checkCode }, 'zh'));
    const res = await t.call(
      queryCertificate,
      { number: url.searchParams.get('number')!, checkCode: url.searchParams.get('code')! },
      { as: visitorOf(a) },
    );
    expect(res.code).toBe(200);
    expect(res.data.map((c) => c.number)).toEqual([number]);
  });

  it('finds nothing for a wrong number (7701, in zh and en), and nothing of A on B’s site', async () => {
    const wrong = `${number.slice(0, -1)}${number.endsWith('9') ? '8' : '9'}`;
    const zh = await t.call(queryCertificate, { number: wrong, checkCode }, { as: visitorOf(a) });
    expect(zh).toEqual({ code: ErrorCode.CERTIFICATE_NOT_FOUND, message: '未查询到相关证书信息', data: null });
    const en = await t.call(queryCertificate, { number: wrong, checkCode }, { as: visitorOf(a), lang: 'en' });
    expect(en.message).toBe('No certificate was found');
    const elsewhere = await t.call(queryCertificate, { number, checkCode }, { as: visitorOf(b) });
    expect(elsewhere.code).toBe(ErrorCode.CERTIFICATE_NOT_FOUND);
    // A learner of B, signed in, checks in B.
    expect((await t.call(queryCertificate, { number, checkCode }, { as: await t.learner(b) })).code).toBe(
      ErrorCode.CERTIFICATE_NOT_FOUND,
    );
  });

  it('refuses a missing or malformed number with its message, and a name query without its fields', async () => {
    const empty = await t.call(queryCertificate, { queryType: 1 }, { as: visitorOf(a) });
    expect(empty.code).toBe(ErrorCode.BAD_INPUT);
    expect(empty.message).toContain('请输入证书编号');
    const bad = await t.call(queryCertificate, { number: 'ABC', checkCode }, { as: visitorOf(a), lang: 'en' });
    expect(bad.code).toBe(ErrorCode.BAD_INPUT);
    expect(bad.message).toContain('Please enter a valid certificate number');
    const noCaptcha = await t.call(
      queryCertificate,
      { queryType: CertificateQueryType.HOLDER, realName: '张小三', idCard: encryptFor(t, ID) },
      { as: visitorOf(a) },
    );
    expect(noCaptcha.code).toBe(ErrorCode.BAD_INPUT);
    expect(noCaptcha.message).toContain('请输入图形验证码');
  });

  it('finds it by name and ID number with a solved image captcha; a wrong captcha, name or ID finds nothing', async () => {
    const byHolder = (
      realName: string,
      idCard: string,
      captcha: { imageCodeToken: string; imageCode: string },
      site = a,
    ) =>
      t.call(
        queryCertificate,
        { queryType: CertificateQueryType.HOLDER, realName, idCard: encryptFor(t, idCard), ...captcha },
        { as: visitorOf(site) },
      );
    const res = await byHolder('张小三', ID, await captchaFor(t));
    expect(res.code).toBe(200);
    expect(res.data.map((c) => c.number)).toEqual([number]);
    expect(res.data[0]!.holderName).toBe(maskName('张小三'));

    const captcha = await captchaFor(t);
    const wrongCaptcha = await byHolder('张小三', ID, { ...captcha, imageCode: 'XXXX' });
    expect(wrongCaptcha.code).toBe(ErrorCode.CAPTCHA_WRONG);
    expect(wrongCaptcha.data).toBeNull();
    // The captcha was used up by the wrong answer.
    expect((await byHolder('张小三', ID, captcha)).code).toBe(ErrorCode.CAPTCHA_EXPIRED);

    expect((await byHolder('张小四', ID, await captchaFor(t))).code).toBe(ErrorCode.CERTIFICATE_NOT_FOUND);
    expect((await byHolder('张小三', '11010519491231002X', await captchaFor(t))).code).toBe(
      ErrorCode.CERTIFICATE_NOT_FOUND,
    );
    expect((await byHolder('张小三', ID, await captchaFor(t), b)).code).toBe(ErrorCode.CERTIFICATE_NOT_FOUND);
    const invalid = await byHolder('张小三', '123456', await captchaFor(t));
    expect(invalid.code).toBe(ErrorCode.BAD_INPUT);
    expect(invalid.message).toBe('请输入正确的身份证号码');
    const plain = await t.call(
      queryCertificate,
      unchecked({ queryType: 2, realName: '张小三', idCard: ID, ...(await captchaFor(t)) }),
      { as: visitorOf(a) },
    );
    expect(plain.code).toBe(ErrorCode.BAD_INPUT);
  });

  it('is limited per address like the other public look-ups (SIGN_IN_PER_IP_PER_MINUTE)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < t.platform.perMinute + 1; i++) {
      // Guesses of the code count like any look-up.
      const res = await t.call(
        queryCertificate,
        { number, checkCode: i % 2 === 0 ? checkCode : 'ABCDEFGH' },
        { as: visitorOf(a), raw: true, remoteAddress: '198.51.100.7' },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not held back.
    const other = await t.call(
      queryCertificate,
      { number, checkCode },
      { as: visitorOf(a), raw: true, remoteAddress: '198.51.100.8' },
    );
    expect(other.status).toBe(200);
  });
});

describe('downloading a certificate as a PDF', () => {
  async function fetchPdf(url: string, headers: Record<string, string> = {}) {
    // A file served beside the gateway (the link's own route), fetched as the browser would.
    return t.app.inject({ method: 'GET', url, headers });
  }

  it('gives the holder a link to a PDF whose text holds the Chinese name, title, number and issuer', async () => {
    const learner = await t.learner(a, { member: { realName: '李四光' } });
    const exam = await createExam(t.database.db, a.eid, {
      task: { title: '安全生产知识考试' },
      certificate: { title: '合格证书', issuer: '甲企业培训中心', signature: '培训中心主任 李明', validMonths: 36 },
    });
    const { id, number, checkCode } = (await issue(learner, exam, 925))!;
    const link = await t.call(getCertificateDownloadUrl, { id }, { as: learner });
    expect(link.code).toBe(200);
    expect(link.data.fileName).toBe(`合格证书-${number}.pdf`);
    const res = await fetchPdf(link.data.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(link.data.fileName)}`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The font is embedded as a subset: a certificate is small.
    expect(pdf.length).toBeLessThan(100_000);
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
    // Lines break where the page's width says: the text is compared without its breaks.
    const text = (await pdfText(pdf)).replace(/\s+/g, '');
    expect(text).toContain('李四光同志于');
    expect(text).toContain('通过“安全生产知识考试”考试，成绩92.5分，特发此证。');
    expect(text).toContain(`证书编号：${number}`);
    expect(text).toContain(`校验码：${checkCode}`);
    expect(text).toContain('甲企业培训中心');
    expect(text).toContain('培训中心主任李明');
    expect(text).toContain('有效期至');
    // No seal image in the template: the seal is drawn, no picture in the file.
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it('prints the template’s seal picture when it has one (an uploaded PNG)', async () => {
    const learner = await t.learner(a);
    const key = `avatars/${a.eid}/seal${'x'.repeat(20)}.png`;
    await t.platform.storage.put(key, await QRCode.toBuffer('seal', { type: 'png' }));
    const exam = await createExam(t.database.db, a.eid, { certificate: { sealUrl: `/uploads/${key}` } });
    const { id } = (await issue(learner, exam))!;
    const link = await t.call(getCertificateDownloadUrl, { id }, { as: learner, lang: 'en' });
    const res = await fetchPdf(link.data.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
  });

  it('is one language, the site’s: a Chinese site’s certificate from the English page has no English, an English site’s none of Chinese', async () => {
    const learner = await t.learner(a, { member: { realName: '赵六' } });
    const { id } = (await issue(learner, await createExam(t.database.db, a.eid, { certificate: true })))!;
    const link = await t.call(getCertificateDownloadUrl, { id }, { as: learner, lang: 'en' });
    const zh = await pdfText((await fetchPdf(link.data.url)).rawPayload);
    expect(zh).toContain('证书编号：');
    expect(zh).toContain('发证单位：');
    expect(zh).not.toMatch(/Certificate|Check code|Date of issue|Valid until|No expiry|Issued by|Signed|Scan/);
    expect(zh).not.toMatch(/[A-Za-z]: /);

    const en = await createEnterprise(t.database.db, { name: 'Acme Training', lang: 'en' });
    const learnerEn = await t.learner(en, { member: { realName: 'Ann Lee' } });
    const examEn = await createExam(t.database.db, en.eid, {
      task: { title: 'Fire Safety' },
      certificate: { issuer: 'Acme Training Centre' },
    });
    await t.database.db
      .update(schema.certificateTemplates)
      .set({ title: 'Certificate', body: '{name} passed “{title}” on {date} with {score}.' })
      .where(sql`id = ${examEn.template!.id}`);
    const cert = (await issue(learnerEn, examEn, 900))!;
    const enLink = await t.call(getCertificateDownloadUrl, { id: cert.id }, { as: learnerEn });
    const text = await pdfText((await fetchPdf(enLink.data.url)).rawPayload);
    expect(text).toContain(`Certificate No.: ${cert.number}`);
    expect(text).toContain(`Check code: ${cert.checkCode}`);
    expect(text).toContain('Issued by: Acme Training Centre');
    expect(text).not.toMatch(/[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/);
  });

  it('points its QR code at the site’s public address: the scheme and port it was opened on, behind the trusted proxy', async () => {
    const local = await createEnterprise(t.database.db, { correctDomain: '' });
    const learner = await t.learner(local);
    const { id, number, checkCode } = (await issue(
      learner,
      await createExam(t.database.db, local.eid, { certificate: true }),
    ))!;
    const link = await t.call(getCertificateDownloadUrl, { id }, { as: learner });
    const check = `/certificate/query?number=${number}&code=${checkCode}`;
    // Opened on http://localhost:3000 (the demo): that address, port and all, not https://localhost.
    const direct = await fetchPdf(link.data.url, { host: 'localhost:3000' });
    expect(direct.rawPayload.toString('latin1')).toContain(`(http://localhost:3000${check})`);
    // Behind the proxy (TRUST_PROXY): the address the visitor used.
    const proxied = await fetchPdf(link.data.url, {
      host: 'localhost:3000',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'learn.example.org',
    });
    expect(proxied.rawPayload.toString('latin1')).toContain(`(https://learn.example.org${check})`);
  });

  it('refuses another learner’s certificate and another enterprise’s (7701); a tampered or missing link is not found', async () => {
    const owner = await t.learner(a);
    const exam = await createExam(t.database.db, a.eid, { certificate: true });
    const { id } = (await issue(owner, exam))!;
    const colleague = await t.learner(a);
    expect((await t.call(getCertificateDownloadUrl, { id }, { as: colleague })).code).toBe(
      ErrorCode.CERTIFICATE_NOT_FOUND,
    );
    // The same person in B: the session's enterprise decides.
    const alsoInB = await t.learner(b, { alsoIn: [a] });
    expect((await t.call(getCertificateDownloadUrl, { id }, { as: alsoInB })).code).toBe(
      ErrorCode.CERTIFICATE_NOT_FOUND,
    );
    expect((await t.call(getCertificateDownloadUrl, { id }, { as: await t.learner(b) })).code).toBe(
      ErrorCode.CERTIFICATE_NOT_FOUND,
    );
    expect((await t.call(getCertificateDownloadUrl, { id }, { as: visitorOf(a) })).code).toBe(ErrorCode.NOT_SIGNED_IN);

    const link = await t.call(getCertificateDownloadUrl, { id }, { as: owner });
    const ticket = new URL(link.data.url, 'http://x').searchParams.get('ticket')!;
    const [body, sig] = ticket.split('.');
    const data = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ ...data, accountId: String(colleague.accountId) })).toString('base64url')}.${sig}`;
    expect((await fetchPdf(`/files/certificate.pdf?ticket=${encodeURIComponent(forged)}`)).statusCode).toBe(404);
    expect((await fetchPdf('/files/certificate.pdf')).statusCode).toBe(404);
    // A link whose certificate is gone opens nothing.
    await t.database.db.delete(schema.certificates).where(sql`id = ${id}`);
    expect((await fetchPdf(link.data.url)).statusCode).toBe(404);
  });
});

describe('the QR code’s address', () => {
  const cert = (n: number) => ({ number: `ZS${n}`, checkCode: 'ABCD2345' });
  it('is the public check with number and code, on the address opened (scheme, port), the configured domain’s name when set', () => {
    expect(checkUrlOf('localhost', { protocol: 'http', host: 'localhost:3000' }, cert(1), 'zh')).toBe(
      'http://localhost:3000/certificate/query?number=ZS1&code=ABCD2345',
    );
    expect(checkUrlOf('Learn.Example.com ', { protocol: 'https', host: 'x.example.com' }, cert(2), 'en')).toBe(
      'https://learn.example.com/en/certificate/query?number=ZS2&code=ABCD2345',
    );
    // No usable configured domain: the address the link was opened on.
    expect(checkUrlOf('', { protocol: 'http', host: 'sfj.localhost:3000' }, cert(3), 'zh')).toBe(
      'http://sfj.localhost:3000/certificate/query?number=ZS3&code=ABCD2345',
    );
    expect(checkUrlOf('http://bad/', { protocol: 'https', host: 'localhost:8443' }, cert(4), 'zh')).toBe(
      'https://localhost:8443/certificate/query?number=ZS4&code=ABCD2345',
    );
    // A host that is no host: the configured domain.
    expect(checkUrlOf('learn.example.com', { protocol: 'http', host: 'a/b?c' }, cert(5), 'zh')).toBe(
      'https://learn.example.com/certificate/query?number=ZS5&code=ABCD2345',
    );
  });
});

describe('maskName', () => {
  it('keeps the first and last characters', () => {
    expect(maskName('张三')).toBe('张*');
    expect(maskName('张小三')).toBe('张*三');
    expect(maskName('欧阳小明')).toBe('欧**明');
    expect(maskName('王')).toBe('*');
  });
});
