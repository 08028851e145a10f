// The one device form behind 'Add device' and the device's 'Edit': the id with what it will be
// saved as, read live as it is typed, a name, and the fields the type has (a use for electricity,
// 'main' for meters, PIN code slots for doors and keypads), checked with the contract before
// anything is sent (lib/contract-form). The type is chosen before the form and stays.
// What the API answers about the id is answered here: an id that does not fit the type asks SPEC
// §5's question and is sent again once confirmed; a missing or taken id is said at the field.
import { Button, Card, Checkbox, Group, Radio, Stack, TextInput } from '@mantine/core';
import { isMeterType } from '@portal/contracts/device-ids';
import {
  DEFAULT_SLOT_COUNT,
  MAX_SLOT_COUNT,
  MIN_SLOT_COUNT,
  UpdateDeviceSchema,
} from '@portal/contracts/devices';
import { type DeviceType, METER_ROLES } from '@portal/contracts/domain';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useContractForm } from '../../../lib/contract-form';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { type DeviceFailure, deviceFailureOf } from '../model/device-failure';
import { type DeviceFormValues, deviceFormSettings, fieldsOf } from '../model/device-form-values';
import { idInputMode, idKindOf, meterIdExamples } from '../model/device-id-field';
import { DeviceFailureAlert } from './device-failure-alert';
import { DeviceIdReading } from './device-id-reading';
import { IdTakenMessage } from './id-taken-message';

/** The device's fields as the contract leaves them (the create call adds the type). */
export type CheckedDevice = ReturnType<typeof UpdateDeviceSchema.parse>;

export function DeviceForm({
  type,
  initial,
  submitLabel,
  confirm,
  cancel,
  onSubmit,
  forbiddenTitle,
}: {
  type: DeviceType;
  initial: DeviceFormValues;
  submitLabel: string;
  /** The title and confirm button of SPEC §5's question ('Add anyway', 'Save anyway'). */
  confirm: { title: string; label: string };
  /** The way out of the form (a link back, or a button closing it). */
  cancel: ReactNode;
  /** Sends the checked device and moves on; rejects with the failed call's error. */
  onSubmit: (device: CheckedDevice) => Promise<void>;
  /** SPEC §6's message, shown instead of 'Could not save ID' when the API refused the role. */
  forbiddenTitle: string;
}) {
  const { t, i18n } = useTranslation('devices');
  const language = currentLanguage(i18n);
  const has = fieldsOf(type);
  const kind = idKindOf(type);
  const readingId = useId();
  const idInput = useRef<HTMLInputElement>(null);
  const {
    form,
    onSubmit: checked,
    showServerIssues,
    setFieldMessage,
  } = useContractForm(UpdateDeviceSchema, { ...deviceFormSettings(type), initialValues: initial });
  const [typed, setTyped] = useState(initial.idNumber);
  form.watch('idNumber', ({ value }) => setTyped(value));
  const [lettersChosen, setLettersChosen] = useState(false);
  const [failure, setFailure] = useState<DeviceFailure>();
  /** The device whose id does not fit its type, waiting for SPEC §5's answer. */
  const [unconfirmed, setUnconfirmed] = useState<CheckedDevice>();
  const [confirming, setConfirming] = useState(false);

  async function send(device: CheckedDevice) {
    setFailure(undefined);
    try {
      await onSubmit(device);
    } catch (error) {
      const failed = deviceFailureOf(error);
      if (failed.reason === 'idMismatch') setUnconfirmed(device);
      else if (failed.reason === 'missingId')
        setFieldMessage('idNumber', { key: 'devices:messages.missingId' });
      else if (failed.reason === 'idTaken')
        // Until the id is changed; the message names where the id is in use.
        form.setFieldError(
          'idNumber',
          <IdTakenMessage deviceId={failed.deviceId} areaId={failed.areaId} />,
        );
      else {
        setFailure(failed);
        showServerIssues(error);
      }
    }
  }

  async function confirmId() {
    if (!unconfirmed) return;
    setConfirming(true);
    await send({ ...unconfirmed, confirmIdFormat: true });
    setConfirming(false);
    setUnconfirmed(undefined);
  }

  const input = (field: keyof DeviceFormValues) => ({
    name: field,
    ...form.getInputProps(field),
  });
  const count = (value: number) => formatNumber(value, language);

  return (
    <Card withBorder padding="lg">
      <form onSubmit={checked(send)} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <TextInput
              ref={idInput}
              label={t(`idLabel.${kind}`)}
              description={
                isMeterType(type)
                  ? t('idDescription.meter', meterIdExamples(type))
                  : t(`idDescription.${kind}`)
              }
              size="md"
              inputMode={idInputMode(type, typed, lettersChosen)}
              autoCapitalize="characters"
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              key={form.key('idNumber')}
              {...input('idNumber')}
            />
            <DeviceIdReading id={readingId} type={type} typed={typed} />
            {isMeterType(type) && (
              <Group>
                <Button
                  variant="subtle"
                  color="blue.9"
                  c="blue.9"
                  size="compact-md"
                  onClick={() => {
                    setLettersChosen((chosen) => !chosen);
                    // Back to the field, so the phone opens the other keyboard at once.
                    idInput.current?.focus();
                  }}
                >
                  {lettersChosen ? t('form.digitsKeyboard') : t('form.lettersKeyboard')}
                </Button>
              </Group>
            )}
          </Stack>
          <TextInput
            label={t('form.name')}
            description={t('form.nameDescription')}
            size="md"
            autoComplete="off"
            key={form.key('name')}
            {...input('name')}
          />
          {has.role && (
            <Radio.Group label={t('form.role')} key={form.key('role')} {...input('role')}>
              <Stack gap="sm" mt="xs">
                {METER_ROLES.map((role) => (
                  <Radio
                    key={role}
                    value={role}
                    size="md"
                    label={t(`role.${role}`)}
                    description={t(`roleDescription.${role}`)}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {has.main && (
            <Checkbox
              label={t('form.main')}
              description={t('form.mainDescription')}
              size="md"
              key={form.key('main')}
              name="main"
              {...form.getInputProps('main', { type: 'checkbox' })}
            />
          )}
          {has.slotCount && (
            <TextInput
              label={t('form.slotCount')}
              description={t('form.slotCountDescription', {
                min: count(MIN_SLOT_COUNT),
                max: count(MAX_SLOT_COUNT),
                default: count(DEFAULT_SLOT_COUNT),
              })}
              size="md"
              inputMode="numeric"
              autoComplete="off"
              key={form.key('slotCount')}
              {...input('slotCount')}
            />
          )}
          {failure && (
            <DeviceFailureAlert
              failure={failure}
              title={t('messages.saveFailed')}
              forbiddenTitle={forbiddenTitle}
              onClose={() => setFailure(undefined)}
            />
          )}
          <Group gap="md" justify="space-between">
            {cancel}
            <Button type="submit" color="blue.8" size="md" loading={form.submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={unconfirmed !== undefined}
        title={confirm.title}
        cancelLabel={t('mismatch.cancel')}
        confirmLabel={confirm.label}
        busy={confirming}
        onCancel={() => setUnconfirmed(undefined)}
        onConfirm={() => void confirmId()}
      >
        <Stack gap="xs">
          <div>{t('messages.idMismatch')}</div>
          <DeviceIdReading id={`${readingId}-dialog`} type={type} typed={typed} />
        </Stack>
      </ConfirmDialog>
    </Card>
  );
}
