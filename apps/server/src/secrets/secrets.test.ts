// SECRETS_KEY read and kept, and the box that seals secrets at rest with it.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';
import { readSecretsKey, resolveSecretsKey } from './secrets-key';

const folder = mkdtempSync(path.join(tmpdir(), 'portal-secrets-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('SECRETS_KEY', () => {
  it('reads 32 bytes as base64, base64url or hex, and nothing else', () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, index) => index * 7 + 1));
    for (const written of [
      bytes.toString('base64'),
      bytes.toString('base64url'),
      bytes.toString('hex'),
    ])
      expect(readSecretsKey(written)?.equals(bytes)).toBe(true);
    expect(readSecretsKey(Buffer.alloc(16).toString('base64'))).toBeUndefined();
    expect(readSecretsKey('not a key at all')).toBeUndefined();
  });

  it('is generated once in DATA_DIR, readable by its owner only, and the same on the next start', () => {
    const first = resolveSecretsKey({ secretsKey: undefined, dataDir: folder });
    expect(first).toHaveLength(32);
    const file = path.join(folder, 'secrets-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readSecretsKey(readFileSync(file, 'utf8'))?.equals(first)).toBe(true);
    expect(resolveSecretsKey({ secretsKey: undefined, dataDir: folder }).equals(first)).toBe(true);
  });
});

describe('the secret box', () => {
  const box = new SecretBox(Buffer.alloc(32, 9));

  it('opens what it sealed only with the same context and key, and notices altered bytes', () => {
    const sealed = box.seal('480213', 'pin-code:door:1');
    expect(box.open(sealed, 'pin-code:door:1')).toBe('480213');
    expect(() => box.open(sealed, 'pin-code:door:2')).toThrow();
    expect(() => new SecretBox(Buffer.alloc(32, 8)).open(sealed, 'pin-code:door:1')).toThrow();
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] = (altered.at(-1) ?? 0) ^ 1;
    expect(() => box.open(altered, 'pin-code:door:1')).toThrow();
  });
});
