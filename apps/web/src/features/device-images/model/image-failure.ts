// Why an upload or a delete failed, so the screen can say it in the language shown: a file the
// server could not read as an image (IMAGE_UNREADABLE), one too large (413, as the screen's own
// check says it), a device with all the images it may keep (DEVICE_IMAGES_FULL), a server busy
// with other photos (IMAGE_WORK_BUSY, 503), or one of the common kinds (lib/call-failure).
import { ErrorCode } from '@portal/contracts/error-codes';
import { isApiError, statusOf } from '../../../lib/api-errors';
import { type CallFailure, statusFailureOf } from '../../../lib/call-failure';

export type ImageFailure =
  | { reason: 'unreadable' }
  | { reason: 'tooLarge' }
  | { reason: 'full'; limit: number }
  | { reason: 'busy' }
  | CallFailure;

const PAYLOAD_TOO_LARGE = 413;

export function imageFailureOf(error: unknown): ImageFailure {
  if (isApiError(error) && error.code === ErrorCode.imageUnreadable)
    return { reason: 'unreadable' };
  if (isApiError(error) && error.code === ErrorCode.deviceImagesFull)
    return { reason: 'full', limit: error.details?.limit ?? 0 };
  if (isApiError(error) && error.code === ErrorCode.imageWorkBusy) return { reason: 'busy' };
  if (statusOf(error) === PAYLOAD_TOO_LARGE) return { reason: 'tooLarge' };
  return statusFailureOf(error);
}
