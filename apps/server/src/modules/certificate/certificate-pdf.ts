import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { create as CreateFont, Font } from 'fontkit';
import type PdfKitDocument from 'pdfkit';
import type QrCode from 'qrcode';
import type { Lang } from '@portal/contract';

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

/** The two weights, read and parsed once per process (a failed read is tried again next time). */
function loadFonts() {
  fonts ??= Promise.all([loadFont('regular'), loadFont('bold')])
    .then(([regular, bold]) => ({ regular, bold }))
    .catch((err: unknown) => {
      fonts = undefined;
      throw err;
    });
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

const RED = '#c8161d';
const GOLD = '#b8860b';
const INK = '#1f1f1f';

/** Makes the certificate's PDF (A4 landscape). */
export async function renderCertificatePdf(p: CertificatePrint): Promise<Buffer> {
  const { regular, bold } = await loadFonts();
  const { PDFDocument, QRCode } = await loadLibraries();
  const qr = QRCode.create(p.checkUrl, { errorCorrectionLevel: 'M' });
  const t = TEXTS[p.lang];

  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
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

  const W = doc.page.width; // 841.89
  const H = doc.page.height; // 595.28

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

  // Heading.
  doc.font('bold').fontSize(38).fillColor(RED);
  doc.text(p.templateTitle, 0, 78, { width: W, align: 'center', characterSpacing: 8 });

  // The template's text, filled.
  const left = 110;
  const width = W - 2 * left;
  doc.font('regular').fontSize(20).fillColor(INK);
  doc.text(fillBody(p), left, 180, { width, align: 'left', indent: 40, lineGap: 14 });

  // Number, date and validity, bottom left above the QR code.
  doc.fontSize(11).fillColor(INK);
  const validity = p.validUntil ? printedDate(p.validUntil, p.lang) : t.forever;
  const infoY = H - 208;
  doc.text(`${t.number}${t.colon}${p.number}`, left, infoY);
  doc.text(`${t.checkCode}${t.colon}${p.checkCode}`, left, infoY + 18);
  doc.text(`${t.date}${t.colon}${printedDate(p.issuedAt, p.lang)}`, left, infoY + 36);
  doc.text(`${t.validUntil}${t.colon}${validity}`, left, infoY + 54);

  // QR code of the public check, drawn as vector squares (crisp at any zoom), with its caption.
  const qrSize = 78;
  const qrX = left;
  const qrY = H - 128;
  const n = qr.modules.size;
  const cell = qrSize / n;
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (qr.modules.get(row, col)) doc.rect(qrX + col * cell, qrY + row * cell, cell + 0.05, cell + 0.05);
    }
  }
  doc.fillColor('#000000').fill();
  // Clickable in a PDF viewer too: the same address as the code.
  doc.link(qrX, qrY, qrSize, qrSize, p.checkUrl);
  doc
    .fontSize(9)
    .fillColor('#555555')
    .text(t.scan, qrX + qrSize + 10, qrY + qrSize - 14);

  // Issuer, date and signature line, bottom right; the seal over the issuer's name.
  const right = W - 110;
  const blockW = 250;
  const blockX = right - blockW;
  doc.font('regular').fontSize(14).fillColor(INK);
  doc.text(`${t.issuer}${t.colon}${p.issuer}`, blockX, H - 176, { width: blockW, align: 'right' });
  doc.text(printedDate(p.issuedAt, p.lang), blockX, H - 150, { width: blockW, align: 'right' });
  const lineY = H - 100;
  doc.fontSize(12).text(`${t.signature}${t.colon}`, blockX, lineY - 15, { width: 60 });
  doc
    .moveTo(blockX + 58, lineY)
    .lineTo(right, lineY)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke();
  if (p.signature) doc.fontSize(12).text(p.signature, blockX + 62, lineY - 16, { width: blockW - 62, align: 'center' });

  const sealR = 58;
  const sealCx = right - 70;
  const sealCy = H - 160;
  if (p.seal) {
    doc.image(p.seal, sealCx - sealR, sealCy - sealR, {
      fit: [sealR * 2, sealR * 2],
      align: 'center',
      valign: 'center',
    });
  } else {
    drawSeal(doc, sealCx, sealCy, sealR, p.issuer);
  }

  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** A round red seal: a ring, a five-pointed star and the issuer's name along the upper arc. */
function drawSeal(doc: PDFKit.PDFDocument, cx: number, cy: number, r: number, issuer: string): void {
  doc.save();
  doc.fillOpacity(0.85).strokeOpacity(0.85);
  doc.lineWidth(3).strokeColor(RED).circle(cx, cy, r).stroke();
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
    .fillColor(RED)
    .fill();
  // The name along the arc, each character turned to face outwards.
  const chars = [...issuer];
  const size = chars.length > 12 ? 9 : 12;
  const span = Math.min(250, chars.length * 24);
  doc.font('bold').fontSize(size).fillColor(RED);
  chars.forEach((ch, i) => {
    const deg = chars.length === 1 ? 0 : -span / 2 + (span * i) / (chars.length - 1);
    doc.save();
    doc.rotate(deg, { origin: [cx, cy] });
    doc.text(ch, cx - size / 2, cy - r + 8, { width: size, align: 'center', lineBreak: false });
    doc.restore();
  });
  doc.restore();
}
