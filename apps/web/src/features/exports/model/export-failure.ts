// Why an export could not be started: the common reasons (lib/call-failure), or the API's limit on
// exports under way at once for one person (429), which waiting, not trying again at once, solves.
import { statusOf } from '../../../lib/api-errors';
import { type CallFailure, callFailureOf } from '../../../lib/call-failure';

export type ExportFailure = CallFailure | { reason: 'underway' };

const TOO_MANY_REQUESTS = 429;

export const exportFailureOf = (error: unknown): ExportFailure =>
  statusOf(error) === TOO_MANY_REQUESTS ? { reason: 'underway' } : callFailureOf(error);
