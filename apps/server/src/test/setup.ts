// Runs before every server test file: passwords hashed at a test-only scrypt cost (see
// test/password-cost.ts). Hashes carry their cost, so nothing else changes.
import { useTestPasswordHashCost } from '../modules/auth/password';
import { TEST_PASSWORD_HASH_COST } from './password-cost';

useTestPasswordHashCost(TEST_PASSWORD_HASH_COST);
