// Turns a checked field's problem into its message in the language being shown, with the
// numbers it mentions written the language's way ('högst 99 999 999').
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { Problem } from './area-form-check';
import { floorAreaExample } from './area-number-input';

export function useProblemText() {
  const { t, i18n } = useTranslation('areas');
  const language = currentLanguage(i18n);
  return useCallback(
    (problem: Problem | undefined) => {
      if (!problem) return undefined;
      const numbers = Object.fromEntries(
        Object.entries(problem.values ?? {}).map(([name, value]) => [
          name,
          formatNumber(value, language),
        ]),
      );
      return t(`check.${problem.key}`, { ...numbers, example: floorAreaExample(language) });
    },
    [t, language],
  );
}
