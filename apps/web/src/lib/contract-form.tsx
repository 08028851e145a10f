// A form of the portal: @mantine/form holds what is typed, the contract's zod schema (the request
// body's) checks it, and every broken rule — found here before sending, or named by the server's
// VALIDATION_FAILED after — is shown on its field through the one translator (lib/form-issues).
// Numbers are typed as text and read with lib/format's parseNumberInput in the language shown.
import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validationIssuesOf } from './api-errors';
import {
  type FieldIssue,
  type FieldMessage,
  type FieldMessages,
  FORM_NAMESPACES,
  fieldIssueOf,
  fieldMessageOf,
  type MessageKey,
  messageValues,
} from './form-issues';
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

/** A form's fields as typed: text, numbers included, until the schema has read them. */
export type TypedValues = Record<string, string>;

export type ContractFormOptions<Values extends TypedValues> = {
  initialValues: Values;
  /** Fields typed as numbers. Nothing typed is no value, so the schema's default applies. */
  numbers?: readonly (keyof Values & string)[];
  /** The form's own wording for some fields and kinds of problem; the rest is generic. */
  messages?: FieldMessages<Values>;
  /** A last change to the input before the schema reads it (a name prefix of spaces is none). */
  toInput?: (input: Record<string, unknown>, values: Values) => Record<string, unknown>;
};

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

/**
 * The options are read once, when the form mounts (key the form by what it edits to start over).
 */
export function useContractForm<Values extends TypedValues, Body>(
  schema: ContractSchema<Body>,
  options: ContractFormOptions<Values>,
): ContractForm<Values, Body> {
  const [{ initialValues, numbers, messages, toInput }] = useState(() => ({
    ...options,
    numbers: options.numbers ?? [],
  }));
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  /** The fields of the last refusal: each refusal moves the focus to the first of them. */
  const [refusal, setRefusal] = useState<{ fields: string[] }>();

  const check = useCallback(
    (values: Values) => {
      let input: Record<string, unknown> = { ...values };
      for (const field of numbers)
        input[field] = parseNumberInput(values[field] ?? '', language) ?? undefined;
      if (toInput) input = toInput(input, values);
      return schema.safeParse(input);
    },
    [schema, numbers, toInput, language],
  );

  /** The first problem of each field of the form, as the messages to show there. */
  const errorsOf = useCallback(
    (issues: readonly FieldIssue[], values: Values) => {
      const errors: FormErrors = {};
      for (const issue of issues) {
        const field = issue.field;
        if (!Object.hasOwn(values, field) || errors[field]) continue;
        const context = {
          numeric: numbers.includes(field),
          empty: (values[field] ?? '').trim() === '',
          values,
          language,
        };
        errors[field] = messageOn(fieldMessageOf(issue, context, messages));
      }
      return errors;
    },
    [numbers, messages, language],
  );

  const form = useForm<Values, Body>({
    mode: 'uncontrolled',
    initialValues,
    validate: (values) => {
      const checked = check(values);
      return checked.success ? {} : errorsOf(checked.error.issues.map(fieldIssueOf), values);
    },
    // Called only once the check has passed.
    transformValues: (values) => {
      const checked = check(values);
      return (checked.success ? checked.data : undefined) as Body;
    },
  });

  useEffect(() => {
    if (!refusal) return;
    // The first in the page, whatever the order of the schema's fields.
    const [first] = refusal.fields
      .map((field) => document.querySelector<HTMLElement>(`[data-path="${field}"]`))
      .filter((node) => node !== null)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    first?.focus();
  }, [refusal]);

  const refused = (errors: FormErrors) => setRefusal({ fields: Object.keys(errors) });

  return {
    form,
    onSubmit: (send) =>
      form.onSubmit((body) => {
        // A promise keeps `form.submitting` true until it settles.
        const sent = send(body);
        return sent instanceof Promise ? sent : undefined;
      }, refused),
    showServerIssues: (error) => {
      const errors = errorsOf(validationIssuesOf(error), form.getValues());
      if (Object.keys(errors).length === 0) return false;
      form.setErrors(errors);
      refused(errors);
      return true;
    },
    setFieldMessage: (field, message) => form.setFieldError(field, messageOn(message)),
  };
}
