// The form behind 'Add PIN code': the slot (the first free one proposed), the code on the number
// pad, masked with a button to show it, a label and whether it opens the lock; checked with the
// contract and the trivial-code rule before anything is sent. What the API refuses about the code
// or the slot is said at that field; anything else in SPEC §8's alert.
import { Anchor, Button, Card, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { CreatePinCodeSchema } from '@portal/contracts/pin-codes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CallFailure } from '../../../lib/call-failure';
import { useContractForm } from '../../../lib/contract-form';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { type PinCodeFormValues, pinCodeFormSettings } from '../model/pin-code-form-values';
import { pinFailureOf } from '../model/pin-failure';
import { PinCodeInput } from './pin-code-input';
import { PinFailureAlert } from './pin-failure-alert';

export type CheckedPinCode = ReturnType<typeof CreatePinCodeSchema.parse>;

export function PinCodeForm({
  slotCount,
  proposedSlot,
  backTo,
  onSubmit,
}: {
  slotCount: number;
  proposedSlot: number;
  /** The device's screen, where cancelling goes. */
  backTo: string;
  /** Sends the checked code and moves on; rejects with the failed call's error. */
  onSubmit: (pinCode: CheckedPinCode) => Promise<void>;
}) {
  const { t, i18n } = useTranslation('pinCodes');
  const language = currentLanguage(i18n);
  const {
    form,
    onSubmit: checked,
    showServerIssues,
    setFieldMessage,
  } = useContractForm(CreatePinCodeSchema, {
    ...pinCodeFormSettings(slotCount),
    initialValues: {
      slot: String(proposedSlot),
      code: '',
      label: '',
      enabled: true,
    } satisfies PinCodeFormValues,
  });
  const [failure, setFailure] = useState<CallFailure>();
  const [sending, setSending] = useState(false);

  async function send(pinCode: CheckedPinCode) {
    setFailure(undefined);
    setSending(true);
    try {
      await onSubmit(pinCode);
    } catch (error) {
      const failed = pinFailureOf(error);
      if (failed.reason === 'field') setFieldMessage(failed.field, failed.message);
      else if (!showServerIssues(error)) setFailure(failed);
    } finally {
      setSending(false);
    }
  }

  return (
    <Card withBorder padding="lg">
      <form onSubmit={checked(send)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('form.slot')}
            description={t('form.slotDescription', { count: formatNumber(slotCount, language) })}
            size="md"
            inputMode="numeric"
            autoComplete="off"
            key={form.key('slot')}
            name="slot"
            {...form.getInputProps('slot')}
          />
          <PinCodeInput
            label={t('form.code')}
            description={t('form.codeDescription')}
            key={form.key('code')}
            name="code"
            {...form.getInputProps('code')}
          />
          <TextInput
            label={t('form.label')}
            description={t('form.labelDescription')}
            size="md"
            autoComplete="off"
            key={form.key('label')}
            name="label"
            {...form.getInputProps('label')}
          />
          <Checkbox
            label={t('form.enabled')}
            size="md"
            key={form.key('enabled')}
            name="enabled"
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          {failure && (
            <PinFailureAlert
              failure={failure}
              title={t('form.failed')}
              forbiddenTitle={t('messages.noPermissionChange')}
              onClose={() => setFailure(undefined)}
            />
          )}
          <Group gap="md">
            <Button type="submit" color="blue.8" size="md" loading={sending}>
              {t('form.save')}
            </Button>
            <Anchor component={Link} c="blue.8" to={backTo}>
              {t('form.cancel')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
