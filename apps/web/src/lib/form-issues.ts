// The one translator from a broken rule of the contract to a message of a catalogue: the same for
// what zod finds in the browser and what the server's VALIDATION_FAILED names (details.issues), so
// neither is ever shown in the schema's English. A rule (zod's issue code, its bound, its format)
// becomes one of a few kinds with a generic message in the `forms` catalogue; a form may give a
// field its own wording for a kind ('Enter a name or a number.'). Plain code without zod, so it
// costs nothing where the contract's schemas are not loaded.
import type { Language } from '@portal/contracts/domain';
import type { ValidationIssue } from '@portal/contracts/error-codes';
import type { ParseKeys } from 'i18next';
import type { FORM_NAMESPACES } from './form-namespaces';
import { formatNumber } from './format';

/** One broken rule: the server's shape (ValidationIssue without its English message). */
export type FieldIssue = Omit<ValidationIssue, 'message'>;

/** What a rule means to the person filling in the form; each has a message in `forms`. */
export const ISSUE_KINDS = [
  'required',
  'tooShort',
  'tooLong',
  'notANumber',
  'notWhole',
  'atLeast',
  'greaterThan',
  'atMost',
  'lessThan',
  'email',
  'text',
  'format',
  'choose',
  'invalid',
] as const;
export type IssueKind = (typeof ISSUE_KINDS)[number];

/** A key of one of them, with its namespace ('forms:required'). */
export type MessageKey = Extract<ParseKeys<typeof FORM_NAMESPACES>, `${string}:${string}`>;

/** A message and what it interpolates: numbers are written the language's way, text as is. */
export type FieldMessage = { key: MessageKey; values?: Record<string, number | string> };

/** What the form knows about the field a rule names. */
export type FieldContext<Values> = {
  /** The field is typed as a number (a too_small is then a bound, not a length). */
  numeric: boolean;
  /** Nothing was typed (only spaces), or nothing chosen. */
  empty: boolean;
  values: Values;
  language: Language;
};

/** A field's own wording for a kind: a key, a key with fixed values, or worked out from the form. */
export type MessageOverride<Values> =
  | MessageKey
  | FieldMessage
  | ((issue: FieldIssue, context: FieldContext<Values>) => FieldMessage);

/** A form's own wording, by field and kind; every kind not named keeps the generic message. */
export type FieldMessages<Values> = {
  [Field in keyof Values]?: Partial<Record<IssueKind, MessageOverride<Values>>>;
};

/** The formats zod gives a whole-number rule (`.int()` is 'safeint'). */
const INTEGER_FORMATS = new Set(['safeint', 'int32', 'uint32', 'int64', 'uint64']);

/** What a rule means, from zod's issue code and the field it names. */
export function issueKind(
  issue: FieldIssue,
  field: { numeric: boolean; empty: boolean },
): IssueKind {
  switch (issue.rule) {
    case 'invalid_type':
      if (field.empty) return 'required';
      // zod reports a decimal where a whole number belongs as a type with an integer format.
      if (issue.format && INTEGER_FORMATS.has(issue.format)) return 'notWhole';
      return field.numeric ? 'notANumber' : 'invalid';
    case 'too_small':
      if (field.numeric) return issue.inclusive === false ? 'greaterThan' : 'atLeast';
      return field.empty || (issue.limit ?? 1) <= 1 ? 'required' : 'tooShort';
    case 'too_big':
      if (field.numeric) return issue.inclusive === false ? 'lessThan' : 'atMost';
      return 'tooLong';
    case 'invalid_format':
      if (issue.format === 'email') return 'email';
      // A character the portal cannot store (a NUL, half a surrogate pair: the contracts' text()).
      if (issue.format === 'text') return 'text';
      // Nothing chosen in a list of ids is a choice still to make, not a wrongly written one.
      return field.empty ? 'required' : 'format';
    case 'invalid_value':
      return 'choose';
    default:
      // 'custom' (a refinement such as 'a name or a number') and anything newer: the field's own
      // wording says what it means, the generic one only that the value needs a look.
      return 'invalid';
  }
}

/** The message for one broken rule: the field's own wording for its kind, or the generic one. */
export function fieldMessageOf<Values>(
  issue: FieldIssue,
  context: FieldContext<Values>,
  messages?: FieldMessages<Values>,
): FieldMessage {
  const kind = issueKind(issue, context);
  const bound = issue.limit === undefined ? undefined : { limit: issue.limit };
  const override = messages?.[issue.field as keyof Values]?.[kind];
  if (override === undefined) return { key: `forms:${kind}`, values: bound };
  if (typeof override === 'function') return override(issue, context);
  if (typeof override === 'string') return { key: override, values: bound };
  return { key: override.key, values: { ...bound, ...override.values } };
}

/** A message's values as the language writes them: 1 000 000 in Swedish, 1,000,000 in English. */
export function messageValues(message: FieldMessage, language: Language) {
  return Object.fromEntries(
    Object.entries(message.values ?? {}).map(([name, value]) => [
      name,
      typeof value === 'number' ? formatNumber(value, language) : value,
    ]),
  );
}

/** The issue a zod issue in the browser is, in the server's shape. */
export function fieldIssueOf(issue: {
  code: string;
  path: readonly PropertyKey[];
  minimum?: unknown;
  maximum?: unknown;
  format?: unknown;
  inclusive?: unknown;
}): FieldIssue {
  const bound = issue.minimum ?? issue.maximum;
  return {
    field: issue.path.map(String).join('.'),
    rule: issue.code,
    ...(typeof bound === 'number' || typeof bound === 'bigint' ? { limit: Number(bound) } : {}),
    ...(typeof issue.format === 'string' ? { format: issue.format } : {}),
    ...(typeof issue.inclusive === 'boolean' ? { inclusive: issue.inclusive } : {}),
  };
}
