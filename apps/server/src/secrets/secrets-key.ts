// SECRETS_KEY (DESIGN §4.3): the AES-256 key that encrypts PIN codes (and later WiFi passwords) at
// rest. 32 bytes, written as base64 (`openssl rand -base64 32`) or 64 hex digits. Unset, one is
// generated on first start and kept in DATA_DIR like JWT_SECRET; on PostgreSQL config.ts demands
// it, since replicas each with a key of their own could not read each other's codes.
import { randomBytes } from 'node:crypto';
import { keptSecret } from './kept-secret';

export const SECRETS_KEY_BYTES = 32;

/** The key's bytes, or undefined for text that is not 32 bytes in base64 or hex. */
export function readSecretsKey(text: string): Buffer | undefined {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(value) || /^[A-Za-z0-9_-]{43}$/.test(value)) {
    const bytes = Buffer.from(
      value,
      value.includes('-') || value.includes('_') ? 'base64url' : 'base64',
    );
    if (bytes.length === SECRETS_KEY_BYTES) return bytes;
  }
  return undefined;
}

export function resolveSecretsKey(config: {
  secretsKey: Buffer | undefined;
  dataDir: string;
}): Buffer {
  if (config.secretsKey) return config.secretsKey;
  const kept = keptSecret(config.dataDir, 'secrets-key', () =>
    randomBytes(SECRETS_KEY_BYTES).toString('base64'),
  );
  const key = readSecretsKey(kept);
  if (!key) throw new Error(`The kept SECRETS_KEY in ${config.dataDir}/secrets-key is damaged.`);
  return key;
}
