// The one map from the API's codes to messages: every code with its details, the 429 wait, the
// fallbacks (no code, no answer), and the texts in both languages (lib/error-text.ts).
import { ErrorCode } from '@portal/contracts/error-codes';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { resources } from '../test/catalogues';
import { type ErrorMessage, errorMessageOf, isNotFound, refusalMessageOf } from './api-errors';
import { useErrorText } from './error-text';
import type { ApiError } from './http';
import { createI18n } from './i18n';

const error = (statusCode: number, extra: Partial<ApiError> = {}): ApiError => ({
  statusCode,
  error: 'Error',
  message: 'Whatever the server says in English.',
  ...extra,
});

describe('errorMessageOf', () => {
  it.each([
    [ErrorCode.wrongCredentials, 'wrongCredentials'],
    [ErrorCode.wrongPassword, 'wrongPassword'],
    [ErrorCode.linkInvalid, 'linkInvalid'],
    [ErrorCode.passwordCommon, 'passwordCommon'],
    [ErrorCode.passwordGuessable, 'passwordGuessable'],
    [ErrorCode.passwordContainsEmail, 'passwordContainsEmail'],
    [ErrorCode.organizationRequired, 'organizationRequired'],
    [ErrorCode.lastSiteManager, 'lastSiteManager'],
    [ErrorCode.wifiPasswordUnreadable, 'wifiPasswordUnreadable'],
  ])('reads %s as %s, whatever the text', (code, key) => {
    expect(errorMessageOf(error(400, { code }))).toEqual({ key });
  });

  it('reads PROPERTY_FULL with its limit', () => {
    const full = error(409, { code: ErrorCode.propertyFull, details: { limit: 5000 } });
    expect(errorMessageOf(full)).toEqual({ key: 'propertyFull', limit: 5000 });
  });

  it('reads AREA_NUMBERS_TAKEN with its numbers, and whether there are more', () => {
    const taken = (details: ApiError['details']) =>
      errorMessageOf(error(409, { code: ErrorCode.areaNumbersTaken, details }));
    expect(taken({ numbers: [1003, 1004], more: false })).toEqual({
      key: 'areaNumbersTaken',
      numbers: [1003, 1004],
    });
    expect(taken({ numbers: [1, 2], more: true })).toEqual({
      key: 'areaNumbersTakenMore',
      numbers: [1, 2],
    });
    expect(taken({})).toEqual({ key: 'areaNumbersTakenSome' });
  });

  it('reads PIN_SLOTS_OCCUPIED with its slot, and whether the slot is only still being cleared', () => {
    const occupied = (details: ApiError['details']) =>
      errorMessageOf(error(409, { code: ErrorCode.pinSlotsOccupied, details }));
    expect(occupied({ slot: 12 })).toEqual({ key: 'pinSlotsOccupied', slot: 12 });
    expect(occupied({ slot: 12, clearing: true })).toEqual({ key: 'pinSlotClearing', slot: 12 });
  });

  it('reads the VALIDATION_FAILED issues a user can fix', () => {
    const invalid = (issues: NonNullable<ApiError['details']>['issues']) =>
      errorMessageOf(error(400, { code: ErrorCode.validation, details: { issues } }));
    const issue = { field: 'password', message: 'x' };
    expect(invalid([{ ...issue, rule: 'too_small', limit: 8 }])).toEqual({
      key: 'passwordTooShort',
      limit: 8,
    });
    expect(invalid([{ ...issue, field: 'body.newPassword', rule: 'too_big', limit: 128 }])).toEqual(
      { key: 'passwordTooLong', limit: 128 },
    );
    expect(
      invalid([{ field: 'email', rule: 'invalid_format', format: 'email', message: 'x' }]),
    ).toEqual({ key: 'emailInvalid' });
    expect(invalid([{ field: 'name', rule: 'too_big', limit: 200, message: 'x' }])).toBeUndefined();
  });

  it('reads every 429 as too many requests, in whole minutes when it says how long', () => {
    expect(errorMessageOf(error(429, { code: ErrorCode.tooManyRequests }))).toEqual({
      key: 'tooManyRequests',
    });
    for (const [seconds, minutes] of [
      [45, 1],
      [60, 1],
      [61, 2],
      [900, 15],
    ] as const)
      expect(errorMessageOf(error(429, { retryAfterSeconds: seconds }))).toEqual({
        key: 'tooManyRequestsMinutes',
        minutes,
      });
  });

  it('leaves no answer, unknown codes and server faults to the screen', () => {
    expect(errorMessageOf(error(0))).toBeUndefined();
    expect(errorMessageOf(error(500, { code: ErrorCode.internal }))).toBeUndefined();
    expect(errorMessageOf(error(409, { code: ErrorCode.conflict }))).toBeUndefined();
    expect(errorMessageOf(error(400))).toBeUndefined();
    expect(errorMessageOf(new Error('boom'))).toBeUndefined();
    expect(errorMessageOf(undefined)).toBeUndefined();
  });
});

describe('refusalMessageOf', () => {
  it('names a refusal without a domain code by its status', () => {
    expect(refusalMessageOf(error(403, { code: ErrorCode.forbidden }))).toEqual({
      key: 'forbidden',
    });
    expect(refusalMessageOf(error(404, { code: ErrorCode.notFound }))).toEqual({
      key: 'notFound',
    });
  });

  it('keeps what errorMessageOf reads, and gives nothing for a fault or no answer', () => {
    expect(refusalMessageOf(error(409, { code: ErrorCode.lastSiteManager }))).toEqual({
      key: 'lastSiteManager',
    });
    expect(refusalMessageOf(error(429, { retryAfterSeconds: 61 }))).toEqual({
      key: 'tooManyRequestsMinutes',
      minutes: 2,
    });
    expect(refusalMessageOf(error(500))).toBeUndefined();
    expect(refusalMessageOf(error(0))).toBeUndefined();
    expect(errorMessageOf(error(403, { code: ErrorCode.forbidden }))).toBeUndefined();
  });
});

describe('isNotFound', () => {
  it('is the API 404 only', () => {
    expect(isNotFound(error(404))).toBe(true);
    expect(isNotFound(error(403))).toBe(false);
    expect(isNotFound({ status: 404 })).toBe(false);
  });
});

describe('useErrorText', () => {
  const textIn = (language: 'sv' | 'en', message: ErrorMessage) => {
    const i18n = createI18n(language, { resources });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    );
    return renderHook(() => useErrorText(), { wrapper }).result.current(message);
  };

  it.each([
    ['sv', { key: 'propertyFull', limit: 5000 }, 'En fastighet kan ha högst 5\u00a0000 utrymmen.'],
    ['en', { key: 'propertyFull', limit: 5000 }, 'A property can have at most 5,000 areas.'],
    [
      'sv',
      { key: 'areaNumbersTaken', numbers: [1003, 10004] },
      'Det finns redan utrymmen med de här numren: 1003, 10004.',
    ],
    [
      'en',
      { key: 'areaNumbersTakenMore', numbers: [1001] },
      'Areas with these numbers already exist: 1001 and more.',
    ],
    [
      'sv',
      { key: 'tooManyRequestsMinutes', minutes: 1 },
      'För många försök. Försök igen om 1 minut.',
    ],
    [
      'en',
      { key: 'tooManyRequestsMinutes', minutes: 15 },
      'Too many attempts. Try again in 15 minutes.',
    ],
    ['sv', { key: 'passwordTooShort', limit: 8 }, 'Lösenordet måste ha minst 8 tecken.'],
    [
      'sv',
      { key: 'pinSlotClearing', slot: 12 },
      'Plats 12 håller fortfarande på att tömmas i låset: minska antalet platser när den är tömd.',
    ],
    [
      'en',
      { key: 'pinSlotsOccupied', slot: 12 },
      'Slot 12 holds a PIN code: delete it before lowering the number of slots.',
    ],
    ['en', { key: 'wrongCredentials' }, 'Wrong e-mail address or password.'],
  ] as const)('writes out in %s: %j', (language, message, text) => {
    expect(textIn(language, message as ErrorMessage)).toBe(text);
  });
});
