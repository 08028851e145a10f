// Why a preview or an import failed, so the screen can say it in the language shown: the lines
// the API refused (422 IMPORT_INVALID: something changed since the preview), a file too large
// (413, as the screen's own check says it), or one of the common kinds (lib/call-failure).
import type { ImportProblem } from '@portal/contracts/devices';
import { ErrorCode } from '@portal/contracts/error-codes';
import { isApiError, statusOf } from '../../../lib/api-errors';
import { type CallFailure, statusFailureOf } from '../../../lib/call-failure';

export type ImportFailure =
  | { reason: 'problems'; problems: ImportProblem[] }
  | { reason: 'tooLarge' }
  | CallFailure;

const PAYLOAD_TOO_LARGE = 413;

export function importFailureOf(error: unknown): ImportFailure {
  if (isApiError(error) && error.code === ErrorCode.importInvalid)
    return { reason: 'problems', problems: error.details?.problems ?? [] };
  if (statusOf(error) === PAYLOAD_TOO_LARGE) return { reason: 'tooLarge' };
  return statusFailureOf(error);
}
