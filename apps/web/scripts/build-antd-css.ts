// Writes antd's whole stylesheet for the default theme (CSS-variable mode) to app/styles/antd.css,
// once per build. Tenants only add their variable blocks at run time (app/lib/theme.server.ts).
import { writeFileSync } from 'node:fs';
import { baseAntdCss } from '../app/lib/theme.server.ts';

const out = new URL('../app/styles/antd.css', import.meta.url);
const css = baseAntdCss();
writeFileSync(out, css);
process.stdout.write(`antd stylesheet: ${(css.length / 1024).toFixed(0)} KB\n`);
