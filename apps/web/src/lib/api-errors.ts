// The one client map from the API's domain codes (packages/contracts/src/error-codes.ts) to a
// message of the `errors` catalogue and its values (CONVENTIONS 5): screens never read the
// English text of an error body. A failure without a code this map knows — the network (status 0),
// a server fault, an older server — gives undefined, and the screen shows its SPEC §8 message.
// It imports the codes without zod; the messages are written out by lib/error-text.ts.
import { ErrorCode, type ValidationIssue } from '@portal/contracts/error-codes';
import type { ApiError } from './http';

/** A message of the `errors` catalogue with what it needs to be written out. */
export type ErrorMessage =
  | {
      key:
        | 'wrongCredentials'
        | 'wrongPassword'
        | 'linkInvalid'
        | 'passwordCommon'
        | 'passwordGuessable'
        | 'passwordContainsEmail'
        | 'organizationRequired'
        | 'lastSiteManager'
        | 'emailInvalid'
        | 'tooManyRequests'
        | 'areaNumbersTakenSome'
        | 'missingId'
        | 'gatewayRequired'
        | 'gatewayInUse'
        | 'deviceIdTaken'
        | 'importInvalid'
        | 'noPinSlots'
        | 'pinSlotsFull'
        | 'pinCodeTrivialSameDigit'
        | 'pinCodeTrivialSequence'
        | 'wifiPasswordUnreadable'
        | 'forbidden'
        | 'notFound';
    }
  /** Whole minutes to wait, at least 1. */
  | { key: 'tooManyRequestsMinutes'; minutes: number }
  | { key: 'propertyFull'; limit: number }
  /** PIN codes: the slot concerned, or the device's number of slots. */
  | {
      key: 'pinCodeDuplicate' | 'pinSlotTaken' | 'pinSlotsOccupied' | 'pinSlotClearing';
      slot: number;
    }
  | { key: 'pinSlotOutOfRange'; slotCount: number }
  | { key: 'areaNumbersTaken' | 'areaNumbersTakenMore'; numbers: number[] }
  | { key: 'passwordTooShort' | 'passwordTooLong'; limit: number };

const TOO_MANY_REQUESTS = 429;
const NOT_FOUND = 404;
const FORBIDDEN = 403;

/** Whether a value is the API's error body (what the HTTP client rejects with). */
export function isApiError(error: unknown): error is ApiError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as ApiError).statusCode === 'number' &&
    typeof (error as ApiError).message === 'string'
  );
}

/** A failed call's status, 0 for no answer at all, undefined for anything else. */
export const statusOf = (error: unknown) => (isApiError(error) ? error.statusCode : undefined);

/** A query's error is the API's 404: the screen shows its not-found state. */
export const isNotFound = (error: unknown) => statusOf(error) === NOT_FOUND;

const PLAIN: Partial<Record<ErrorCode, ErrorMessage['key']>> = {
  [ErrorCode.wrongCredentials]: 'wrongCredentials',
  [ErrorCode.wrongPassword]: 'wrongPassword',
  [ErrorCode.linkInvalid]: 'linkInvalid',
  [ErrorCode.passwordCommon]: 'passwordCommon',
  [ErrorCode.passwordGuessable]: 'passwordGuessable',
  [ErrorCode.passwordContainsEmail]: 'passwordContainsEmail',
  [ErrorCode.organizationRequired]: 'organizationRequired',
  [ErrorCode.lastSiteManager]: 'lastSiteManager',
  [ErrorCode.missingId]: 'missingId',
  [ErrorCode.gatewayRequired]: 'gatewayRequired',
  [ErrorCode.gatewayInUse]: 'gatewayInUse',
  [ErrorCode.deviceIdTaken]: 'deviceIdTaken',
  [ErrorCode.importInvalid]: 'importInvalid',
  [ErrorCode.noPinSlots]: 'noPinSlots',
  [ErrorCode.pinSlotsFull]: 'pinSlotsFull',
  [ErrorCode.wifiPasswordUnreadable]: 'wifiPasswordUnreadable',
};

/** The PIN codes' refusals that name a slot. */
const NAMING_A_SLOT: Partial<
  Record<ErrorCode, 'pinCodeDuplicate' | 'pinSlotTaken' | 'pinSlotsOccupied'>
> = {
  [ErrorCode.pinCodeDuplicate]: 'pinCodeDuplicate',
  [ErrorCode.pinSlotTaken]: 'pinSlotTaken',
  [ErrorCode.pinSlotsOccupied]: 'pinSlotsOccupied',
};

const PASSWORD_FIELDS = new Set(['password', 'newPassword']);

/** The first broken rule of a VALIDATION_FAILED that the user can fix and the catalogue names. */
function validationMessage(error: ApiError): ErrorMessage | undefined {
  for (const issue of error.details?.issues ?? []) {
    const field = issue.field.split('.').at(-1) ?? '';
    if (PASSWORD_FIELDS.has(field) && issue.limit !== undefined) {
      if (issue.rule === 'too_small') return { key: 'passwordTooShort', limit: issue.limit };
      if (issue.rule === 'too_big') return { key: 'passwordTooLong', limit: issue.limit };
    }
    if (field === 'email' && (issue.rule === 'invalid_format' || issue.format === 'email'))
      return { key: 'emailInvalid' };
  }
  return undefined;
}

/**
 * Every broken rule of a VALIDATION_FAILED answer, for a form to show on its fields (through the
 * translator in lib/form-issues, as its own check would); none for any other failure.
 */
export function validationIssuesOf(error: unknown): ValidationIssue[] {
  if (!isApiError(error) || error.code !== ErrorCode.validation) return [];
  return error.details?.issues ?? [];
}

/** The message for a failed call, or undefined when the screen's own message applies. */
export function errorMessageOf(error: unknown): ErrorMessage | undefined {
  if (!isApiError(error)) return undefined;
  // Every 429 says how long to wait: the rate limiters and the sign-in throttle alike.
  if (error.code === ErrorCode.tooManyRequests || error.statusCode === TOO_MANY_REQUESTS) {
    const seconds = error.retryAfterSeconds;
    return seconds !== undefined && Number.isFinite(seconds) && seconds > 0
      ? { key: 'tooManyRequestsMinutes', minutes: Math.max(1, Math.ceil(seconds / 60)) }
      : { key: 'tooManyRequests' };
  }
  const plain = error.code && PLAIN[error.code];
  if (plain) return { key: plain } as ErrorMessage;
  switch (error.code) {
    case ErrorCode.validation:
      return validationMessage(error);
    case ErrorCode.propertyFull:
      return error.details?.limit === undefined
        ? undefined
        : { key: 'propertyFull', limit: error.details.limit };
    case ErrorCode.pinCodeTrivial:
      return {
        key:
          error.details?.reason === 'sequence'
            ? 'pinCodeTrivialSequence'
            : 'pinCodeTrivialSameDigit',
      };
    case ErrorCode.pinSlotOutOfRange:
      return error.details?.slotCount === undefined
        ? undefined
        : { key: 'pinSlotOutOfRange', slotCount: error.details.slotCount };
    case ErrorCode.pinCodeDuplicate:
    case ErrorCode.pinSlotTaken:
    case ErrorCode.pinSlotsOccupied: {
      // A slot whose code was deleted still holds it on the lock until the gateway clears it.
      const key = error.details?.clearing ? 'pinSlotClearing' : NAMING_A_SLOT[error.code];
      return key && error.details?.slot !== undefined
        ? { key, slot: error.details.slot }
        : undefined;
    }
    case ErrorCode.areaNumbersTaken: {
      const numbers = error.details?.numbers ?? [];
      if (numbers.length === 0) return { key: 'areaNumbersTakenSome' };
      return { key: error.details?.more ? 'areaNumbersTakenMore' : 'areaNumbersTaken', numbers };
    }
    default:
      return undefined;
  }
}

/**
 * Like errorMessageOf, and a refusal without a domain code in words of its own (403: not allowed,
 * 404: gone or out of reach): for an action on something that may have changed meanwhile (a
 * member's role, an invitation). Screens that show their own SPEC §8 message keep errorMessageOf.
 */
export function refusalMessageOf(error: unknown): ErrorMessage | undefined {
  const message = errorMessageOf(error);
  if (message) return message;
  switch (statusOf(error)) {
    case FORBIDDEN:
      return { key: 'forbidden' };
    case NOT_FOUND:
      return { key: 'notFound' };
    default:
      return undefined;
  }
}
