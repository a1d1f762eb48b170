// Makes the demo sites' certificate background (decision 055): an A4 landscape page at one pixel a
// point (842×595), cream paper with a deep teal band, a thin gold rule inside it, gold corner
// diamonds and a faint ring in the middle. Drawn pixel by pixel (no font, no picture of anyone's),
// written to apps/web/public/demo/certificate-background.png and committed there; the seed
// (packages/db/src/seed-certificate.ts) names it. Run by a developer when it should change:
//
//   node scripts/make-certificate-background.mjs
//
// It needs the root's pngjs (a dependency of qrcode). The output is reproducible.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const W = 842;
const H = 595;
const PAPER = [251, 248, 239];
const TEAL = [31, 78, 95];
const GOLD = [201, 162, 39];
const WATERMARK = [242, 235, 214];

const png = new PNG({ width: W, height: H, colorType: 2 });
const set = (x, y, [r, g, b]) => {
  const i = (y * W + x) * 4;
  png.data[i] = r;
  png.data[i + 1] = g;
  png.data[i + 2] = b;
  png.data[i + 3] = 255;
};

/** Inside the band between two insets from the page's edge. */
const within = (x, y, outer, inner) => {
  const d = Math.min(x, y, W - 1 - x, H - 1 - y);
  return d >= outer && d < inner;
};

const corners = [
  [52, 52],
  [W - 53, 52],
  [52, H - 53],
  [W - 53, H - 53],
];

for (let y = 0; y < H; y++) {
  for (let x = 0; x < W; x++) {
    let c = PAPER;
    // A faint double ring in the middle, under the text.
    const r = Math.hypot(x - W / 2, y - H / 2 - 10);
    if ((r > 150 && r < 156) || (r > 162 && r < 164)) c = WATERMARK;
    // The teal band, a gold line at its inner edge, and a thin gold rule further in.
    if (within(x, y, 16, 30)) c = TEAL;
    if (within(x, y, 30, 32)) c = GOLD;
    if (within(x, y, 40, 41)) c = GOLD;
    // Gold diamonds in the corners.
    for (const [cx, cy] of corners) if (Math.abs(x - cx) + Math.abs(y - cy) <= 9) c = GOLD;
    set(x, y, c);
  }
}

const out = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/web/public/demo/certificate-background.png',
);
writeFileSync(out, PNG.sync.write(png, { colorType: 2, deflateLevel: 9 }));
console.log(out);
