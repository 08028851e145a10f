// The several-areas form's values as typed and how the contract form reads them (a name prefix of
// spaces alone is none; 'From' and 'To' are required; the range's two rules told apart by the
// numbers), and what a range would create, for the live preview.
import { MAX_AREAS_AT_ONCE } from '@portal/contracts/areas';
import type { AreaType, Language } from '@portal/contracts/domain';
import type { FormSettings } from '../../../lib/contract-form';
import type { FieldMessage } from '../../../lib/form-issues';
import { parseNumberInput } from '../../../lib/format';
import { FLOOR_AREA_MESSAGES, NUMBER_MESSAGES } from './area-form-values';

export type RangeFormValues = {
  areaType: AreaType;
  from: string;
  to: string;
  namePrefix: string;
  floorArea: string;
};

export const emptyRangeForm = (areaType: AreaType = 'apt'): RangeFormValues => ({
  areaType,
  from: '',
  to: '',
  namePrefix: '',
  floorArea: '',
});

const wholeNumber = (text: string, language: Language) => {
  const value = parseNumberInput(text, language);
  return value !== null && Number.isInteger(value) ? value : null;
};

/**
 * The numbers typed so far, when both are whole numbers: what the preview describes. `count` is
 * 0 or less when the range runs the wrong way.
 */
export function typedRange(values: Pick<RangeFormValues, 'from' | 'to'>, language: Language) {
  const from = wholeNumber(values.from, language);
  const to = wholeNumber(values.to, language);
  if (from === null || to === null) return null;
  return { from, to, count: to - from + 1 };
}

/** A prefix of only spaces names nothing; leading spaces would only hide the name's start. */
const cleanPrefix = (prefix: string) => (prefix.trim() === '' ? '' : prefix.trimStart());

/** The names the range's areas get, as the server forms them: prefix + number. */
export function rangeNames(prefix: string, from: number, to: number) {
  const clean = cleanPrefix(prefix);
  return clean === '' ? null : { first: `${clean}${from}`, last: `${clean}${to}` };
}

/** The contract's two rules of a range share zod's 'custom' on 'To'; the numbers tell which. */
function rangeMessage(values: RangeFormValues, language: Language): FieldMessage {
  const range = typedRange(values, language);
  return range && range.count > 0
    ? { key: 'areas:check.tooMany', values: { max: MAX_AREAS_AT_ONCE, count: range.count } }
    : { key: 'areas:check.fromAfterTo' };
}

const BOUND_MESSAGES = { ...NUMBER_MESSAGES, required: 'areas:check.numberRequired' } as const;

export const RANGE_FORM: FormSettings<RangeFormValues> = {
  numbers: ['from', 'to', 'floorArea'],
  messages: {
    from: BOUND_MESSAGES,
    to: {
      ...BOUND_MESSAGES,
      invalid: (_issue, { values, language }) => rangeMessage(values, language),
    },
    namePrefix: { tooLong: 'areas:check.prefixTooLong' },
    floorArea: FLOOR_AREA_MESSAGES,
  },
  toInput: (input, values) => ({ ...input, namePrefix: cleanPrefix(values.namePrefix) }),
};
