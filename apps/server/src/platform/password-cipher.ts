import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The key pair passwords and ID numbers travel under (DESIGN.md section 4, decision 008): the
 * browser encrypts with the public key (RSA-OAEP, SHA-256), the server decrypts here. The private
 * key is read from PASSWORD_KEY_FILE, or made there (mode 0600) on the first start.
 */
export class PasswordCipher {
  readonly publicKeyPem: string;

  private constructor(private readonly privateKey: KeyObject) {
    this.publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  }

  static async load(file: string): Promise<PasswordCipher> {
    let pem: string;
    try {
      pem = await readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, pem, { mode: 0o600, flag: 'wx' }).catch(async (e: NodeJS.ErrnoException) => {
        // Another process made it first: use theirs.
        if (e.code !== 'EEXIST') throw e;
        pem = await readFile(file, 'utf8');
      });
    }
    return new PasswordCipher(createPrivateKey(pem));
  }

  static fromPem(pem: string): PasswordCipher {
    return new PasswordCipher(createPrivateKey(pem));
  }

  /** The plain text of a base64 ciphertext, or null when it is not one of ours. */
  decrypt(ciphertext: string): string | null {
    try {
      return privateDecrypt(
        { key: this.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(ciphertext, 'base64'),
      ).toString('utf8');
    } catch {
      return null;
    }
  }
}
