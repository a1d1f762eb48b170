import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IdCardVault } from './id-card-vault.ts';

const dir = await mkdtemp(path.join(tmpdir(), 'vault-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('IdCardVault', () => {
  it('makes its key file once (mode 0600) and reads the same keys again', async () => {
    const file = path.join(dir, 'keys', 'id.key');
    const a = await IdCardVault.load(file);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const b = await IdCardVault.load(file);
    const stored = a.encrypt('11010519491231002x');
    expect(b.decrypt(stored)).toBe('11010519491231002X');
    expect(b.hash('11010519491231002X')).toBe(a.hash(' 11010519491231002x '));
    expect((await readFile(file, 'utf8')).length).toBeGreaterThan(80);
  });

  it('never stores the same ciphertext twice, nor anything readable; a tampered one does not decrypt', async () => {
    const vault = await IdCardVault.load(path.join(dir, 'other.key'));
    const one = vault.encrypt('11010519491231002X');
    const two = vault.encrypt('11010519491231002X');
    expect(one).not.toBe(two);
    expect(Buffer.from(one, 'base64').toString('latin1')).not.toContain('110105');
    const tampered = Buffer.from(one, 'base64');
    tampered[tampered.length - 1]! ^= 1;
    expect(() => vault.decrypt(tampered.toString('base64'))).toThrow();
    // Another key file: other hashes (the keyed hash is not a plain SHA-256 anyone can recompute).
    const elsewhere = await IdCardVault.load(path.join(dir, 'third.key'));
    expect(elsewhere.hash('11010519491231002X')).not.toBe(vault.hash('11010519491231002X'));
  });

  it('refuses a key file of the wrong size', async () => {
    const { writeFile } = await import('node:fs/promises');
    const file = path.join(dir, 'short.key');
    await writeFile(file, Buffer.alloc(10).toString('base64'));
    await expect(IdCardVault.load(file)).rejects.toThrow(/64 random bytes/);
  });
});
