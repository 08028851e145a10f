// This month's use of one meter type against the same days a year earlier, in the language's
// number format: the change ('+12 %'), or that there is nothing to compare with.
import type { MonthUse } from '@portal/contracts/energy-overview';
import { useTranslation } from 'react-i18next';
import { formatChange, formatUse } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

/** The texts of one type's month: its use, last year's, the change and its flags. */
export function useMonthUseTexts() {
  const { t, i18n } = useTranslation('energy');
  const language = currentLanguage(i18n);
  return (use: MonthUse) => ({
    type: t(`type.${use.type}`),
    thisMonth: formatUse(use.thisMonth, use.unit, language),
    lastYear:
      use.lastYear === null ? t('month.noLastYear') : formatUse(use.lastYear, use.unit, language),
    change: use.change === null ? t('month.noLastYear') : formatChange(use.change, language),
    flags: [use.estimated && t('month.estimated'), use.simulated && t('month.simulated')].filter(
      (flag): flag is string => Boolean(flag),
    ),
  });
}
