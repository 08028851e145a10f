// The PIN code form's values as typed (the slot as text) and how the contract form reads them:
// 4–10 digits, a slot within the device's, and a code too easy to guess refused before it is
// sent, with the same check the server makes (contracts' pinCodeTrivialReason).
import { pinCodeTrivialReason } from '@portal/contracts/pin-codes';
import type { FormSettings } from '../../../lib/contract-form';
import type { FieldIssue, FieldMessage, FieldMessages, MessageKey } from '../../../lib/form-issues';

export type PinCodeFormValues = {
  slot: string;
  code: string;
  label: string;
  enabled: boolean;
};

const CODE_FORMAT: MessageKey = 'pinCodes:form.codeFormat';

/** The trivial code's reason in words, as the API's PIN_CODE_TRIVIAL would say it. */
export function trivialMessage(code: string): FieldMessage | undefined {
  const reason = pinCodeTrivialReason(code);
  if (!reason) return undefined;
  return {
    key: reason === 'sequence' ? 'errors:pinCodeTrivialSequence' : 'errors:pinCodeTrivialSameDigit',
  };
}

type CodeValues = { code: string };

/** What the code field says: 4–10 digits, or why it is too easy to guess. */
export const CODE_MESSAGES: NonNullable<FieldMessages<CodeValues>['code']> = {
  required: CODE_FORMAT,
  format: CODE_FORMAT,
  invalid: (_issue, { values }) => trivialMessage(values.code) ?? { key: CODE_FORMAT },
};

/** The trivial-code rule, beside the contract's format. */
export const codeRules = (values: CodeValues): FieldIssue[] =>
  trivialMessage(values.code) ? [{ field: 'code', rule: 'custom' }] : [];

export function pinCodeFormSettings(slotCount: number): FormSettings<PinCodeFormValues> {
  const slotMessage: FieldMessage = {
    key: 'pinCodes:form.slotInvalid',
    values: { count: slotCount },
  };
  return {
    numbers: ['slot'],
    messages: {
      code: CODE_MESSAGES,
      slot: {
        required: slotMessage,
        notANumber: slotMessage,
        notWhole: slotMessage,
        atLeast: slotMessage,
        atMost: slotMessage,
        invalid: slotMessage,
      },
    },
    toInput: ({ enabled, ...input }) => ({
      ...input,
      status: enabled ? 'enabled' : 'disabled',
    }),
    rules: (values) => [
      ...codeRules(values),
      ...(Number(values.slot) > slotCount
        ? [{ field: 'slot', rule: 'too_big', limit: slotCount, inclusive: true }]
        : []),
    ],
  };
}
