// Access tokens (short-lived signed JWTs, SPEC §6 bearer) and refresh tokens / e-mail keys
// (random opaque values of which only a SHA-256 hash is stored).
import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@portal/contracts/domain';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { tokenExpired, unauthorized } from '../../errors';

export type AccessClaims = { userId: string; role: Role };

const ALGORITHM = 'HS256';
const ROLES: readonly Role[] = ['site-manager', 'user'];

export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ role: claims.role })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** 418 for an expired token (SPEC §8), 401 for anything else that is not a valid token. */
  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM] });
      const role = payload.role as Role;
      if (!payload.sub || !ROLES.includes(role)) throw unauthorized('Invalid access token.');
      return { userId: payload.sub, role };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw tokenExpired();
      throw unauthorized('Invalid access token.');
    }
  }
}

/** 256 random bits, URL-safe: refresh tokens and e-mailed keys. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** High-entropy secrets need no slow hash: SHA-256 keeps a database leak from revealing them. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
