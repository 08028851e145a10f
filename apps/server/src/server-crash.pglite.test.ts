// Every acknowledged write — readings, photos, exports, areas made in bulk — survives 30 kills -9
// of the server on the embedded database, and nothing half-written shows (issues 13 and 16).
import { describeCrashTest } from './test/crash/crash-test';

describeCrashTest('pglite');
