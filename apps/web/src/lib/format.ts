// Numbers and dates in the chosen language's conventions: 1 234,5 in Swedish, 1,234.5 in English.
import type { Language } from '@portal/contracts/domain';
import type { DisplayUnit } from './units';

const LOCALES: Record<Language, string> = { sv: 'sv-SE', en: 'en-GB' };

/**
 * One formatter per language and options, made the first time it is asked for. Making one looks
 * the locale's patterns up (some 20 ms for the first date on a phone, 10–50 µs for each one after),
 * and a list of 5 000 areas formats a number or two per row.
 */
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.Collator;
const formatters = new Map<string, Formatter>();

function formatterFor<T extends Formatter>(
  kind: 'number' | 'date' | 'collator',
  language: Language,
  options: object | undefined,
  make: () => T,
): T {
  const key = `${kind} ${language} ${options === undefined ? '' : JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

export function formatNumber(
  value: number,
  language: Language,
  options?: Intl.NumberFormatOptions,
) {
  return formatterFor(
    'number',
    language,
    options,
    () => new Intl.NumberFormat(LOCALES[language], options),
  ).format(value);
}

export function formatDate(value: Date, language: Language, options?: Intl.DateTimeFormatOptions) {
  return formatterFor(
    'date',
    language,
    options,
    () => new Intl.DateTimeFormat(LOCALES[language], options ?? { dateStyle: 'long' }),
  ).format(value);
}

/**
 * Two dates as one span, written once where they share a part: `16–22 nov. 2026`,
 * `16–22 Nov 2026`. The same options as formatDate, `timeZone` included.
 */
export function formatDateRange(
  from: Date,
  to: Date,
  language: Language,
  options?: Intl.DateTimeFormatOptions,
) {
  return formatterFor(
    'date',
    language,
    options,
    () => new Intl.DateTimeFormat(LOCALES[language], options ?? { dateStyle: 'long' }),
  ).formatRange(from, to);
}

/**
 * A measure with its unit in the language's conventions, a fixed number of decimals and a no-break
 * space before the unit (so it never wraps away from its number): `1 234,5 kWh` in Swedish,
 * `1,234.5 kWh` in English. Units come from lib/units.ts.
 */
export function formatMeasure(
  value: number,
  unit: DisplayUnit,
  language: Language,
  fractionDigits: number,
) {
  return `${formatMeasureValue(value, language, fractionDigits)}\u00a0${unit}`;
}

/** The number of formatMeasure alone: a table's cell under a header that names the unit. */
export function formatMeasureValue(value: number, language: Language, fractionDigits: number) {
  return formatNumber(value, language, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

/** Compares texts as the language sorts them, numbers within them by value ('2' before '10'). */
export function textCollator(language: Language) {
  const options = { numeric: true };
  return formatterFor(
    'collator',
    language,
    options,
    () => new Intl.Collator(LOCALES[language], options),
  );
}

/**
 * A number as it is typed back into a field: the language's decimal mark and no digit grouping
 * ('2450,5' in Swedish, '2450.5' in English), every digit kept so that it reads back unchanged.
 * No value is an empty field.
 */
export function formatNumberForInput(value: number | null, language: Language) {
  if (value === null) return '';
  return formatNumber(value, language, { useGrouping: false, maximumFractionDigits: 20 });
}

/** Spaces people type or paste between digit groups: space, no-break and narrow no-break. */
const SPACES = /[\s\u00a0\u202f]/g;
/** Digits with an optional decimal point: '72', '72.5', '72.', '.5'. */
const PLAIN_NUMBER = /^-?(\d+(\.\d*)?|\.\d+)$/;
/** English digits grouped by commas in threes, with optional decimals: '2,450', '1,234,567.5'. */
const GROUPED_BY_COMMAS = /^-?\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * A number typed in a field, in the language being shown. One rule for every form:
 * - Swedish: a decimal comma or point ('72,5', '72.5'); digits grouped by spaces (also no-break
 *   ones) or not at all ('2 450,5', '2450,5'). Both a comma and a point ('1.234,5') is refused:
 *   which one groups thousands cannot be told.
 * - English: a decimal point ('72.5'); commas only group thousands, in threes ('2,450.5'), so
 *   '72,5' is refused rather than read as 725 or 72.5. Spaces are left out as in Swedish.
 * - Either: a leading '-' or '−' (the minus Swedish formatting writes) makes it negative.
 * Nothing typed (or only spaces) is null: no value. Anything else is NaN, which a schema refuses
 * as not a number.
 */
export function parseNumberInput(text: string, language: Language): number | null {
  let plain = text.replace(SPACES, '');
  if (plain === '') return null;
  plain = plain.replace(/^\u2212/, '-');
  if (language === 'sv') {
    if (plain.includes(',') && plain.includes('.')) return Number.NaN;
    plain = plain.replace(',', '.');
  } else if (GROUPED_BY_COMMAS.test(plain)) {
    plain = plain.replaceAll(',', '');
  }
  return PLAIN_NUMBER.test(plain) ? Number(plain) : Number.NaN;
}
