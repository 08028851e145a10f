// Every acknowledged write — readings, photos, exports, areas made in bulk — survives 30 kills -9
// of the server on PostgreSQL, and nothing half-written shows (issues 13 and 16), when
// TEST_DATABASE_URL names one (DESIGN §6).
import { describe } from 'vitest';
import { describeCrashTest } from './test/crash/crash-test';
import { testDrivers } from './test/database';

if (testDrivers.includes('postgres')) describeCrashTest('postgres');
else
  describe.skip('the server through kill -9 on postgres (TEST_DATABASE_URL is not set)', () => {});
