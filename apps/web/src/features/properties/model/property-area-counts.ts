// A property's areas in words: '24 apartments, 2 laundry rooms' or '24 apartments · 28 areas',
// counted in the language's notation.
import { AREA_TYPES } from '@portal/contracts/domain';
import type { AreaCounts } from '@portal/contracts/properties';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

export const totalAreas = (counts: AreaCounts) =>
  AREA_TYPES.reduce((sum, type) => sum + counts[type], 0);

export function useAreaCountWords() {
  const { t, i18n } = useTranslation('properties');
  const language = currentLanguage(i18n);
  const count = (value: number) => ({ count: value, formatted: formatNumber(value, language) });
  return {
    /** Each kind of area the property has: '24 apartments, 1 laundry room'. */
    byType(counts: AreaCounts) {
      const present = AREA_TYPES.filter((type) => counts[type] > 0);
      if (present.length === 0) return t('areaCount.none');
      return present.map((type) => t(`areaCount.${type}`, count(counts[type]))).join(', ');
    },
    /** Apartments, if any, and all areas: '24 apartments · 28 areas', '2 areas'. */
    summary(counts: AreaCounts) {
      const total = totalAreas(counts);
      if (total === 0) return t('areaCount.none');
      const all = t('areaCount.total', count(total));
      return counts.apt > 0 ? `${t('areaCount.apt', count(counts.apt))} · ${all}` : all;
    },
  };
}
