import { getPasswordKey } from '@portal/contract/calls/account';
import { request } from '../../lib/api.ts';

let key: Promise<CryptoKey> | undefined;

function pemToDer(pem: string): ArrayBuffer {
  const body = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  return bytes.buffer;
}

function toBase64(buffer: ArrayBuffer): string {
  let s = '';
  for (const b of new Uint8Array(buffer)) s += String.fromCharCode(b);
  return btoa(s);
}

/**
 * Encrypts a password (or ID number) for the gateway with the site's public key: RSA-OAEP with
 * SHA-256 through the browser's Web Crypto (decision 008). The key is fetched once per page.
 */
export async function encryptSecret(plain: string): Promise<string> {
  key ??= request(getPasswordKey, {}, { quiet: true })
    .then(({ publicKey }) =>
      crypto.subtle.importKey('spki', pemToDer(publicKey), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']),
    )
    .catch((err: unknown) => {
      key = undefined;
      throw err;
    });
  const encrypted = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, await key, new TextEncoder().encode(plain));
  return toBase64(encrypted);
}
