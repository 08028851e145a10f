// Reads what a person typed into a number field, in the language being shown: whole numbers for
// area numbers and ranges, decimals with a comma in Swedish ('72,5') for floor areas.
import type { Language } from '@portal/contracts/domain';
import { formatNumber } from '../../lib/format';

/** Nothing typed, a number, or text that is not one (the check then says so). */
export type TypedNumber =
  | { kind: 'empty' }
  | { kind: 'number'; value: number }
  | { kind: 'invalid' };

const EMPTY: TypedNumber = { kind: 'empty' };
const INVALID: TypedNumber = { kind: 'invalid' };
/** Spaces people type or paste as digit group separators: space, no-break and narrow no-break. */
const SPACES = /[\s\u00a0\u202f]/g;

/** '1001', ' 1001 ', '-3' (the check refuses it with its own message); not '10.5' or '1e3'. */
export function parseWholeNumber(text: string): TypedNumber {
  const compact = text.replace(SPACES, '');
  if (compact === '') return EMPTY;
  return /^-?\d+$/.test(compact) ? { kind: 'number', value: Number(compact) } : INVALID;
}

/**
 * Swedish: '72,5', '72.5', '1 234,5'. English: '72.5', '1,234.5' (a comma only as a thousands
 * separator, so a Swedish-style '72,5' is refused there rather than read as 725).
 */
export function parseDecimal(text: string, language: Language): TypedNumber {
  let compact = text.replace(SPACES, '');
  if (compact === '') return EMPTY;
  if (language === 'sv') compact = compact.replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(compact)) compact = compact.replaceAll(',', '');
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(compact)
    ? { kind: 'number', value: Number(compact) }
    : INVALID;
}

/** A decimal as it is typed back into a field: '72,5' in Swedish, no digit grouping. */
export function decimalForInput(value: number | null, language: Language) {
  if (value === null) return '';
  return formatNumber(value, language, { useGrouping: false, maximumFractionDigits: 20 });
}

/** The example the floor-area fields show, in the language's notation. */
export const floorAreaExample = (language: Language) => decimalForInput(72.5, language);
