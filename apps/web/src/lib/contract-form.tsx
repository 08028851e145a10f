// A form of the portal: @mantine/form holds what is typed, the contract's zod schema (the request
// body's) checks it, and every broken rule — found here before sending, or named by the server's
// VALIDATION_FAILED after — is shown on its field through the one translator (lib/form-issues).
// Numbers are typed as text and read with lib/format's parseNumberInput in the language shown.
import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import type { Language } from '@portal/contracts/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validationIssuesOf } from './api-errors';
import {
  type FieldIssue,
  type FieldMessage,
  type FieldMessages,
  fieldIssueOf,
  fieldMessageOf,
  type MessageKey,
  messageValues,
} from './form-issues';
import { FORM_NAMESPACES } from './form-namespaces';
import { parseNumberInput } from './format';
import { currentLanguage } from './i18n';

/** What the hook needs of a contract's schema: zod's safeParse, giving the request body. */
export type ContractSchema<Body> = {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: Body }
    | { success: false; error: { issues: readonly Parameters<typeof fieldIssueOf>[0][] } };
};

/** A form's fields as typed: text, numbers included, until the schema has read them; a switch;
 * the values chosen in a group of checkboxes or a multi-select. */
export type TypedValues = Record<string, string | boolean | string[]>;

/** The fields typed as text. */
type TextField<Values extends TypedValues> = {
  [Field in keyof Values & string]: Values[Field] extends string ? Field : never;
}[keyof Values & string];

/** How a form's typed values meet its schema; one constant per form, beside its values. */
export type FormSettings<Values extends TypedValues> = {
  /** Fields typed as numbers. Nothing typed is no value, so the schema's default applies. */
  numbers?: readonly TextField<Values>[];
  /** The form's own wording for some fields and kinds of problem; the rest is generic. */
  messages?: FieldMessages<Values>;
  /** A last change to the input before the schema reads it (a name prefix of spaces is none). */
  toInput?: (input: Record<string, unknown>, values: Values) => Record<string, unknown>;
  /** Rules the form adds to the contract's (a password typed twice alike), in the server's shape:
   * checked with the schema's, shown through the same translator. */
  rules?: (values: Values) => readonly FieldIssue[];
};

export type ContractFormOptions<Values extends TypedValues> = FormSettings<Values> & {
  initialValues: Values;
};

/** The first problem of each field of the form, as the message to show there. */
export function messagesOf<Values extends TypedValues>(
  issues: readonly FieldIssue[],
  values: Values,
  settings: FormSettings<Values>,
  language: Language,
): Partial<Record<keyof Values & string, FieldMessage>> {
  const messages: Partial<Record<string, FieldMessage>> = {};
  for (const issue of issues) {
    const field = issue.field;
    // A field the form does not show (a path parameter, a nested rule) has no place here.
    if (!Object.hasOwn(values, field) || messages[field]) continue;
    const value = values[field];
    const context = {
      numeric: settings.numbers?.some((number) => number === field) ?? false,
      empty:
        typeof value === 'string' ? value.trim() === '' : Array.isArray(value) && !value.length,
      values,
      language,
    };
    messages[field] = fieldMessageOf(issue, context, settings.messages);
  }
  return messages;
}

/** Reads the typed values with the schema: the request body, or each field's message. */
export function checkForm<Values extends TypedValues, Body>(
  schema: ContractSchema<Body>,
  values: Values,
  settings: FormSettings<Values>,
  language: Language,
):
  | { ok: true; body: Body }
  | { ok: false; messages: Partial<Record<keyof Values & string, FieldMessage>> } {
  let input: Record<string, unknown> = { ...values };
  for (const field of settings.numbers ?? [])
    input[field] = parseNumberInput(String(values[field] ?? ''), language) ?? undefined;
  if (settings.toInput) input = settings.toInput(input, values);
  const checked = schema.safeParse(input);
  const broken = settings.rules?.(values) ?? [];
  if (checked.success && broken.length === 0) return { ok: true, body: checked.data };
  const issues = [...(checked.success ? [] : checked.error.issues.map(fieldIssueOf)), ...broken];
  return { ok: false, messages: messagesOf(issues, values, settings, language) };
}

export type ContractForm<Values extends TypedValues, Body> = {
  /** Mantine's form, uncontrolled: spread `form.getInputProps(field)` with `key={form.key(field)}`. */
  form: UseFormReturnType<Values, Body>;
  /** Checks the form and calls `send` with the request body; after a refusal the first field to
   * fix gets the focus, so it is read out. */
  onSubmit: (send: (body: Body) => unknown) => (event?: React.FormEvent<HTMLFormElement>) => void;
  /** Shows a failed call's VALIDATION_FAILED issues on their fields; whether any landed. */
  showServerIssues: (error: unknown) => boolean;
  /** A message only the server can know, on one field (a number already taken). */
  setFieldMessage: (field: keyof Values & string, message: FieldMessage) => void;
};

/** A field's message, written in the language shown (again, when the language changes). */
function FormMessage({ message }: { message: FieldMessage }) {
  const { t, i18n } = useTranslation(FORM_NAMESPACES);
  // The key was checked where it was written (MessageKey); its values are the message's own.
  const translate = t as (key: MessageKey, values: Record<string, string>) => string;
  return translate(message.key, messageValues(message, currentLanguage(i18n)));
}

const messageOn = (message: FieldMessage) => <FormMessage message={message} />;

/** Where a refusal of a value that no field shows is kept, so the form counts as refused. */
const HIDDEN_FIELDS = '_hidden';
const INVALID: FieldMessage = { key: 'forms:invalid' };

/** Mantine's errors: each message as an element that writes itself in the language shown. */
const errorsOf = (messages: Partial<Record<string, FieldMessage>>): FormErrors =>
  Object.fromEntries(
    Object.entries(messages).flatMap(([field, message]) =>
      message ? [[field, messageOn(message)]] : [],
    ),
  );

/**
 * The options are read once, when the form mounts (key the form by what it edits to start over).
 */
export function useContractForm<Values extends TypedValues, Body>(
  schema: ContractSchema<Body>,
  options: ContractFormOptions<Values>,
): ContractForm<Values, Body> {
  const [{ initialValues, ...settings }] = useState(options);
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  /** The fields of the last refusal: each refusal moves the focus to the first of them. */
  const [refusal, setRefusal] = useState<{ fields: string[] }>();
  /** The form element last submitted: its fields are looked for there, not in another form. */
  const element = useRef<HTMLFormElement | null>(null);

  const form = useForm<Values, Body>({
    mode: 'uncontrolled',
    initialValues,
    validate: (values) => {
      const checked = checkForm(schema, values, settings, language);
      if (checked.ok) return {};
      const errors = errorsOf(checked.messages);
      // The contract refused a value no field shows (a form's own mistake in `toInput`): still
      // refused, so nothing the contract refuses is ever sent.
      return Object.keys(errors).length > 0 ? errors : { [HIDDEN_FIELDS]: messageOn(INVALID) };
    },
    // Called only once the check has passed.
    transformValues: (values) => {
      const checked = checkForm(schema, values, settings, language);
      return (checked.ok ? checked.body : undefined) as Body;
    },
  });

  useEffect(() => {
    if (!refusal) return;
    // The first in the page, whatever the order of the schema's fields.
    const [first] = refusal.fields
      .map((field) =>
        (element.current ?? document).querySelector<HTMLElement>(`[data-path="${field}"]`),
      )
      .filter((node) => node !== null)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    first?.focus();
  }, [refusal]);

  const refused = (errors: FormErrors) => setRefusal({ fields: Object.keys(errors) });

  return {
    form,
    onSubmit: (send) => (event) => {
      element.current = event?.currentTarget ?? null;
      form.onSubmit((body) => {
        // A promise keeps `form.submitting` true until it settles.
        const sent = send(body);
        return sent instanceof Promise ? sent : undefined;
      }, refused)(event);
    },
    showServerIssues: (error) => {
      const values = form.getValues();
      const errors = errorsOf(messagesOf(validationIssuesOf(error), values, settings, language));
      if (Object.keys(errors).length === 0) return false;
      form.setErrors(errors);
      refused(errors);
      return true;
    },
    setFieldMessage: (field, message) => form.setFieldError(field, messageOn(message)),
  };
}
