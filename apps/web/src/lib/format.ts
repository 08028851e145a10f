// Numbers and dates in the chosen language's conventions: 1 234,5 in Swedish, 1,234.5 in English.
import type { Language } from '@portal/contracts/domain';
import type { MeasureUnit } from './units';

const LOCALES: Record<Language, string> = { sv: 'sv-SE', en: 'en-GB' };

/**
 * One formatter per language and options, made the first time it is asked for. Making one looks
 * the locale's patterns up (some 20 ms for the first date on a phone, 10–50 µs for each one after),
 * and a list of 5 000 areas formats a number or two per row.
 */
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.Collator | Intl.ListFormat;
const formatters = new Map<string, Formatter>();

function formatterFor<T extends Formatter>(
  kind: 'number' | 'date' | 'collator' | 'list',
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
  unit: MeasureUnit,
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

/** Items as the language lists them: 'a, b och c' in Swedish, 'a, b and c' in English. */
export function formatList(items: readonly string[], language: Language) {
  const options = { type: 'conjunction' } as const;
  return formatterFor(
    'list',
    language,
    options,
    () => new Intl.ListFormat(LOCALES[language], options),
  ).format(items);
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

// ---- Energy figures (features/energy) --------------------------------------------------------
// Energy in kWh or MWh, water in m³, kWh per m² Atemp, weighting factors, shares and changes, and
// the local date windows the energy calls answer with. A number and its unit are joined by a
// no-break space, so '1 234 kWh' never breaks between them.

const UNIT_SPACE = '\u00a0';

/** From this many kWh an amount is shown in MWh: 245 000 kWh reads better as 245 MWh. */
export const MWH_FROM_KWH = 10_000;

const withUnit = (
  value: number,
  unit: string,
  language: Language,
  options: Intl.NumberFormatOptions,
) => `${formatNumber(value, language, options)}${UNIT_SPACE}${unit}`;

/**
 * Energies shown together (a table's column, a band's two ends) in one unit, chosen by the
 * largest as formatEnergyKwh chooses it for one: '8,5 MWh' under '182 MWh', not '8 512 kWh'.
 */
export function energyKwhFormatter(kwhValues: readonly number[], language: Language) {
  const largest = Math.max(0, ...kwhValues.map(Math.abs));
  if (largest >= MWH_FROM_KWH) {
    const digits = largest / 1000 < 1000 ? 1 : 0;
    return (kwh: number) =>
      withUnit(kwh / 1000, 'MWh', language, { maximumFractionDigits: digits });
  }
  const digits = largest < 10 ? 1 : 0;
  return (kwh: number) => withUnit(kwh, 'kWh', language, { maximumFractionDigits: digits });
}

/** An amount of energy given in kWh: '1 234 kWh', '8,5 kWh', '245,3 MWh', '1 234 MWh'. */
export function formatEnergyKwh(kwh: number, language: Language) {
  return energyKwhFormatter([kwh], language)(kwh);
}

/** Litres as the screens show water: '12,4 m³', '0,25 m³', '1 234 m³'. */
export function formatWaterLitres(litres: number, language: Language) {
  const cubicMetres = litres / 1000;
  const digits = Math.abs(cubicMetres) < 1 ? 2 : Math.abs(cubicMetres) < 100 ? 1 : 0;
  return withUnit(cubicMetres, 'm³', language, { maximumFractionDigits: digits });
}

/** Uses shown together, in the unit the statistics give them: energy in one unit for all of them
 * (energyKwhFormatter), water in m³. */
export function formatterOfUse(values: readonly number[], unit: 'Wh' | 'l', language: Language) {
  if (unit === 'l') return (litres: number) => formatWaterLitres(litres, language);
  const energy = energyKwhFormatter(
    values.map((wh) => wh / 1000),
    language,
  );
  return (wh: number) => energy(wh / 1000);
}

/** Use in the unit the statistics give it (DESIGN §4.4): energy in Wh, water in litres. */
export function formatUse(value: number, unit: 'Wh' | 'l', language: Language) {
  return unit === 'Wh'
    ? formatEnergyKwh(value / 1000, language)
    : formatWaterLitres(value, language);
}

/** Energy per m² Atemp (and year, as the caller's words say): '92,4 kWh/m²'. */
export function formatKwhPerSquareMetre(value: number, language: Language) {
  return withUnit(value, 'kWh/m²', language, { maximumFractionDigits: 1 });
}

/** A weighting factor or Fgeo, as many decimals as it has up to two: '1,8', '0,7', '1,73'. */
export function formatFactor(value: number, language: Language) {
  return formatNumber(value, language, { maximumFractionDigits: 2 });
}

/** A share of 0–1 as a percentage: '2,5 %' in Swedish, '2.5%' in English. */
export function formatShare(share: number, language: Language) {
  return formatNumber(share, language, { style: 'percent', maximumFractionDigits: 1 });
}

/** A relative change (0.12: 12 % more) with its sign: '+12 %', '−3,5 %', '0 %'. */
export function formatChange(change: number, language: Language) {
  return formatNumber(change, language, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
}

/** A local date `YYYY-MM-DD` as a Date at its midnight, in the browser's time zone. */
const localDate = (date: string) => {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(year, month - 1, day);
};

/**
 * A window of local dates whose end is exclusive, as the energy calls answer, by its first and
 * last day: '1–24 nov. 2026', '1 Jan – 31 Dec 2025'; one day alone: '1 nov. 2026'.
 */
export function formatLocalDateWindow(from: string, toExclusive: string, language: Language) {
  const first = localDate(from);
  const last = localDate(toExclusive);
  last.setDate(last.getDate() - 1);
  const options = { dateStyle: 'medium' } as const;
  const format = formatterFor(
    'date',
    language,
    options,
    () => new Intl.DateTimeFormat(LOCALES[language], options),
  );
  return last <= first ? format.format(first) : format.formatRange(first, last);
}
