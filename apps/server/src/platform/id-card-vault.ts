import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { loadOrCreateSecret } from './secret-file.ts';

const KEY_BYTES = 64;

/**
 * ID numbers at rest (DESIGN.md section 4, decision 009): encrypted with AES-256-GCM (random IV,
 * stored as base64 of iv | tag | ciphertext) and found again by a keyed hash (HMAC-SHA256), so the
 * database never holds a readable or guessable ID number. Two independent 32-byte keys are read
 * from ID_CARD_KEY_FILE, or made there (mode 0600) on the first start.
 */
export class IdCardVault {
  private constructor(
    private readonly encryptionKey: Buffer,
    private readonly hashKey: Buffer,
  ) {}

  static async load(file: string): Promise<IdCardVault> {
    const raw = await loadOrCreateSecret(file, KEY_BYTES);
    return new IdCardVault(raw.subarray(0, 32), raw.subarray(32));
  }

  /** ID numbers are compared upper-cased (a check character x is X). */
  private static normal(idCard: string): string {
    return idCard.trim().toUpperCase();
  }

  encrypt(idCard: string): string {
    return this.encryptText(IdCardVault.normal(idCard));
  }

  /**
   * Any other secret at rest the same way (a payment merchant's keys, decision 057): the text as
   * it is, AES-256-GCM with a random IV; `decrypt` reads it back.
   */
  encryptText(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
  }

  decrypt(stored: string): string {
    const raw = Buffer.from(stored, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  hash(idCard: string): string {
    return createHmac('sha256', this.hashKey).update(IdCardVault.normal(idCard)).digest('hex');
  }
}
