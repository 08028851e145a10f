// Password hashing with scrypt at OWASP's recommended cost (N=2^17, r=8, p=1), and the rules a
// new password must pass. Hashes carry their parameters, so the cost can change later and old
// hashes still verify.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { ErrorCode } from '@portal/contracts/error-codes';
import { COMMON_PASSWORDS } from './common-passwords';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keyLength: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

export type ScryptCost = { N: number; r: number; p: number };
/** What every hash costs unless a test suite says otherwise, explicitly, before it starts. */
export const PASSWORD_HASH_COST: Readonly<ScryptCost> = { N: 2 ** 17, r: 8, p: 1 };
let cost: ScryptCost = { ...PASSWORD_HASH_COST };
const KEY_LENGTH = 32;
/** scrypt needs 128 · N · r bytes; Node's default ceiling (32 MiB) is below OWASP's cost. */
const maxmem = (N: number, r: number) => 256 * N * r;

/**
 * For test suites only (apps/server/src/test/setup.ts): a cheap cost, so thousands of sign-ins
 * take seconds. The portal itself never calls this; its hashes always cost PASSWORD_HASH_COST.
 */
export function useTestPasswordHashCost(testCost: ScryptCost) {
  cost = { ...testCost };
  dummyHash = undefined;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = cost;
  const hash = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxmem(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    ...cost,
    maxmem: maxmem(cost.N, cost.r),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Made at the first unknown e-mail, not at start: a hash at full cost takes memory and time. */
let dummyHash: Promise<string> | undefined;
/** Spends the time of a real verification, so an unknown e-mail answers as slowly as a known one. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}

export type WeakPassword = {
  code:
    | typeof ErrorCode.passwordCommon
    | typeof ErrorCode.passwordGuessable
    | typeof ErrorCode.passwordContainsEmail;
  message: string;
};

/** Why a new password is refused, or undefined when it is acceptable. Length is the schema's job. */
export function weakPasswordReason(password: string, email?: string): WeakPassword | undefined {
  const normalized = password.trim().toLowerCase();
  if (COMMON_PASSWORDS.has(normalized))
    return {
      code: ErrorCode.passwordCommon,
      message: 'This password is too common. Choose another one.',
    };
  if (/^(.)\1+$/.test(normalized))
    return {
      code: ErrorCode.passwordGuessable,
      message: 'This password is too easy to guess. Choose another one.',
    };
  const local = email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 4 && normalized.includes(local)) {
    return {
      code: ErrorCode.passwordContainsEmail,
      message: 'The password must not contain your e-mail address.',
    };
  }
  return undefined;
}
