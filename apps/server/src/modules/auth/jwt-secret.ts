// The key that signs access tokens: JWT_SECRET when set, otherwise one generated on first start
// and kept in DATA_DIR, so tokens survive restarts.
import { randomBytes } from 'node:crypto';
import { keptSecret } from '../../secrets/kept-secret';

export function resolveJwtSecret(config: {
  jwtSecret: string | undefined;
  dataDir: string;
}): string {
  return (
    config.jwtSecret ??
    keptSecret(config.dataDir, 'jwt-secret', () => randomBytes(48).toString('base64'))
  );
}
