// Password hashing with scrypt at an OWASP setting that needs little memory (N=2^15, r=8, p=3:
// 32 MiB a hash), a bound on how many hashes run at once, and the rules a new password must pass.
// Hashes carry their parameters: one made at an earlier setting still verifies with its own, and
// a successful sign-in replaces it with one at the current setting (needsRehash).
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { ErrorCode } from '@portal/contracts/error-codes';
import { ConcurrencyLimit } from '../../concurrency-limit';
import { COMMON_PASSWORDS } from './common-passwords';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keyLength: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

export type ScryptCost = { N: number; r: number; p: number };
/**
 * What every hash costs unless a test suite says otherwise, explicitly, before it starts. OWASP
 * lists it as equivalent to N=2^17, r=8, p=1 (the portal's first setting, whose hashes are
 * upgraded at sign-in) for a quarter of the memory: 128 · N · r bytes = 32 MiB instead of 128.
 */
export const PASSWORD_HASH_COST: Readonly<ScryptCost> = { N: 2 ** 15, r: 8, p: 3 };
let cost: ScryptCost = { ...PASSWORD_HASH_COST };
const KEY_LENGTH = 32;
/** scrypt needs 128 · N · r bytes; Node's default ceiling (32 MiB) leaves no room above that. */
const maxmem = (N: number, r: number) => 256 * N * r;

/**
 * Hashes running at once; the others wait their turn. Each holds its memory and one of libuv's
 * four threads until it ends, and on the two cores the portal is sized for, more at once would
 * not end them sooner: two keep eight sign-ins at once within 64 MiB of hashing (not 8 × 32)
 * and leave threads free for file and compression work.
 */
export const CONCURRENT_HASHES = 2;
const hashing = new ConcurrencyLimit(CONCURRENT_HASHES);

/** Hashes running now (tests check the bound). */
export function hashesRunning() {
  return hashing.running;
}

/**
 * For test suites only (apps/server/src/test/setup.ts): a cheap cost, so thousands of sign-ins
 * take seconds. The portal itself never calls this; its hashes always cost PASSWORD_HASH_COST.
 */
export function useTestPasswordHashCost(testCost: ScryptCost) {
  cost = { ...testCost };
  dummyHash = undefined;
}

function derive(password: string, salt: Buffer, keyLength: number, { N, r, p }: ScryptCost) {
  return hashing.run(() => scrypt(password, salt, keyLength, { N, r, p, maxmem: maxmem(N, r) }));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = cost;
  const hash = await derive(password, salt, KEY_LENGTH, cost);
  return ['scrypt', N, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

type StoredHash = { cost: ScryptCost; salt: Buffer; hash: Buffer };

/** scrypt$N$r$p$salt$hash, or undefined for anything else. */
function parseHash(stored: string): StoredHash | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const parameters = [n, r, p].map(Number);
  if (scheme !== 'scrypt' || !salt || !hash) return undefined;
  if (!parameters.every((value) => Number.isSafeInteger(value) && value > 0)) return undefined;
  const [N, rValue, pValue] = parameters as [number, number, number];
  return {
    cost: { N, r: rValue, p: pValue },
    salt: Buffer.from(salt, 'base64'),
    hash: Buffer.from(hash, 'base64'),
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.hash.length, parsed.cost);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** Whether a hash that just verified was made at another setting than the current one. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { N, r, p } = parsed.cost;
  return N !== cost.N || r !== cost.r || p !== cost.p || parsed.hash.length !== KEY_LENGTH;
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
