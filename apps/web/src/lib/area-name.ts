// How an area is named on screen: its own name, or its type and number ('Lägenhet 1001') when it
// has none; and how area numbers are written.
// Shared by every feature that shows an area (areas, devices) and by the shell.
import type { Area } from '@portal/contracts/areas';
import type { Language } from '@portal/contracts/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from './format';
import { currentLanguage } from './i18n';

/** Area numbers are identifiers, not quantities: 1001, never '1 001' (Swedish groups 4 digits). */
export function formatAreaNumber(value: number, language: Language) {
  return formatNumber(value, language, { useGrouping: false });
}

type Named = Pick<Area, 'name' | 'areaType' | 'number'>;

/** The area's label in the language being shown. */
export function useAreaLabel() {
  const { t, i18n } = useTranslation('areas');
  const language = currentLanguage(i18n);
  return useCallback(
    (area: Named) => {
      if (area.name !== '') return area.name;
      const type = t(`type.${area.areaType}`);
      return area.number === null
        ? type
        : t('label.typeAndNumber', { type, number: formatAreaNumber(area.number, language) });
    },
    [t, language],
  );
}
