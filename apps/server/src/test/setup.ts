// Runs before every server test file: passwords hashed at a test-only scrypt cost. The portal's
// own cost (PASSWORD_HASH_COST, OWASP's) makes a sign-in take a third of a second and 128 MiB;
// the suite signs in thousands of times. Hashes carry their cost, so nothing else changes.
import { useTestPasswordHashCost } from '../modules/auth/password';

useTestPasswordHashCost({ N: 2 ** 10, r: 8, p: 1 });
