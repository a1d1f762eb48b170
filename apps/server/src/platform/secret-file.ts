import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A random secret kept in a file (base64): read, or made on the first start with mode 0600 (the
 * folder 0700). Two processes starting at once agree on the first one written.
 */
export async function loadOrCreateSecret(file: string, bytes: number): Promise<Buffer> {
  const read = async () => Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  let secret: Buffer;
  try {
    secret = await read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    secret = randomBytes(bytes);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      await writeFile(file, secret.toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      secret = await read();
    }
  }
  if (secret.length !== bytes) throw new Error(`${file} must hold ${bytes} random bytes, base64-encoded`);
  return secret;
}
