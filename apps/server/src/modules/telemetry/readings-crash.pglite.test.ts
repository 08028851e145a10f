// Every acknowledged reading survives 30 kills -9 of the server on the embedded database (issue 13).
import { describeReadingsThroughKills } from '../../test/readings-crash';

describeReadingsThroughKills('pglite');
