/**
 * The demo sites' certificate design (decision 055): the background made by
 * scripts/make-certificate-background.mjs (a file of the web app's public folder) and where each
 * field goes on it, the holder's name large under the heading. The same on every site: the texts
 * are the site's (seed-exams.ts). The layout's shape is the contract's `CertificateLayout`.
 */
const f = (x: number, y: number, width: number, fontSize: number, color: string, align = 'left', shown = true) => ({
  x,
  y,
  width,
  fontSize,
  color,
  align,
  shown,
});

export const DEMO_CERTIFICATE_DESIGN = {
  orientation: 'landscape',
  backgroundUrl: '/demo/certificate-background.png',
  layout: {
    heading: f(60, 150, 880, 34, '#1f4e5f', 'center'),
    name: f(131, 268, 739, 30, '#8a6d1d', 'center'),
    title: f(131, 560, 739, 16, '#1f1f1f', 'center', false),
    body: f(131, 350, 739, 18, '#1f1f1f'),
    number: f(131, 640, 356, 11, '#1f1f1f'),
    date: f(131, 700, 356, 11, '#1f1f1f'),
    issuer: f(560, 704, 309, 14, '#1f1f1f', 'right'),
    signature: f(560, 800, 309, 12, '#1f1f1f'),
    seal: f(717, 625, 138, 12, '#c8161d'),
    qr: f(131, 775, 93, 9, '#555555'),
  },
};
