// The offline threshold of a property (docs/telemetry.md "Alerts") as the form offers it and the
// overview shows it: a few sensible spans rather than a number of minutes to type, written as
// minutes, hours or days.
import {
  DEFAULT_OFFLINE_AFTER_MINUTES,
  OFFLINE_AFTER_MINUTES_MAX,
  OFFLINE_AFTER_MINUTES_MIN,
} from '@portal/contracts/properties';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

const HOUR = 60;
const DAY = 24 * HOUR;

/** From the most frequent regular reporting (15 minutes) to a meter read once a day, and a week. */
export const OFFLINE_AFTER_CHOICES = [
  OFFLINE_AFTER_MINUTES_MIN,
  30,
  HOUR,
  2 * HOUR,
  DEFAULT_OFFLINE_AFTER_MINUTES,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  OFFLINE_AFTER_MINUTES_MAX,
] as const;

/** The choices, with the one a property has (set through the API) among them. */
export function offlineAfterChoices(current: number): number[] {
  return [...new Set<number>([...OFFLINE_AFTER_CHOICES, current])].sort((a, b) => a - b);
}

/** A span of minutes in the largest whole unit: '3 timmar', '2 dygn', '90 minuter'. */
export function useMinutesText() {
  const { t, i18n } = useTranslation('properties');
  const language = currentLanguage(i18n);
  return useCallback(
    (minutes: number) => {
      const [unit, count] =
        minutes % DAY === 0
          ? (['days', minutes / DAY] as const)
          : minutes % HOUR === 0
            ? (['hours', minutes / HOUR] as const)
            : (['minutes', minutes] as const);
      return t(`alerts.setting.${unit}`, { count, formatted: formatNumber(count, language) });
    },
    [t, language],
  );
}
