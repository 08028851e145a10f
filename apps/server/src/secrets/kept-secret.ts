// A secret the operator may leave unset: generated on first start and kept in DATA_DIR (readable
// by the owner only), so it survives restarts. JWT_SECRET and SECRETS_KEY are kept this way.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The secret in `dataDir/fileName`, written there by `generate` the first time. */
export function keptSecret(dataDir: string, fileName: string, generate: () => string): string {
  const file = path.resolve(dataDir, fileName);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = generate();
  // 'wx': if another process wrote it first, fail and read theirs instead.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    return readFileSync(file, 'utf8').trim();
  }
}
