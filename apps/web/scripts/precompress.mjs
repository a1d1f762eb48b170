// After the build: a .br and a .gz copy of every client asset worth compressing, served by the
// server as they are (@fastify/static preCompressed), so no request pays for compression.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = new URL('../build/client', import.meta.url).pathname;
const worth = /\.(js|mjs|css|svg|json|html|txt|map)$/;
let files = 0;
function walk(d) {
  for (const name of readdirSync(d)) {
    const p = path.join(d, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (worth.test(name) && statSync(p).size > 1024) {
      const body = readFileSync(p);
      writeFileSync(`${p}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${p}.gz`, gzipSync(body, { level: 9 }));
      files += 1;
    }
  }
}
walk(dir);
process.stdout.write(`precompressed ${files} client files\n`);
