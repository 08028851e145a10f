// Encryption of secrets at rest (PIN codes, WiFi passwords): AES-256-GCM under SECRETS_KEY,
// a fresh 12-byte IV for every write, and additional authenticated data naming what the secret
// belongs to (a PIN code: its device and slot), so a ciphertext copied onto another row does not
// open. Stored as one value: a format byte, the IV, the tag, the ciphertext.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const FORMAT = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
  }

  /** `plain` encrypted, bound to `context` (which must be given again to open it). */
  seal(plain: string, context: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([FORMAT]), iv, cipher.getAuthTag(), body]);
  }

  /** The text sealed for `context`; throws for another key, another context or altered bytes. */
  open(sealed: Buffer, context: string): string {
    if (sealed.length < HEADER_BYTES || sealed[0] !== FORMAT)
      throw new Error('not a sealed secret of a known format');
    const iv = sealed.subarray(1, 1 + IV_BYTES);
    const tag = sealed.subarray(1 + IV_BYTES, HEADER_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(sealed.subarray(HEADER_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}
