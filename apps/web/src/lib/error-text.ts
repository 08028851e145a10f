// A message of the `errors` catalogue (lib/api-errors.ts finds it for a failed call) written out in
// the language shown. Apart from the map of codes, so that the sign-in screen, which shows a
// message only after its lazily loaded sign-in code has found one, starts without that map and the
// codes (W7, docs/web-loading.md).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorMessage } from './api-errors';
import { formatNumber } from './format';
import { currentLanguage } from './i18n';

/**
 * Writes a message out in the language shown: counts grouped the language's way (5 000), area
 * numbers never (1001, an identifier).
 */
export function useErrorText() {
  const { t, i18n } = useTranslation('errors');
  const language = currentLanguage(i18n);
  return useCallback(
    (message: ErrorMessage) => {
      const count = (value: number) => formatNumber(value, language);
      switch (message.key) {
        case 'tooManyRequestsMinutes':
          return t('tooManyRequestsMinutes', {
            count: message.minutes,
            minutes: count(message.minutes),
          });
        case 'propertyFull':
          return t('propertyFull', { limit: count(message.limit) });
        case 'passwordTooShort':
        case 'passwordTooLong':
          return t(message.key, { limit: count(message.limit) });
        case 'pinCodeDuplicate':
        case 'pinSlotTaken':
        case 'pinSlotsOccupied':
        case 'pinSlotClearing':
          return t(message.key, { slot: count(message.slot) });
        case 'pinSlotOutOfRange':
          return t(message.key, { slotCount: count(message.slotCount) });
        case 'areaNumbersTaken':
        case 'areaNumbersTakenMore':
          return t(message.key, {
            numbers: message.numbers
              .map((number) => formatNumber(number, language, { useGrouping: false }))
              .join(', '),
          });
        default:
          return t(message.key);
      }
    },
    [t, language],
  );
}
