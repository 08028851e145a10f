// Reads what a person typed into a whole-number field (area numbers and ranges). Floor areas are
// decimals, read by lib/format's parseNumberInput like every other typed decimal.
import type { Language } from '@portal/contracts/domain';
import { formatNumberForInput } from '../../../lib/format';

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

/** The example the floor-area fields show, in the language's notation. */
export const floorAreaExample = (language: Language) => formatNumberForInput(72.5, language);
