// Every acknowledged reading survives 30 kills -9 of the server on PostgreSQL (issue 13), when
// TEST_DATABASE_URL names one (DESIGN §6).
import { describe } from 'vitest';
import { testDrivers } from '../../test/database';
import { describeReadingsThroughKills } from '../../test/readings-crash';

if (testDrivers.includes('postgres')) describeReadingsThroughKills('postgres');
else describe.skip('readings through kill -9 on postgres (TEST_DATABASE_URL is not set)', () => {});
