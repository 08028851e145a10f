// Why a preview or an import failed, so the screen can say it in the language shown: the lines
// the API refused (422 IMPORT_INVALID: something changed since the preview), a file too large
// (413, as the screen's own check says it), or the status.

import type { ImportProblem } from '@portal/contracts/devices';
import { ErrorCode } from '@portal/contracts/error-codes';
import { isApiError, statusOf } from '../../../lib/api-errors';

export type ImportFailure =
  | { reason: 'problems'; problems: ImportProblem[] }
  | { reason: 'tooLarge' }
  | { reason: 'forbidden' }
  | { reason: 'notFound' }
  | { reason: 'connection' }
  | { reason: 'other' };

const PAYLOAD_TOO_LARGE = 413;

export function importFailureOf(error: unknown): ImportFailure {
  if (isApiError(error) && error.code === ErrorCode.importInvalid)
    return { reason: 'problems', problems: error.details?.problems ?? [] };
  switch (statusOf(error)) {
    case 0:
      return { reason: 'connection' };
    case 403:
      return { reason: 'forbidden' };
    case 404:
      return { reason: 'notFound' };
    case PAYLOAD_TOO_LARGE:
      return { reason: 'tooLarge' };
    default:
      return { reason: 'other' };
  }
}
