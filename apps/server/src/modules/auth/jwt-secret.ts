// The key that signs access tokens: JWT_SECRET when set, otherwise one generated on first start
// and kept in DATA_DIR (readable by the owner only), so tokens survive restarts.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILE_NAME = 'jwt-secret';

export function resolveJwtSecret(config: {
  jwtSecret: string | undefined;
  dataDir: string;
}): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.resolve(config.dataDir, FILE_NAME);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64');
  // 'wx': if another process wrote it first, fail and read theirs instead.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    return readFileSync(file, 'utf8').trim();
  }
}
