// Numbers and dates in the chosen language's conventions: 1 234,5 in Swedish, 1,234.5 in English.
import type { Language } from '@portal/contracts/domain';

const LOCALES: Record<Language, string> = { sv: 'sv-SE', en: 'en-GB' };

export function formatNumber(
  value: number,
  language: Language,
  options?: Intl.NumberFormatOptions,
) {
  return new Intl.NumberFormat(LOCALES[language], options).format(value);
}

export function formatDate(value: Date, language: Language, options?: Intl.DateTimeFormatOptions) {
  return new Intl.DateTimeFormat(LOCALES[language], options ?? { dateStyle: 'long' }).format(value);
}
