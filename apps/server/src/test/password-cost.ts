// The scrypt cost of every server test file (test/setup.ts): the portal's own cost
// (PASSWORD_HASH_COST) makes a sign-in take a quarter of a second and 32 MiB, and the suite signs
// in thousands of times. Tests that change the cost put this one back.
import type { ScryptCost } from '../modules/auth/password';

export const TEST_PASSWORD_HASH_COST: Readonly<ScryptCost> = { N: 2 ** 10, r: 8, p: 1 };
