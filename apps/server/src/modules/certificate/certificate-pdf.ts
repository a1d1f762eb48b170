import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import type { create as CreateFont, Font } from 'fontkit';
import type PdfKitDocument from 'pdfkit';
import type QrCode from 'qrcode';
import {
  CERTIFICATE_FIELDS,
  DEFAULT_CERTIFICATE_LAYOUTS,
  LAYOUT_SCALE,
  type CertificateFieldLayout,
  type CertificateLayout,
  type CertificateOrientation,
  type Lang,
} from '@portal/contract';

/**
 * The certificate as a PDF (decision 030): pdfkit with Noto Sans SC embedded as a subset (only the
 * glyphs the certificate uses, a few kB), so Chinese text renders and extracts on any machine, none
 * of which needs a CJK font of its own. The font comes from the npm package
 * `@expo-google-fonts/noto-sans-sc` (Google Fonts' static TTFs, OFL): read once, on the first
 * certificate, and parsed once; every document after that takes a few milliseconds of one turn
 * of the event loop. Nothing of a certificate is kept: each download makes its PDF again.
 */

const FONT_PACKAGE = '@expo-google-fonts/noto-sans-sc';
const FONT_FILES = {
  regular: '400Regular/NotoSansSC_400Regular.ttf',
  bold: '700Bold/NotoSansSC_700Bold.ttf',
} as const;

/** The font package's files (resolved from this module, wherever the server runs from). */
export function fontFile(weight: keyof typeof FONT_FILES): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve(`${FONT_PACKAGE}/package.json`)), FONT_FILES[weight]);
}

/**
 * pdfkit, fontkit and qrcode, loaded with the first certificate: a portal that issues none keeps
 * their code out of its heap (decision 007: 192 MB; most of it is the code the process loaded).
 */
let libraries:
  | Promise<{
      createFont: typeof CreateFont;
      PDFDocument: typeof PdfKitDocument;
      QRCode: typeof QrCode;
    }>
  | undefined;
function loadLibraries() {
  libraries ??= Promise.all([import('fontkit'), import('pdfkit'), import('qrcode')]).then(
    ([fontkit, pdfkit, qrcode]) => ({
      createFont: fontkit.create,
      PDFDocument: pdfkit.default,
      QRCode: qrcode.default,
    }),
  );
  return libraries;
}

let fonts: Promise<{ regular: Font; bold: Font }> | undefined;

async function loadFont(weight: keyof typeof FONT_FILES): Promise<Font> {
  const { createFont } = await loadLibraries();
  const font = createFont(await readFile(fontFile(weight)));
  if (!('layout' in font)) throw new Error(`${FONT_FILES[weight]} is a font collection`);
  return font;
}

/**
 * The fonts are let go a minute after the last PDF: their 21 MB of file the process would
 * otherwise hold for good (decision 007). A PDF being made keeps its own reference.
 */
const FONTS_KEPT_MS = 60_000;
let fontsRelease: NodeJS.Timeout | undefined;

/** The two weights, read and parsed once while PDFs are made (a failed read is tried again next time). */
function loadFonts() {
  fonts ??= Promise.all([loadFont('regular'), loadFont('bold')])
    .then(([regular, bold]) => ({ regular, bold }))
    .catch((err: unknown) => {
      fonts = undefined;
      throw err;
    });
  if (fontsRelease) fontsRelease.refresh();
  else {
    fontsRelease = setTimeout(() => {
      fonts = undefined;
      fontsRelease = undefined;
    }, FONTS_KEPT_MS).unref();
  }
  return fonts;
}

/** What a certificate's PDF prints. */
export interface CertificatePrint {
  /** The template's title: the heading (合格证书). */
  templateTitle: string;
  /** The template's text with {name}, {title}, {date}, {number} and {score}. */
  body: string;
  /** The certificate's own title (what it certifies: the exam task's). */
  title: string;
  holderName: string;
  number: string;
  /** The check code the public check asks for with the number. */
  checkCode: string;
  issuedAt: Date;
  validUntil: Date | null;
  scoreTenths: number | null;
  issuer: string;
  /** The template's signature line (e.g. 培训中心主任 李明); empty: a blank line to sign on. */
  signature: string;
  /** The template's seal as a PNG or JPEG; null: a red seal is drawn with the issuer's name. */
  seal: Buffer | null;
  /** The public check of this certificate (its QR code), with the number and the check code. */
  checkUrl: string;
  /** The whole certificate's language (the site's): labels, dates and punctuation. */
  lang: Lang;
  /** A4 landscape (the default) or portrait. */
  orientation?: CertificateOrientation;
  /** The template's background as a PNG or JPEG; null: the drawn gold frame. */
  background?: Buffer | null;
  /** Where each field goes; null: the default layout of the orientation (the design before 055). */
  layout?: CertificateLayout | null;
}

const TEXTS = {
  zh: {
    number: '证书编号',
    checkCode: '校验码',
    date: '发证日期',
    validUntil: '有效期至',
    forever: '长期有效',
    issuer: '发证单位',
    signature: '签发人',
    scan: '扫码查验证书',
    /** A label's colon: full width in Chinese. */
    colon: '：',
  },
  en: {
    number: 'Certificate No.',
    checkCode: 'Check code',
    date: 'Date of issue',
    validUntil: 'Valid until',
    forever: 'No expiry',
    issuer: 'Issued by',
    signature: 'Signed',
    scan: 'Scan to verify',
    colon: ': ',
  },
} as const;

/** A date in China time: 2026年11月26日, or 2026-11-26 in English. */
export function printedDate(at: Date, lang: Lang): string {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(at)
    .split('-');
  return lang === 'zh' ? `${y}年${Number(m)}月${Number(d)}日` : `${y}-${m}-${d}`;
}

/** The template's text with its fields filled; an unknown {field} stays as it is. */
export function fillBody(
  p: Pick<CertificatePrint, 'body' | 'holderName' | 'title' | 'issuedAt' | 'number' | 'scoreTenths' | 'lang'>,
): string {
  const fields: Record<string, string> = {
    name: p.holderName,
    title: p.title,
    date: printedDate(p.issuedAt, p.lang),
    number: p.number,
    score: p.scoreTenths === null ? '' : String(p.scoreTenths / 10),
  };
  return p.body.replace(/\{(\w+)\}/g, (whole, key: string) => fields[key] ?? whole);
}

const GOLD = '#b8860b';

/**
 * An image the PDF can hold, or null: pdfkit reads it before drawing anything, so a picture that
 * is not a JPEG or PNG after all (a truncated or broken file) is left out instead of failing the
 * certificate; the caller prints without it (decision 055).
 */
/** pdfkit's opened image (not in its type declarations; `image()` takes it like a buffer). */
type OpenedImage = Buffer;
function openImage(doc: PDFKit.PDFDocument, bytes: Buffer | null): OpenedImage | null {
  if (!bytes) return null;
  try {
    const image = (doc as unknown as { openImage(b: Buffer): OpenedImage }).openImage(bytes);
    // A PNG's pixels are inflated while the file is written, where a broken stream would fail the
    // whole document: inflated once here instead, so a broken one is left out.
    const png = (image as unknown as { image?: { imgData?: Uint8Array } }).image?.imgData;
    if (png) inflateSync(png);
    return image;
  } catch {
    return null;
  }
}

/**
 * Makes the certificate's PDF: A4 in the template's orientation, its background over the whole
 * page (else the drawn gold frame), then each shown field in its box (decision 055). Without a
 * layout of its own a template prints in the default layout, the fixed design of before.
 */
export async function renderCertificatePdf(p: CertificatePrint): Promise<Buffer> {
  const { regular, bold } = await loadFonts();
  const { PDFDocument, QRCode } = await loadLibraries();
  const qr = QRCode.create(p.checkUrl, { errorCorrectionLevel: 'M' });
  const t = TEXTS[p.lang];
  const orientation = p.orientation ?? 'landscape';
  const layout = p.layout ?? DEFAULT_CERTIFICATE_LAYOUTS[orientation];

  const doc = new PDFDocument({
    size: 'A4',
    layout: orientation,
    margin: 0,
    info: { Title: `${p.templateTitle} ${p.number}`, Author: p.issuer, Subject: p.title },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  // A fontkit font object is taken as it is (pdfkit 0.20): parsed once, subset per document.
  doc.registerFont('regular', regular as unknown as Buffer);
  doc.registerFont('bold', bold as unknown as Buffer);

  const W = doc.page.width;
  const H = doc.page.height;
  /** A field's box in points. */
  const box = (l: CertificateFieldLayout) => ({
    x: (l.x * W) / LAYOUT_SCALE,
    y: (l.y * H) / LAYOUT_SCALE,
    w: (l.width * W) / LAYOUT_SCALE,
  });

  const background = openImage(doc, p.background ?? null);
  if (background) {
    doc.image(background, 0, 0, { width: W, height: H });
  } else {
    // Frame: an outer gold border and an inner thin one.
    doc
      .lineWidth(6)
      .strokeColor(GOLD)
      .rect(24, 24, W - 48, H - 48)
      .stroke();
    doc
      .lineWidth(1.2)
      .strokeColor(GOLD)
      .rect(38, 38, W - 76, H - 76)
      .stroke();
  }

  const validity = p.validUntil ? printedDate(p.validUntil, p.lang) : t.forever;
  /** Text fields: lines one under another, `step` times the font size apart. */
  const lines = (l: CertificateFieldLayout, texts: string[], step: number, font: 'regular' | 'bold' = 'regular') => {
    const b = box(l);
    doc.font(font).fontSize(l.fontSize).fillColor(l.color);
    texts.forEach((line, i) => doc.text(line, b.x, b.y + i * step * l.fontSize, { width: b.w, align: l.align }));
  };

  for (const field of CERTIFICATE_FIELDS) {
    const l = layout[field];
    if (!l.shown) continue;
    const b = box(l);
    switch (field) {
      case 'heading':
        doc.font('bold').fontSize(l.fontSize).fillColor(l.color);
        doc.text(p.templateTitle, b.x, b.y, { width: b.w, align: l.align, characterSpacing: l.fontSize * 0.21 });
        break;
      case 'name':
        lines(l, [p.holderName], 1, 'bold');
        break;
      case 'title':
        lines(l, [p.title], 1);
        break;
      case 'body':
        // The template's text, filled: first line indented by two characters, as a letter is.
        doc.font('regular').fontSize(l.fontSize).fillColor(l.color);
        doc.text(fillBody(p), b.x, b.y, {
          width: b.w,
          align: l.align,
          indent: l.align === 'left' ? l.fontSize * 2 : 0,
          lineGap: l.fontSize * 0.7,
        });
        break;
      case 'number':
        lines(l, [`${t.number}${t.colon}${p.number}`, `${t.checkCode}${t.colon}${p.checkCode}`], 18 / 11);
        break;
      case 'date':
        lines(
          l,
          [`${t.date}${t.colon}${printedDate(p.issuedAt, p.lang)}`, `${t.validUntil}${t.colon}${validity}`],
          18 / 11,
        );
        break;
      case 'issuer':
        // The issuer, and the date under it as a letter is signed.
        lines(l, [`${t.issuer}${t.colon}${p.issuer}`, printedDate(p.issuedAt, p.lang)], 26 / 14);
        break;
      case 'signature': {
        // A label, a line to sign on and the template's signature over it.
        const labelW = l.fontSize * 5;
        const lineY = b.y + l.fontSize * 1.25;
        doc.font('regular').fontSize(l.fontSize).fillColor(l.color);
        doc.text(`${t.signature}${t.colon}`, b.x, b.y, { width: labelW });
        doc
          .moveTo(b.x + labelW - 2, lineY)
          .lineTo(b.x + b.w, lineY)
          .lineWidth(0.8)
          .strokeColor(l.color)
          .stroke();
        if (p.signature) doc.text(p.signature, b.x + labelW + 2, b.y - 1, { width: b.w - labelW - 2, align: 'center' });
        break;
      }
      case 'seal': {
        const seal = openImage(doc, p.seal);
        if (seal) doc.image(seal, b.x, b.y, { fit: [b.w, b.w], align: 'center', valign: 'center' });
        else drawSeal(doc, b.x + b.w / 2, b.y + b.w / 2, b.w / 2, p.issuer, l.color);
        break;
      }
      case 'qr': {
        // The QR code of the public check, drawn as vector squares (crisp at any zoom), with its caption.
        const n = qr.modules.size;
        const cell = b.w / n;
        for (let row = 0; row < n; row++) {
          for (let col = 0; col < n; col++) {
            if (qr.modules.get(row, col)) doc.rect(b.x + col * cell, b.y + row * cell, cell + 0.05, cell + 0.05);
          }
        }
        doc.fillColor('#000000').fill();
        // Clickable in a PDF viewer too: the same address as the code.
        doc.link(b.x, b.y, b.w, b.w, p.checkUrl);
        doc
          .font('regular')
          .fontSize(l.fontSize)
          .fillColor(l.color)
          .text(t.scan, b.x + b.w + 10, b.y + b.w - l.fontSize * 1.55, { lineBreak: false });
        break;
      }
    }
  }

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** A round red seal: a ring, a five-pointed star and the issuer's name along the upper arc. */
function drawSeal(doc: PDFKit.PDFDocument, cx: number, cy: number, r: number, issuer: string, red: string): void {
  doc.save();
  doc.fillOpacity(0.85).strokeOpacity(0.85);
  doc.lineWidth(3).strokeColor(red).circle(cx, cy, r).stroke();
  doc
    .lineWidth(0.8)
    .circle(cx, cy, r - 5)
    .stroke();
  // The star.
  const outer = r * 0.3;
  const inner = outer * 0.382;
  const points: Array<[number, number]> = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
  }
  doc
    .polygon(...points)
    .fillColor(red)
    .fill();
  // The name along the arc, each character turned to face outwards.
  const chars = [...issuer];
  // Sized for the default seal (58 pt across half), scaled with it.
  const k = r / 58;
  const size = (chars.length > 12 ? 9 : 12) * k;
  const span = Math.min(250, chars.length * 24);
  doc.font('bold').fontSize(size).fillColor(red);
  chars.forEach((ch, i) => {
    const deg = chars.length === 1 ? 0 : -span / 2 + (span * i) / (chars.length - 1);
    doc.save();
    doc.rotate(deg, { origin: [cx, cy] });
    doc.text(ch, cx - size / 2, cy - r + 8 * k, { width: size, align: 'center', lineBreak: false });
    doc.restore();
  });
  doc.restore();
}

/**
 * A new PDF with the certificate's two Chinese weights registered as 'regular' and 'bold' (the
 * order module's invoices, decision 057), and the way to its bytes once drawn.
 */
export async function newChinesePdf(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ doc: PDFKit.PDFDocument; finish: () => Promise<Buffer> }> {
  const { regular, bold } = await loadFonts();
  const { PDFDocument } = await loadLibraries();
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular as unknown as Buffer);
  doc.registerFont('bold', bold as unknown as Buffer);
  doc.font('regular');
  return {
    doc,
    finish: async () => {
      doc.end();
      await ended;
      return Buffer.concat(chunks);
    },
  };
}
