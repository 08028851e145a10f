// How an export is described in its history, in the language shown: its areas ('Alla utrymmen',
// 'alla lägenheter och alla tvättstugor', 'Lägenhet 1001, Tvättstuga och 3 till'), its types, its
// dates and when it was asked for (in the property's time zone), who asked, its rows and its size.
import type { Language } from '@portal/contracts/domain';
import type { Export } from '@portal/contracts/exports';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaLabel } from '../../../lib/area-name';
import { formatDate, formatList, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

/** A file's size in bytes, in B, kB or MB (powers of 1 000, as file managers show them now). */
export function formatFileSize(bytes: number, language: Language) {
  if (bytes < 1000) return formatNumber(bytes, language, { style: 'unit', unit: 'byte' });
  if (bytes < 1_000_000)
    return formatNumber(bytes / 1000, language, {
      style: 'unit',
      unit: 'kilobyte',
      maximumFractionDigits: 0,
    });
  return formatNumber(bytes / 1_000_000, language, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 1,
  });
}

/** A local date `YYYY-MM-DD` as the language writes it: '1 okt. 2026', '1 Oct 2026'. */
export const formatLocalDate = (date: string, language: Language) =>
  formatDate(new Date(`${date}T00:00:00Z`), language, { dateStyle: 'medium', timeZone: 'UTC' });

/** An instant as a date and time in the zone: '1 nov. 2026 10:02'. */
export const formatTime = (iso: string, language: Language, timeZone: string) =>
  formatDate(new Date(iso), language, { dateStyle: 'medium', timeStyle: 'short', timeZone });

export function useExportTexts(timeZone: string) {
  const { t, i18n } = useTranslation(['exports', 'areas']);
  const language = currentLanguage(i18n);
  const areaLabel = useAreaLabel();
  return {
    language,
    areas: useCallback(
      (item: Export) => {
        if (item.areas.length === 0)
          return item.areaTypes.length === 0
            ? t('history.allAreas')
            : upperFirst(
                formatList(
                  item.areaTypes.map((type) => t(`history.allOfType.${type}`)),
                  language,
                ),
              );
        // The first few areas, named as everywhere (a flat without a name of its own by its type
        // and number); areas removed since are left out and counted with the rest.
        const names = item.chosenAreas.map(areaLabel);
        if (names.length === 0)
          return t('history.areaCount', {
            count: item.areas.length,
            formattedCount: formatNumber(item.areas.length, language),
          });
        const more = item.areas.length - names.length;
        return more > 0
          ? t('history.andMore', {
              names: names.join(', '),
              count: more,
              formattedCount: formatNumber(more, language),
            })
          : names.join(', ');
      },
      [t, language, areaLabel],
    ),
    types: (item: Export) => item.types.map((type) => t(`type.${type}`)).join(', '),
    date: (date: string) => formatLocalDate(date, language),
    time: (iso: string) => formatTime(iso, language, timeZone),
    /** The day of an instant in the zone: '1 dec. 2026'. */
    day: (iso: string) => formatDate(new Date(iso), language, { dateStyle: 'medium', timeZone }),
    who: (item: Export) => item.userName || item.userEmail || t('history.unknownUser'),
    rows: (item: Export) =>
      item.rows === null ? t('history.none') : formatNumber(item.rows, language),
    size: (item: Export) =>
      item.size === null ? t('history.none') : formatFileSize(item.size, language),
  };
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
