// Checks the area form with the contract's own schema before anything is sent, and names each
// problem by field and kind (a key of the areas catalogue), never by the schema's English text.
import { type Area, CreateAreaSchema, MAX_AREA_NUMBER } from '@portal/contracts/areas';
import type { AreaType, Language } from '@portal/contracts/domain';
import { formatNumberForInput, parseNumberInput } from '../../../lib/format';
import { parseWholeNumber } from './area-number-input';

/** The form as typed: numbers stay text until checked. */
export type AreaFormValues = {
  name: string;
  areaType: AreaType;
  number: string;
  floorArea: string;
};
export type AreaFormField = 'name' | 'number' | 'floorArea';

/** The request body, as the schema leaves it (name trimmed, absent numbers null). */
export type CheckedArea = ReturnType<typeof CreateAreaSchema.parse>;

export type CheckKey =
  | 'nameOrNumber'
  | 'nameTooLong'
  | 'numberRequired'
  | 'numberInvalid'
  | 'numberNegative'
  | 'numberTooBig'
  | 'floorAreaInvalid'
  | 'floorAreaPositive'
  | 'floorAreaTooBig'
  | 'fromAfterTo'
  | 'tooMany'
  | 'prefixTooLong'
  | 'invalid';

/** A problem with one field: the catalogue key under `check.` and the numbers it mentions. */
export type Problem = { key: CheckKey; values?: Record<string, number> };
export type Problems<Field extends string> = Partial<Record<Field, Problem>>;
export type Checked<Body, Field extends string> =
  | { ok: true; body: Body }
  | { ok: false; problems: Problems<Field> };

export const NAME_MAX_LENGTH = 200;
export const FLOOR_AREA_MAX = 1_000_000;

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

/** One problem the contract's schema reports. */
export type Issue = NonNullable<
  ReturnType<typeof CreateAreaSchema.safeParse>['error']
>['issues'][number];

/** What went wrong with a number field, by the schema's issue code. */
export function numberProblem(issue: Issue): Problem {
  if (issue.code === 'too_small') return { key: 'numberNegative' };
  if (issue.code === 'too_big') return { key: 'numberTooBig', values: { max: MAX_AREA_NUMBER } };
  return { key: 'numberInvalid' };
}

export function floorAreaProblem(issue: Issue): Problem {
  if (issue.code === 'too_small') return { key: 'floorAreaPositive' };
  if (issue.code === 'too_big') return { key: 'floorAreaTooBig', values: { max: FLOOR_AREA_MAX } };
  return { key: 'floorAreaInvalid' };
}

function nameProblem(issue: Issue): Problem {
  // The schema's one custom rule on the name: neither a name nor a number was given.
  if (issue.code === 'custom') return { key: 'nameOrNumber' };
  if (issue.code === 'too_big') return { key: 'nameTooLong', values: { max: NAME_MAX_LENGTH } };
  return { key: 'invalid' };
}

/** Typed text the schema never sees as a number: NaN makes it answer 'not a number'. */
export const numberOrInvalid = (typed: ReturnType<typeof parseWholeNumber>) =>
  typed.kind === 'number' ? typed.value : typed.kind === 'empty' ? null : Number.NaN;

export function checkArea(
  values: AreaFormValues,
  language: Language,
): Checked<CheckedArea, AreaFormField> {
  const result = CreateAreaSchema.safeParse({
    name: values.name,
    areaType: values.areaType,
    number: numberOrInvalid(parseWholeNumber(values.number)),
    floorArea: parseNumberInput(values.floorArea, language),
  });
  if (result.success) return { ok: true, body: result.data };

  const problems: Problems<AreaFormField> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    // The first problem of a field is the one worth telling.
    if (field === 'name') problems.name ??= nameProblem(issue);
    else if (field === 'number') problems.number ??= numberProblem(issue);
    else if (field === 'floorArea') problems.floorArea ??= floorAreaProblem(issue);
  }
  return { ok: false, problems };
}
