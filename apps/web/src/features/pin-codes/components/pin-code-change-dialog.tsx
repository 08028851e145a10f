// 'Change code' of a slot: a new code on the number pad, checked as the form checks one, sent
// with PUT; the dialog and what was typed are gone once it is saved.
import { Button, Group, Modal, Stack } from '@mantine/core';
import { UpdatePinCodeSchema } from '@portal/contracts/pin-codes';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../lib/contract-form';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { CODE_MESSAGES, codeRules } from '../model/pin-code-form-values';
import { pinFailureOf } from '../model/pin-failure';
import { PinCodeInput } from './pin-code-input';

type Values = { code: string };

function ChangeForm({
  onCancel,
  onSave,
  busy,
}: {
  onCancel: () => void;
  /** Sends the new code; rejects with the failed call's error. */
  onSave: (code: string) => Promise<void>;
  busy: boolean;
}) {
  const { t } = useTranslation('pinCodes');
  const { form, onSubmit, setFieldMessage } = useContractForm(
    UpdatePinCodeSchema.required({ code: true }),
    {
      messages: { code: CODE_MESSAGES },
      rules: codeRules,
      initialValues: { code: '' } satisfies Values,
    },
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit(async ({ code }) => {
        try {
          await onSave(code);
        } catch (error) {
          const failed = pinFailureOf(error);
          setFieldMessage(
            'code',
            failed.reason === 'field' ? failed.message : { key: 'pinCodes:messages.server' },
          );
        }
      })}
    >
      <Stack gap="md">
        <PinCodeInput
          label={t('change.code')}
          description={t('form.codeDescription')}
          data-autofocus
          key={form.key('code')}
          name="code"
          {...form.getInputProps('code')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onCancel}>
            {t('change.cancel')}
          </Button>
          <Button type="submit" color="blue.8" size="md" loading={busy}>
            {t('change.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PinCodeChangeDialog({
  slot,
  opened,
  busy,
  onCancel,
  onSave,
}: {
  slot: number;
  opened: boolean;
  busy: boolean;
  onCancel: () => void;
  onSave: (code: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation('pinCodes');
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('change.title', { slot: formatNumber(slot, currentLanguage(i18n)) })}
      centered
    >
      {/* Mounted only while open: a code typed is forgotten when the dialog closes. */}
      {opened && <ChangeForm onCancel={onCancel} onSave={onSave} busy={busy} />}
    </Modal>
  );
}
