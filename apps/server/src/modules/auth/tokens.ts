// Access tokens (short-lived signed JWTs, SPEC §6 bearer) and refresh tokens / e-mail keys
// (random opaque values of which only a SHA-256 hash is stored).
import { createHash, randomBytes, webcrypto } from 'node:crypto';
import type { Role } from '@portal/contracts/domain';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { accountGone, tokenExpired, unauthorized } from '../../errors';

export type AccessClaims = { userId: string; role: Role };

const ALGORITHM = 'HS256';
const ROLES: readonly Role[] = ['site-manager', 'user'];
/** Tokens whose check is remembered: far more than the clients signed in to one process at once. */
const VERIFIED_KEPT = 1000;

export class AccessTokens {
  /** Imported once: given the secret's bytes, jose imports a key again for every token. */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * A client sends the same token with every call until it expires, and checking its signature
   * (WebCrypto's HMAC through jose) was a tenth of a small call's time. A token that verified once
   * stays valid until its expiry, so its claims are remembered until then; only that exact text
   * hits, and the oldest is forgotten first.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  /** How often each user's tokens were forgotten (accounts deleted here: a handful). */
  private readonly forgotten = new Map<string, number>();

  /**
   * @param accountExists asked once per token, when it first verifies: a deleted account's token
   *   answers 401 from then on. Deleting an account here forgets its tokens at once (`forget`);
   *   another replica that verified one before asks again only for a new token, so there a
   *   deleted account's token reads nothing (its memberships are gone) and writes that name it
   *   are refused by the database, for at most the token's lifetime.
   */
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly accountExists: (userId: string) => Promise<boolean>,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ role: claims.role })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(await this.key);
  }

  /**
   * 418 for an expired token (SPEC §8), 401 for anything else that is not a valid token or whose
   * account is gone.
   */
  async verify(token: string): Promise<AccessClaims> {
    const known = this.verified.get(token);
    if (known && Date.now() < known.expiresAtMs) return known.claims;
    this.verified.delete(token);
    const { claims, expiresAtMs } = await this.check(token);
    const forgottenBefore = this.forgotten.get(claims.userId);
    // Outside check's catch: a database that cannot answer is a 500, not a signed-out user.
    if (!(await this.accountExists(claims.userId))) throw accountGone();
    // Its tokens were forgotten while the answer came (the account deleted meanwhile): that
    // answer may be from before, so ask again rather than remember it.
    if (this.forgotten.get(claims.userId) !== forgottenBefore) return this.verify(token);
    this.remember(token, claims, expiresAtMs);
    return claims;
  }

  /** Forgets the user's tokens checked so far, so the next call with one asks again. */
  forget(userId: string) {
    this.forgotten.set(userId, (this.forgotten.get(userId) ?? 0) + 1);
    for (const [token, known] of this.verified) {
      if (known.claims.userId === userId) this.verified.delete(token);
    }
  }

  private async check(token: string) {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: [ALGORITHM] });
      const role = payload.role as Role;
      if (!payload.sub || !ROLES.includes(role) || payload.exp === undefined)
        throw unauthorized('Invalid access token.');
      return { claims: { userId: payload.sub, role }, expiresAtMs: payload.exp * 1000 };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw tokenExpired();
      throw unauthorized('Invalid access token.');
    }
  }

  private remember(token: string, claims: AccessClaims, expiresAtMs: number) {
    if (this.verified.size >= VERIFIED_KEPT) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, { claims, expiresAtMs });
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
