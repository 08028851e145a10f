// The one-area form's values as typed (numbers as text) and how the contract form
// (lib/contract-form) reads them: which are numbers, and this form's own wording for a problem,
// shared with the several-areas form where the fields are the same (an area number, a floor area).
import type { Area } from '@portal/contracts/areas';
import type { AreaType, Language } from '@portal/contracts/domain';
import type { FormSettings } from '../../../lib/contract-form';
import type { IssueKind, MessageOverride } from '../../../lib/form-issues';
import { formatNumberForInput } from '../../../lib/format';

export type AreaFormValues = {
  name: string;
  areaType: AreaType;
  number: string;
  floorArea: string;
};

/** The floor area the fields show as an example. */
const FLOOR_AREA_EXAMPLE = 72.5;
export const floorAreaExample = (language: Language) =>
  formatNumberForInput(FLOOR_AREA_EXAMPLE, language);

type Wording = Partial<Record<IssueKind, MessageOverride<never>>>;

/** An area number, alone or as an end of a range. */
export const NUMBER_MESSAGES = {
  notANumber: 'areas:check.numberInvalid',
  notWhole: 'areas:check.numberInvalid',
  atLeast: 'areas:check.numberNegative',
  atMost: 'areas:check.numberTooBig',
} satisfies Wording;

export const FLOOR_AREA_MESSAGES = {
  notANumber: { key: 'areas:check.floorAreaInvalid', values: { example: FLOOR_AREA_EXAMPLE } },
  greaterThan: 'areas:check.floorAreaPositive',
  atMost: 'areas:check.floorAreaTooBig',
} satisfies Wording;

export const AREA_FORM: FormSettings<AreaFormValues> = {
  numbers: ['number', 'floorArea'],
  messages: {
    // The contract's one refinement of an area: a name or a number, reported on the name.
    name: { invalid: 'areas:check.nameOrNumber', tooLong: 'areas:check.nameTooLong' },
    number: NUMBER_MESSAGES,
    floorArea: FLOOR_AREA_MESSAGES,
  },
};

export const emptyAreaForm = (areaType: AreaType = 'apt'): AreaFormValues => ({
  name: '',
  areaType,
  number: '',
  floorArea: '',
});

export function areaFormValuesOf(area: Area, language: Language): AreaFormValues {
  return {
    name: area.name,
    areaType: area.areaType,
    number: area.number === null ? '' : String(area.number),
    floorArea: formatNumberForInput(area.floorArea, language),
  };
}
