import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UrlSigner } from './storage.ts';

let dir: string;
let signer: UrlSigner;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'portal-signer-'));
  signer = await UrlSigner.load(path.join(dir, 'url-signing.key'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('sealed tokens', () => {
  it('open for the purpose they were sealed for, with their data, until they expire', () => {
    const token = signer.seal('registration-upload', { eid: '1001' }, 60_000);
    expect(signer.unseal('registration-upload', token)).toEqual({ eid: '1001' });
    expect(signer.unseal('registration-upload', token, Date.now() + 61_000)).toBeNull();
  });

  it('never open for another purpose, nor pass as a signed link', () => {
    const token = signer.seal('registration-upload', { kind: 'weixin', openId: 'o1', eid: '1001' }, 60_000);
    expect(signer.unseal('third-party-bind', token)).toBeNull();
    const [body, sig] = token.split('.');
    expect(signer.verify(body!, '0', sig)).toBe(false);
  });

  it('refuse a changed body or signature', () => {
    const token = signer.seal('third-party-bind', { openId: 'o1' }, 60_000);
    const [body, sig] = token.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ openId: 'o2', exp: 9_999_999_999 })).toString('base64url');
    expect(signer.unseal('third-party-bind', `${other}.${sig}`)).toBeNull();
    expect(signer.unseal('third-party-bind', `${body}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
  });
});
