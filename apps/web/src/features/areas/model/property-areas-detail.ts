// The line under an area in the list: what its label does not already say — the number beside a
// name ('nr 1001') and the floor area ('72,5 m²').
import type { Area } from '@portal/contracts/areas';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAreaNumber } from '../../../lib/area-name';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

export function useAreaRowDetail() {
  const { t, i18n } = useTranslation('areas');
  const language = currentLanguage(i18n);
  return useCallback(
    (area: Area) =>
      [
        area.name !== '' && area.number !== null
          ? t('list.number', { number: formatAreaNumber(area.number, language) })
          : null,
        area.floorArea === null
          ? null
          : t('detail.squareMetres', { value: formatNumber(area.floorArea, language) }),
      ]
        .filter((part) => part !== null)
        .join(' · '),
    [t, language],
  );
}
