import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CertificateUserKind,
  DEFAULT_CERTIFICATE_LAYOUTS,
  EarningSource,
  ErrorCode,
  certificateTemplateFormFor,
  createCertificateTemplate,
  deleteCertificateTemplate,
  editCertificateTemplate,
  findAdminCertificateTemplates,
  findAuditLog,
  findCertificateTemplates,
  getCertificateDownloadUrl,
  previewCertificateTemplate,
  uploadPic,
  viewCertificateTemplate,
  type CertificateTemplateForm,
} from '@portal/contract';
import { schema, withTenant } from '@portal/db';
import { DEMO_CERTIFICATE_DESIGN } from '@portal/db/seed-certificate';
import { TINY_PNG } from '../../test/catalog-factories.ts';
import { createEnterprise, createExam, type Learner } from '../../test/factories.ts';
import { createTestApp, invalidFields, type TestApp } from '../../test/harness.ts';
import { earnOnce } from '../earning/index.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';
import { pdfText } from './pdf-text.ts';

type Ent = Awaited<ReturnType<typeof createEnterprise>>;
let t: TestApp;
let a: Ent;
let b: Ent;
let en: Ent;
let admin: Learner;
let otherAdmin: Learner;
let enAdmin: Learner;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ TENANT_CODES: '' });
  a = await createEnterprise(db(), { name: '甲企业' });
  b = await createEnterprise(db(), { name: '乙企业' });
  en = await createEnterprise(db(), { name: 'Acme', lang: 'en' });
  admin = await t.learner(a, { member: { isAdmin: true, realName: '王管理' } });
  otherAdmin = await t.learner(b, { member: { isAdmin: true } });
  enAdmin = await t.learner(en, { member: { isAdmin: true, realName: 'Ada Admin' } });
});
afterAll(async () => t?.close());

const L = DEFAULT_CERTIFICATE_LAYOUTS.landscape;
const formOf = (over: Partial<CertificateTemplateForm> = {}): CertificateTemplateForm => ({
  title: '结业证书',
  body: '{name}同志完成“{title}”，成绩{score}分，特发此证。',
  issuer: '甲企业培训中心',
  signature: '主任 李明',
  sealUrl: '',
  validMonths: 24,
  orientation: 'landscape',
  backgroundUrl: '',
  layout: structuredClone(L),
  ...over,
});

const upload = async (who: Learner) => {
  const res = await t.call(uploadPic, {}, { as: who, file: { field: 'picFile', filename: 'bg.png', data: TINY_PNG } });
  expect(res.code).toBe(200);
  return res.data.url;
};

const pdfOf = (base64: string) => Buffer.from(base64, 'base64');
const hasImage = (pdf: Buffer) => /\/Subtype\s*\/Image/.test(pdf.toString('latin1'));

async function issue(learner: Learner, templateId: number, taskId: number, title: string) {
  const earned = await withTenant(learner.eid!, () =>
    t.platform.db.transaction((tx) =>
      earnOnce(
        tx,
        { eid: learner.eid!, accountId: learner.accountId },
        {
          source: { type: EarningSource.EXAM_TASK, id: taskId, title },
          hoursTenths: 0,
          points: 0,
          certificate: { templateId, scoreTenths: 905 },
        },
      ),
    ),
  );
  return earned.certificate!;
}

async function downloaded(learner: Learner, id: number) {
  const link = await t.call(getCertificateDownloadUrl, { id }, { as: learner });
  expect(link.code).toBe(200);
  const res = await t.app.inject({ method: 'GET', url: link.data.url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('certificate templates in the back office', () => {
  it('creates a template with an uploaded background and a layout, lists and views it, audited', async () => {
    const bg = await upload(admin);
    const layout = structuredClone(L);
    layout.name = { ...layout.name, shown: true, x: 100, y: 250, width: 800, fontSize: 30, color: '#AA0000' };
    const made = await t.call(createCertificateTemplate, formOf({ backgroundUrl: bg, layout }), { as: admin });
    expect(made.code, JSON.stringify(made)).toBe(200);
    const view = await t.call(viewCertificateTemplate, { id: made.data.id }, { as: admin });
    expect(view.data).toMatchObject({
      title: '结业证书',
      backgroundUrl: bg,
      orientation: 'landscape',
      issued: 0,
      usedBy: [],
      usedByCount: 0,
    });
    // Colours are kept in lower case.
    expect(view.data.layout.name).toEqual({ ...layout.name, color: '#aa0000' });
    const list = await t.call(findAdminCertificateTemplates, { keyword: '结业' }, { as: admin });
    expect(list.data.list.map((r) => r.id)).toContain(made.data.id);
    // The exam editor's choice lists it.
    const choices = await t.call(findCertificateTemplates, {}, { as: admin });
    expect(choices.data.map((c) => c.id)).toContain(made.data.id);
    // The upload is the site's now: not swept with the administrator's unclaimed files.
    const key = bg.slice('/uploads/'.length);
    const [ledger] = await db().select().from(schema.uploads).where(eq(schema.uploads.key, key));
    expect(ledger).toMatchObject({ accountId: null });
    expect(ledger!.claimedAt).not.toBeNull();
    const log = await t.call(
      findAuditLog,
      { entityType: 'certificate_template', entityId: String(made.data.id) },
      { as: admin },
    );
    expect(log.data.list.map((e) => e.action)).toEqual(['createCertificateTemplate']);
  });

  it('previews the unsaved form as a PDF with the administrator’s name, today and a sample number', async () => {
    const layout = structuredClone(L);
    layout.name = { ...layout.name, shown: true };
    layout.title = { ...layout.title, shown: true };
    const res = await t.call(previewCertificateTemplate, formOf({ backgroundUrl: await upload(admin), layout }), {
      as: admin,
    });
    expect(res.code, JSON.stringify(res).slice(0, 300)).toBe(200);
    const pdf = pdfOf(res.data.pdf);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(hasImage(pdf)).toBe(true);
    const text = await pdfText(pdf);
    // The name and the sample exam's title as fields of their own, and in the body.
    expect(text.split('\n')).toContain('王管理');
    expect(text.split('\n')).toContain('示例考试');
    const flat = text.replace(/\s+/g, '');
    expect(flat).toContain('王管理同志完成“示例考试”，成绩95分，特发此证。');
    expect(flat).toContain(`证书编号：ZS${a.eid}`);
    expect(flat).toContain('结业证书'.split('').join(''));
    expect(flat).toContain('甲企业培训中心');
    expect(res.data.fileName).toMatch(/^证书预览-ZS\d+\.pdf$/);
    // Audited (a preview changes nothing, but every administrator's write is in the log).
    const log = await t.call(findAuditLog, { entityType: 'certificate_template', entityId: '0' }, { as: admin });
    expect(log.data.list.map((e) => e.action)).toContain('previewCertificateTemplate');

    // An English site's preview is wholly in English.
    const english = await t.call(
      previewCertificateTemplate,
      formOf({ title: 'Certificate', body: 'This certifies that {name} passed {title}.', issuer: 'Acme Academy' }),
      { as: enAdmin, lang: 'en' },
    );
    expect(english.code).toBe(200);
    const enText = (await pdfText(pdfOf(english.data.pdf))).replace(/\s+/g, ' ');
    expect(enText).toContain('This certifies that Ada Admin passed Sample exam.');
    expect(enText).toContain('Certificate No.: ZS');
  });

  it('prints an issued certificate with the designed layout: the placed texts, portrait, the background', async () => {
    const learner = await t.learner(a, { member: { realName: '李四光' } });
    const layout = structuredClone(DEFAULT_CERTIFICATE_LAYOUTS.portrait);
    layout.name = { ...layout.name, shown: true, y: 300 };
    layout.body = { ...layout.body, y: 400 };
    layout.qr = { ...layout.qr, shown: false };
    const made = await t.call(
      createCertificateTemplate,
      formOf({ orientation: 'portrait', backgroundUrl: await upload(admin), layout }),
      { as: admin },
    );
    expect(made.code, JSON.stringify(made)).toBe(200);
    const exam = await createExam(db(), a.eid, { task: { title: '消防知识考试' } });
    const cert = await issue(learner, made.data.id, exam.task.id, '消防知识考试');
    const pdf = await downloaded(learner, cert.id);
    expect(hasImage(pdf)).toBe(true);
    // Portrait: the page's box is 595 wide and 842 high.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const text = await pdfText(pdf);
    expect(text.split('\n')).toContain('李四光');
    expect(text.replace(/\s+/g, '')).toContain('李四光同志完成“消防知识考试”，成绩90.5分，特发此证。');
    expect(text).toContain(cert.number);
    // The QR code is hidden: no caption, no link.
    expect(text).not.toContain('扫码查验证书');
    expect(pdf.toString('latin1')).not.toMatch(/\/URI/);

    // Now used and issued: not deleted, with the reason.
    const used = await t.call(deleteCertificateTemplate, { id: made.data.id }, { as: admin });
    expect(used.code).toBe(ErrorCode.CERTIFICATE_TEMPLATE_ISSUED);
    expect(used.message).toBe('已有1张证书由该模板颁发，不能删除');
    const list = await t.call(findAdminCertificateTemplates, {}, { as: admin });
    expect(list.data.list.find((r) => r.id === made.data.id)).toMatchObject({ issued: 1, orientation: 'portrait' });
  });

  it('still prints a certificate of a template without layout (as before) and one whose background is broken', async () => {
    const learner = await t.learner(a, { member: { realName: '赵六' } });
    const exam = await createExam(db(), a.eid, { certificate: { title: '合格证书', issuer: '甲企业' } });
    const [row] = await db()
      .select()
      .from(schema.certificateTemplates)
      .where(eq(schema.certificateTemplates.id, exam.template!.id));
    expect(row).toMatchObject({ layout: null, orientation: 'landscape', backgroundUrl: '' });
    const cert = await issue(learner, exam.template!.id, exam.task.id, exam.task.title);
    const before = await pdfText(await downloaded(learner, cert.id));
    expect(before.replace(/\s+/g, '')).toContain('赵六');
    expect(before).toContain('扫码查验证书');
    expect(before).toContain(`证书编号：${cert.number}`);
    // The view offers the default layout: the places certificates were printed in before.
    const view = await t.call(viewCertificateTemplate, { id: exam.template!.id }, { as: admin });
    expect(view.data.layout).toEqual(DEFAULT_CERTIFICATE_LAYOUTS.landscape);
    expect(view.data.usedBy).toEqual([{ kind: CertificateUserKind.EXAM, id: exam.task.id, title: exam.task.title }]);

    // A background whose file is broken (a PNG's signature, then nothing), or gone: printed without.
    const key = `avatars/${a.eid}/broken${'x'.repeat(20)}.png`;
    await t.platform.storage.put(key, Buffer.concat([TINY_PNG.subarray(0, 40)]));
    for (const url of [`/uploads/${key}`, `/uploads/avatars/${a.eid}/gone${'y'.repeat(20)}.png`]) {
      await db()
        .update(schema.certificateTemplates)
        .set({ backgroundUrl: url, sealUrl: url })
        .where(eq(schema.certificateTemplates.id, exam.template!.id));
      const pdf = await downloaded(learner, cert.id);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(hasImage(pdf)).toBe(false);
      expect(await pdfText(pdf)).toBe(before);
    }
    // And the printer itself, given bytes that claim to be a JPEG.
    const pdf = await renderCertificatePdf({
      templateTitle: '合格证书',
      body: '{name}',
      title: '考试',
      holderName: '钱七',
      number: 'ZS1',
      checkCode: 'ABCDEFGH',
      issuedAt: new Date(),
      validUntil: null,
      scoreTenths: null,
      issuer: '甲',
      signature: '',
      seal: Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]),
      background: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]),
      checkUrl: 'http://localhost/certificate/query',
      lang: 'zh',
    });
    expect(hasImage(pdf)).toBe(false);
    expect(await pdfText(pdf)).toContain('钱七');
  });

  it('refuses a layout beyond the page or of silly sizes, with the field named, in the caller’s language', async () => {
    const layout = structuredClone(L);
    layout.body = { ...layout.body, x: 500, width: 600 };
    const wide = await t.call(createCertificateTemplate, formOf({ layout }), { as: admin });
    expect(wide.code).toBe(ErrorCode.BAD_INPUT);
    expect(invalidFields(wide)).toEqual([{ field: 'layout.body.width', message: '「证书正文」超出了页面右边' }]);

    const low = structuredClone(L);
    low.seal = { ...low.seal, y: 900 };
    const lowRes = await t.call(createCertificateTemplate, formOf({ layout: low }), { as: admin, lang: 'en' });
    expect(lowRes.code).toBe(ErrorCode.BAD_INPUT);
    expect(invalidFields(lowRes)).toEqual([
      { field: 'layout.seal.y', message: `"Seal" goes past the page's bottom edge` },
    ]);

    const silly = structuredClone(L);
    silly.heading = { ...silly.heading, fontSize: 200, color: 'red' };
    const sillyRes = await t.call(createCertificateTemplate, formOf({ layout: silly }), { as: admin });
    expect(sillyRes.code).toBe(ErrorCode.BAD_INPUT);
    expect(
      invalidFields(sillyRes)
        .map((f) => f.field)
        .sort(),
    ).toEqual(['layout.heading.color', 'layout.heading.fontSize']);
    expect(invalidFields(sillyRes).map((f) => f.message)).toContain('字号须在6到72之间');

    // A landscape layout that fits is not always a portrait one: judged by the page it is for.
    const seal = structuredClone(L);
    seal.seal = { ...seal.seal, y: 750, width: 200 };
    expect((await t.call(previewCertificateTemplate, formOf({ layout: seal }), { as: admin })).code).toBe(
      ErrorCode.BAD_INPUT,
    );
    expect(
      (await t.call(previewCertificateTemplate, formOf({ layout: seal, orientation: 'portrait' }), { as: admin })).code,
    ).toBe(200);

    // Nothing was stored by the refusals.
    const list = await t.call(findAdminCertificateTemplates, { keyword: '结业' }, { as: admin });
    expect(list.data.list.every((r) => r.title === '结业证书')).toBe(true);
  });

  it('takes only a JPG or PNG background the administrator or the site uploaded', async () => {
    const foreign = await upload(otherAdmin);
    for (const backgroundUrl of [
      foreign,
      'https://example.com/background.png',
      '/uploads/avatars/nothing-here-at-all-xxxxxxx.png',
      '/certificates/none.png',
    ]) {
      const res = await t.call(createCertificateTemplate, formOf({ backgroundUrl }), { as: admin });
      expect(res.code, backgroundUrl).toBe(ErrorCode.CERTIFICATE_BACKGROUND_UNUSABLE);
      expect(res.message).toBe('背景图片不可用：请上传JPG或PNG图片，不超过2 MB');
      const preview = await t.call(previewCertificateTemplate, formOf({ backgroundUrl }), { as: admin });
      expect(preview.code, backgroundUrl).toBe(ErrorCode.CERTIFICATE_BACKGROUND_UNUSABLE);
    }
    const seal = await t.call(createCertificateTemplate, formOf({ sealUrl: foreign }), { as: admin, lang: 'en' });
    expect(seal.code).toBe(ErrorCode.CERTIFICATE_SEAL_UNUSABLE);
    expect(seal.message).toBe("The seal picture can't be used: upload a JPG or PNG picture of at most 2 MB");
  });

  it('edits a template and deletes one nothing uses; refuses while an exam grants it', async () => {
    const made = await t.call(createCertificateTemplate, formOf({ title: '待删证书' }), { as: admin });
    const edited = await t.call(
      editCertificateTemplate,
      { id: made.data.id, ...formOf({ title: '改名证书', validMonths: null }) },
      { as: admin },
    );
    expect(edited.code).toBe(200);
    expect((await t.call(viewCertificateTemplate, { id: made.data.id }, { as: admin })).data).toMatchObject({
      title: '改名证书',
      validMonths: null,
    });
    const exam = await createExam(db(), a.eid);
    await db()
      .update(schema.examTasks)
      .set({ certificateTemplateId: made.data.id })
      .where(eq(schema.examTasks.id, exam.task.id));
    const inUse = await t.call(deleteCertificateTemplate, { id: made.data.id }, { as: admin, lang: 'en' });
    expect(inUse.code).toBe(ErrorCode.CERTIFICATE_TEMPLATE_IN_USE);
    expect(inUse.message).toBe(
      'This certificate template is granted by 1 exams, study tasks or projects; it cannot be deleted',
    );
    await db()
      .update(schema.examTasks)
      .set({ certificateTemplateId: null })
      .where(eq(schema.examTasks.id, exam.task.id));
    expect((await t.call(deleteCertificateTemplate, { id: made.data.id }, { as: admin })).code).toBe(200);
    expect((await t.call(viewCertificateTemplate, { id: made.data.id }, { as: admin })).code).toBe(
      ErrorCode.CERTIFICATE_TEMPLATE_NOT_FOUND,
    );
    const log = await t.call(
      findAuditLog,
      { entityType: 'certificate_template', entityId: String(made.data.id) },
      { as: admin },
    );
    expect(log.data.list.map((e) => e.action).sort()).toEqual([
      'createCertificateTemplate',
      'deleteCertificateTemplate',
      'editCertificateTemplate',
    ]);
  });

  it('refuses another enterprise’s administrator on every call with an id, and a learner on every call', async () => {
    const made = await t.call(createCertificateTemplate, formOf({ title: '甲的证书' }), { as: admin });
    const id = made.data.id;
    const other = { as: otherAdmin };
    expect((await t.call(viewCertificateTemplate, { id }, other)).code).toBe(ErrorCode.CERTIFICATE_TEMPLATE_NOT_FOUND);
    expect((await t.call(editCertificateTemplate, { id, ...formOf({ title: '乙改' }) }, other)).code).toBe(
      ErrorCode.CERTIFICATE_TEMPLATE_NOT_FOUND,
    );
    expect((await t.call(deleteCertificateTemplate, { id }, other)).code).toBe(
      ErrorCode.CERTIFICATE_TEMPLATE_NOT_FOUND,
    );
    expect((await t.call(previewCertificateTemplate, { id, ...formOf() }, other)).code).toBe(
      ErrorCode.CERTIFICATE_TEMPLATE_NOT_FOUND,
    );
    const theirs = await t.call(findAdminCertificateTemplates, {}, other);
    expect(theirs.data.list.map((r) => r.id)).not.toContain(id);
    // Still A's, unchanged.
    expect((await t.call(viewCertificateTemplate, { id }, { as: admin })).data.title).toBe('甲的证书');

    const learner = await t.learner(a);
    for (const res of [
      await t.call(findAdminCertificateTemplates, {}, { as: learner }),
      await t.call(viewCertificateTemplate, { id }, { as: learner }),
      await t.call(createCertificateTemplate, formOf(), { as: learner }),
      await t.call(editCertificateTemplate, { id, ...formOf() }, { as: learner }),
      await t.call(deleteCertificateTemplate, { id }, { as: learner }),
      await t.call(previewCertificateTemplate, formOf(), { as: learner }),
    ])
      expect(res.code).toBe(ErrorCode.NOT_ADMIN);
  });

  it('the demo sites’ design is a valid layout and prints its background with the texts', async () => {
    const form = { ...formOf(), ...DEMO_CERTIFICATE_DESIGN };
    const checked = certificateTemplateFormFor('zh').safeParse(form);
    expect(checked.success, JSON.stringify(checked.error?.issues)).toBe(true);
    const background = await readFile(
      new URL('../../../../web/public/demo/certificate-background.png', import.meta.url),
    );
    expect(background.length).toBeLessThan(50_000);
    const pdf = await renderCertificatePdf({
      templateTitle: '安全生产培训合格证书',
      body: '{name}同志于{date}参加“{title}”，成绩{score}分，考核合格，特发此证。',
      title: '安全生产知识测验',
      holderName: '李静',
      number: 'ZS1001202600000001',
      checkCode: 'ABCDEFGH',
      issuedAt: new Date(),
      validUntil: null,
      scoreTenths: 1000,
      issuer: '企业培训中心',
      signature: '培训中心主任',
      seal: null,
      background,
      orientation: 'landscape',
      layout: checked.data!.layout,
      checkUrl: 'http://localhost:3000/certificate/query?number=ZS1001202600000001&code=ABCDEFGH',
      lang: 'zh',
    });
    expect(hasImage(pdf)).toBe(true);
    const text = await pdfText(pdf);
    expect(text.split('\n')).toContain('李静');
    expect(text.replace(/\s+/g, '')).toContain('安全生产培训合格证书');
  });
});
