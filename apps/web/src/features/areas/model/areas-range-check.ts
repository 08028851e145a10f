// Checks the several-areas form with the contract's schema before anything is sent (a range the
// wrong way round, more than MAX_AREAS_AT_ONCE, text that is not a number), and works out what
// the range would create, for the live preview.
import { CreateAreasSchema, MAX_AREAS_AT_ONCE } from '@portal/contracts/areas';
import type { AreaType, Language } from '@portal/contracts/domain';
import { parseNumberInput } from '../../../lib/format';
import {
  type Checked,
  floorAreaProblem,
  type Issue,
  numberOrInvalid,
  numberProblem,
  type Problem,
  type Problems,
} from './area-form-check';
import { parseWholeNumber } from './area-number-input';

export type RangeFormValues = {
  areaType: AreaType;
  from: string;
  to: string;
  namePrefix: string;
  floorArea: string;
};
export type RangeField = 'from' | 'to' | 'namePrefix' | 'floorArea';
export type CheckedRange = ReturnType<typeof CreateAreasSchema.parse>;

export const NAME_PREFIX_MAX_LENGTH = 100;

export const emptyRangeForm = (areaType: AreaType = 'apt'): RangeFormValues => ({
  areaType,
  from: '',
  to: '',
  namePrefix: '',
  floorArea: '',
});

/**
 * The numbers typed so far, when both are whole numbers: what the preview describes. `count` is
 * 0 or less when the range runs the wrong way.
 */
export function typedRange(values: Pick<RangeFormValues, 'from' | 'to'>) {
  const from = parseWholeNumber(values.from);
  const to = parseWholeNumber(values.to);
  if (from.kind !== 'number' || to.kind !== 'number') return null;
  return { from: from.value, to: to.value, count: to.value - from.value + 1 };
}

/** A prefix of only spaces names nothing; leading spaces would only hide the name's start. */
const cleanPrefix = (prefix: string) => (prefix.trim() === '' ? '' : prefix.trimStart());

function boundProblem(typed: string, issue: Issue): Problem {
  return typed.trim() === '' ? { key: 'numberRequired' } : numberProblem(issue);
}

export function checkRange(
  values: RangeFormValues,
  language: Language,
): Checked<CheckedRange, RangeField> {
  const from = parseWholeNumber(values.from);
  const to = parseWholeNumber(values.to);
  const result = CreateAreasSchema.safeParse({
    areaType: values.areaType,
    // Empty is not 'no number' here: both ends are required.
    from: from.kind === 'empty' ? Number.NaN : numberOrInvalid(from),
    to: to.kind === 'empty' ? Number.NaN : numberOrInvalid(to),
    namePrefix: cleanPrefix(values.namePrefix),
    floorArea: parseNumberInput(values.floorArea, language),
  });
  if (result.success) return { ok: true, body: result.data };

  const problems: Problems<RangeField> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'from') problems.from ??= boundProblem(values.from, issue);
    else if (field === 'to' && issue.code === 'custom') {
      // The schema's two range rules share a code; the numbers tell which one it is.
      const range = typedRange(values);
      problems.to ??=
        range && range.count > 0
          ? { key: 'tooMany', values: { max: MAX_AREAS_AT_ONCE, count: range.count } }
          : { key: 'fromAfterTo' };
    } else if (field === 'to') problems.to ??= boundProblem(values.to, issue);
    else if (field === 'namePrefix')
      problems.namePrefix ??= { key: 'prefixTooLong', values: { max: NAME_PREFIX_MAX_LENGTH } };
    else if (field === 'floorArea') problems.floorArea ??= floorAreaProblem(issue);
  }
  return { ok: false, problems };
}

/** The names the range's areas get, as the server forms them: prefix + number. */
export function rangeNames(prefix: string, from: number, to: number) {
  const clean = cleanPrefix(prefix);
  return clean === '' ? null : { first: `${clean}${from}`, last: `${clean}${to}` };
}
