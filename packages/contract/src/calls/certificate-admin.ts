import { z } from 'zod';
import { defineCall } from '../call.ts';
import { id, pageResponse, paging } from '../envelope.ts';
import type { Lang } from '../errors.ts';

// The back office's certificate templates (issue 22 item 3, decision 055): the template's texts,
// a background picture on an A4 page (landscape or portrait) and where each field of the
// certificate is printed on it, with a preview PDF made by the code that prints real certificates.

export const CERTIFICATE_TEMPLATE_TITLE_MAX = 30;
export const CERTIFICATE_TEMPLATE_BODY_MAX = 1000;
export const CERTIFICATE_TEMPLATE_ISSUER_MAX = 50;
export const CERTIFICATE_TEMPLATE_SIGNATURE_MAX = 50;
export const CERTIFICATE_TEMPLATE_URL_MAX = 500;
export const CERTIFICATE_VALID_MONTHS_MAX = 600;
/** A background or seal picture the printer reads (JPEG or PNG); larger ones are refused (7705). */
export const CERTIFICATE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const CERTIFICATE_ORIENTATIONS = ['landscape', 'portrait'] as const;
export type CertificateOrientation = (typeof CERTIFICATE_ORIENTATIONS)[number];

/** A4 in PDF points (1/72 inch), as pdfkit sizes it. */
export const A4_POINTS = { short: 595.28, long: 841.89 } as const;
export const pageSizeOf = (o: CertificateOrientation) =>
  o === 'landscape'
    ? { width: A4_POINTS.long, height: A4_POINTS.short }
    : { width: A4_POINTS.short, height: A4_POINTS.long };

/**
 * The fields a certificate prints, in drawing order: the heading (the template's title), the
 * holder's name, the certificate's own title (what it certifies), the template's text, the number
 * with its check code, the dates (issue and validity), the issuer (with the date under it), the
 * signature line, the seal and the QR code of the public check.
 */
export const CERTIFICATE_FIELDS = [
  'heading',
  'name',
  'title',
  'body',
  'number',
  'date',
  'issuer',
  'signature',
  'seal',
  'qr',
] as const;
export type CertificateField = (typeof CERTIFICATE_FIELDS)[number];
/** Fields drawn as a square picture: their box is `width` wide and as high; no font. */
export const CERTIFICATE_PICTURE_FIELDS: ReadonlySet<CertificateField> = new Set(['seal', 'qr']);

export const CERTIFICATE_FIELD_NAMES: Record<CertificateField, { zh: string; en: string }> = {
  heading: { zh: '证书标题', en: 'Heading' },
  name: { zh: '学员姓名', en: "Learner's name" },
  title: { zh: '证书名称', en: 'What it certifies' },
  body: { zh: '证书正文', en: 'Body text' },
  number: { zh: '证书编号和校验码', en: 'Number and check code' },
  date: { zh: '发证日期和有效期', en: 'Date of issue and validity' },
  issuer: { zh: '发证单位', en: 'Issuer' },
  signature: { zh: '签发人', en: 'Signature' },
  seal: { zh: '印章', en: 'Seal' },
  qr: { zh: '查验二维码', en: 'Verification QR code' },
};

/** Positions and widths are per mille of the page's width (x, width) and height (y). */
export const LAYOUT_SCALE = 1000;
export const FONT_SIZE_MIN = 6;
export const FONT_SIZE_MAX = 72;
/** The narrowest box: 2% of the page's width. */
export const FIELD_WIDTH_MIN = 20;

export const CERTIFICATE_ALIGNS = ['left', 'center', 'right'] as const;

export interface CertificateFieldLayout {
  /** The box's left edge and top, per mille of the page's width and height. */
  x: number;
  y: number;
  /** The box's width per mille of the page's width (pictures: also their height). */
  width: number;
  /** Points; not used by the pictures. */
  fontSize: number;
  /** #rrggbb */
  color: string;
  align: (typeof CERTIFICATE_ALIGNS)[number];
  shown: boolean;
}
export type CertificateLayout = Record<CertificateField, CertificateFieldLayout>;

const RED = '#c8161d';
const INK = '#1f1f1f';
const GREY = '#555555';
const f = (
  x: number,
  y: number,
  width: number,
  fontSize: number,
  color: string,
  align: CertificateFieldLayout['align'] = 'left',
  shown = true,
): CertificateFieldLayout => ({ x, y, width, fontSize, color, align, shown });

/**
 * The layout of a template that has none (every template before decision 055): the places of the
 * fixed design certificates were printed in until then, so they print as before. The name and the
 * certificate's title are hidden (the body names them through {name} and {title}).
 */
export const DEFAULT_CERTIFICATE_LAYOUTS: Record<CertificateOrientation, CertificateLayout> = {
  landscape: {
    heading: f(0, 131, 1000, 38, RED, 'center'),
    name: f(131, 230, 739, 28, INK, 'center', false),
    title: f(131, 560, 739, 16, INK, 'center', false),
    body: f(131, 302, 739, 20, INK),
    number: f(131, 651, 356, 11, INK),
    date: f(131, 711, 356, 11, INK),
    issuer: f(572, 704, 297, 14, INK, 'right'),
    signature: f(572, 807, 297, 12, INK),
    seal: f(717, 634, 138, 12, RED),
    qr: f(131, 785, 93, 9, GREY),
  },
  portrait: {
    heading: f(0, 110, 1000, 36, RED, 'center'),
    name: f(120, 200, 760, 26, INK, 'center', false),
    title: f(120, 520, 760, 16, INK, 'center', false),
    body: f(120, 230, 760, 18, INK),
    number: f(120, 700, 420, 10, INK),
    date: f(120, 745, 420, 10, INK),
    issuer: f(470, 700, 410, 13, INK, 'right'),
    signature: f(470, 800, 410, 11, INK),
    seal: f(680, 640, 200, 12, RED),
    qr: f(120, 820, 140, 9, GREY),
  },
};

/** A field's box height per mille of the page's height: a picture's square, a text's first line. */
export function fieldHeight(field: CertificateField, l: CertificateFieldLayout, o: CertificateOrientation): number {
  const page = pageSizeOf(o);
  return CERTIFICATE_PICTURE_FIELDS.has(field)
    ? (l.width * page.width) / page.height
    : (l.fontSize * 1.5 * LAYOUT_SCALE) / page.height;
}

/** A template's fields with messages in the caller's language; the designer's form runs the same. */
export const certificateTemplateFormFor = (lang: Lang) => {
  const zh = lang === 'zh';
  const msg = (z1: string, e: string) => ({ error: zh ? z1 : e });
  const text = (max: number, zhName: string, enName: string, required: boolean) => {
    const s = z
      .string(msg(`请填写${zhName}`, `Enter the ${enName}`))
      .trim()
      .max(max, msg(`${zhName}最多${max}个字`, `The ${enName} has at most ${max} characters`));
    return required ? s.min(1, msg(`请填写${zhName}`, `Enter the ${enName}`)) : s.default('');
  };
  const perMille = (zhName: string, enName: string, min: number) =>
    z
      .number(msg(`请填写${zhName}`, `Enter the ${enName}`))
      .int(msg(`${zhName}须为整数`, `The ${enName} is a whole number`))
      .min(min, msg(`${zhName}须在${min}到${LAYOUT_SCALE}之间`, `The ${enName} is from ${min} to ${LAYOUT_SCALE}`))
      .max(
        LAYOUT_SCALE,
        msg(`${zhName}须在${min}到${LAYOUT_SCALE}之间`, `The ${enName} is from ${min} to ${LAYOUT_SCALE}`),
      );
  const field = z.object({
    x: perMille('横向位置', 'left position', 0),
    y: perMille('纵向位置', 'top position', 0),
    width: perMille('宽度', 'width', FIELD_WIDTH_MIN),
    fontSize: z
      .number(msg('请填写字号', 'Enter the font size'))
      .int(msg('字号须为整数', 'The font size is a whole number'))
      .min(
        FONT_SIZE_MIN,
        msg(
          `字号须在${FONT_SIZE_MIN}到${FONT_SIZE_MAX}之间`,
          `The font size is from ${FONT_SIZE_MIN} to ${FONT_SIZE_MAX}`,
        ),
      )
      .max(
        FONT_SIZE_MAX,
        msg(
          `字号须在${FONT_SIZE_MIN}到${FONT_SIZE_MAX}之间`,
          `The font size is from ${FONT_SIZE_MIN} to ${FONT_SIZE_MAX}`,
        ),
      ),
    color: z
      .string(msg('请选择颜色', 'Choose a colour'))
      .regex(/^#[0-9a-fA-F]{6}$/, msg('颜色格式应为 #RRGGBB', 'A colour is written #RRGGBB'))
      .transform((c) => c.toLowerCase()),
    align: z.enum(CERTIFICATE_ALIGNS, msg('请选择对齐方式', 'Choose an alignment')),
    shown: z.boolean(),
  });
  const layout = z.object(
    Object.fromEntries(CERTIFICATE_FIELDS.map((k) => [k, field])) as Record<CertificateField, typeof field>,
    msg('请设置证书版式', 'Set the certificate’s layout'),
  );
  return z
    .object({
      title: text(CERTIFICATE_TEMPLATE_TITLE_MAX, '证书标题', 'heading', true),
      body: text(CERTIFICATE_TEMPLATE_BODY_MAX, '证书正文', 'body text', true),
      issuer: text(CERTIFICATE_TEMPLATE_ISSUER_MAX, '发证单位', 'issuer', true),
      signature: text(CERTIFICATE_TEMPLATE_SIGNATURE_MAX, '签发人', 'signature', false),
      sealUrl: text(CERTIFICATE_TEMPLATE_URL_MAX, '印章图片地址', 'seal picture’s address', false),
      validMonths: z
        .number(msg('有效期须为整数月', 'The validity is a whole number of months'))
        .int(msg('有效期须为整数月', 'The validity is a whole number of months'))
        .min(
          1,
          msg(
            `有效期须在1到${CERTIFICATE_VALID_MONTHS_MAX}个月之间`,
            `The validity is from 1 to ${CERTIFICATE_VALID_MONTHS_MAX} months`,
          ),
        )
        .max(
          CERTIFICATE_VALID_MONTHS_MAX,
          msg(
            `有效期须在1到${CERTIFICATE_VALID_MONTHS_MAX}个月之间`,
            `The validity is from 1 to ${CERTIFICATE_VALID_MONTHS_MAX} months`,
          ),
        )
        .nullable()
        .default(null),
      orientation: z.enum(CERTIFICATE_ORIENTATIONS, msg('请选择纸张方向', 'Choose the page’s orientation')),
      backgroundUrl: text(CERTIFICATE_TEMPLATE_URL_MAX, '背景图片地址', 'background’s address', false),
      layout,
    })
    .superRefine((t, ctx) => {
      // Every box lies within the page: its right edge, and its bottom (a picture's square, a
      // text's first line).
      for (const k of CERTIFICATE_FIELDS) {
        const l = t.layout[k];
        const name = CERTIFICATE_FIELD_NAMES[k][lang];
        if (l.x + l.width > LAYOUT_SCALE)
          ctx.addIssue({
            code: 'custom',
            path: ['layout', k, 'width'],
            message: zh ? `「${name}」超出了页面右边` : `"${name}" goes past the page's right edge`,
          });
        if (l.y + fieldHeight(k, l, t.orientation) > LAYOUT_SCALE)
          ctx.addIssue({
            code: 'custom',
            path: ['layout', k, 'y'],
            message: zh ? `「${name}」超出了页面底边` : `"${name}" goes past the page's bottom edge`,
          });
      }
    });
};
export type CertificateTemplateForm = z.infer<ReturnType<typeof certificateTemplateFormFor>>;

const layoutField = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  fontSize: z.number(),
  color: z.string(),
  align: z.enum(CERTIFICATE_ALIGNS),
  shown: z.boolean(),
});
export const certificateLayout = z.object(
  Object.fromEntries(CERTIFICATE_FIELDS.map((k) => [k, layoutField])) as Record<CertificateField, typeof layoutField>,
);

/** What uses a template: exam tasks (1), study tasks (2), study projects (3). */
export const CertificateUserKind = { EXAM: 1, STUDY_TASK: 2, PROJECT: 3 } as const;
const templateUser = z.object({ kind: z.number().int(), id: z.number().int(), title: z.string() });

export const adminCertificateTemplateRow = z.object({
  id: z.number().int(),
  title: z.string(),
  issuer: z.string(),
  orientation: z.enum(CERTIFICATE_ORIENTATIONS),
  backgroundUrl: z.string(),
  validMonths: z.number().int().nullable(),
  /** Certificates issued from it. */
  issued: z.number().int(),
  /** The exams, study tasks and projects that grant it (the first 20). */
  usedBy: z.array(templateUser),
  /** How many use it in all. */
  usedByCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminCertificateTemplateRow = z.infer<typeof adminCertificateTemplateRow>;

export const adminCertificateTemplate = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  issuer: z.string(),
  signature: z.string(),
  sealUrl: z.string(),
  validMonths: z.number().int().nullable(),
  orientation: z.enum(CERTIFICATE_ORIENTATIONS),
  backgroundUrl: z.string(),
  /** The stored layout, or the default one of its orientation (a template from before 055). */
  layout: certificateLayout,
  issued: z.number().int(),
  usedBy: z.array(templateUser),
  usedByCount: z.number().int(),
});
export type AdminCertificateTemplate = z.infer<typeof adminCertificateTemplate>;

export const findAdminCertificateTemplates = defineCall({
  name: 'findAdminCertificateTemplates',
  method: 'GET',
  path: '/exam/auth/admin/certificate-template/page',
  summary:
    "The enterprise's certificate templates, newest first, by a part of the title, with the certificates issued and what grants them",
  tags: ['exam', 'back-office'],
  request: z.object({ ...paging(20, 100), keyword: z.string().trim().max(CERTIFICATE_TEMPLATE_TITLE_MAX).optional() }),
  response: pageResponse(adminCertificateTemplateRow),
});

export const viewCertificateTemplate = defineCall({
  name: 'viewCertificateTemplate',
  method: 'GET',
  path: '/exam/auth/admin/certificate-template/{id}',
  summary: 'One certificate template for the designer (7702 unknown)',
  tags: ['exam', 'back-office'],
  request: z.object({ id }),
  response: adminCertificateTemplate,
});

export const createCertificateTemplate = defineCall({
  name: 'createCertificateTemplate',
  method: 'POST',
  path: '/exam/auth/admin/certificate-template/create',
  summary:
    'Adds a certificate template: texts, A4 orientation, background (an uploaded JPG or PNG: 7705 otherwise), seal (7706) and the layout of its fields (each within the page)',
  tags: ['exam', 'back-office'],
  request: certificateTemplateFormFor('zh'),
  requestFor: certificateTemplateFormFor,
  response: z.object({ id: z.number().int() }),
});

const editFor = (lang: Lang) => certificateTemplateFormFor(lang).and(z.object({ id }));

export const editCertificateTemplate = defineCall({
  name: 'editCertificateTemplate',
  method: 'POST',
  path: '/exam/auth/admin/certificate-template/{id}/edit',
  summary:
    'Changes a certificate template; certificates already issued from it print with the new design when downloaded again',
  tags: ['exam', 'back-office'],
  request: editFor('zh'),
  requestFor: editFor,
  response: z.object({ id: z.number().int() }),
});

export const deleteCertificateTemplate = defineCall({
  name: 'deleteCertificateTemplate',
  method: 'POST',
  path: '/exam/auth/admin/certificate-template/{id}/delete',
  summary: 'Deletes a certificate template nothing grants (7703 otherwise) and no certificate was issued from (7704)',
  tags: ['exam', 'back-office'],
  request: z.object({ id }),
  response: z.object({ id: z.number().int() }),
});

const previewFor = (lang: Lang) => certificateTemplateFormFor(lang).and(z.object({ id: id.optional() }));

export const previewCertificateTemplate = defineCall({
  name: 'previewCertificateTemplate',
  method: 'POST',
  path: '/exam/auth/admin/certificate-template/preview',
  summary:
    'The PDF of a template (saved or not: the form as it is; id only names it in the audit log) with sample data: the administrator’s name, today, a sample number. Answers the PDF in base64',
  tags: ['exam', 'back-office'],
  request: previewFor('zh'),
  requestFor: previewFor,
  response: z.object({ pdf: z.string(), fileName: z.string() }),
});
