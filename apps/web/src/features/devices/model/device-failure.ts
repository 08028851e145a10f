// Why a call about a device failed, so the form and the device's screen can answer each of the
// API's device codes where it belongs (DESIGN §4.4): SPEC §5's question for an id that does not
// fit, the id field for a missing or taken id, and SPEC §8's alert with the reason for the rest
// (the common kinds of lib/call-failure).
import { ErrorCode } from '@portal/contracts/error-codes';
import { isApiError } from '../../../lib/api-errors';
import { type CallFailure, callFailureOf } from '../../../lib/call-failure';

export type DeviceFailure =
  /** 422 ID_FORMAT_MISMATCH: the id does not fit the type; sent again once confirmed. */
  | { reason: 'idMismatch' }
  /** 400 MISSING_ID. */
  | { reason: 'missingId' }
  /** 409 DEVICE_ID_TAKEN, naming the device that has the id and its area where the API does. */
  | { reason: 'idTaken'; deviceId?: string; areaId?: string }
  /** Another domain code (GATEWAY_REQUIRED, GATEWAY_IN_USE) as `coded`, or the status. */
  | CallFailure;

export function deviceFailureOf(error: unknown): DeviceFailure {
  if (isApiError(error)) {
    switch (error.code) {
      case ErrorCode.idFormatMismatch:
        return { reason: 'idMismatch' };
      case ErrorCode.missingId:
        return { reason: 'missingId' };
      case ErrorCode.deviceIdTaken:
        return {
          reason: 'idTaken',
          deviceId: error.details?.deviceId,
          areaId: error.details?.areaId,
        };
    }
  }
  return callFailureOf(error);
}
