// The form behind 'Record a meter replacement': when the old meter came out (on the property's
// clock, now unless changed), its final reading, the new meter's first and their unit (the meter's
// display unit unless chosen), with what recording one does. Checked with the contract and the
// form's own rules (both readings, none negative, not in the future) before anything is sent; what
// the API refuses about the time or the unit is said at that field, anything else in an alert.
import { Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import type { MeterType } from '@portal/contracts/device-ids';
import {
  type MeterReplacementBody,
  MeterReplacementBodySchema,
  REPLACEMENT_UNITS,
} from '@portal/contracts/meter-replacements';
import { METER_QUANTITY } from '@portal/contracts/readings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import { useContractForm } from '../../../lib/contract-form';
import { type ReplacementFailure, replacementFailureOf } from '../model/replacement-failure';
import { newReplacementValues, replacementFormSettings } from '../model/replacement-form-values';
import { wallClockInput } from '../model/wall-clock';

/** The two registers, the old meter's before the new one's. */
const READINGS = ['oldFinal', 'newFirst'] as const;

export function MeterReplacementForm({
  deviceType,
  timeZone,
  onSubmit,
  onCancel,
}: {
  deviceType: MeterType;
  /** The property's: the time is typed on its clock. */
  timeZone: string;
  /** Sends the checked replacement; rejects with the failed call's error. */
  onSubmit: (body: MeterReplacementBody) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('devices');
  const {
    form,
    onSubmit: checked,
    showServerIssues,
    setFieldMessage,
  } = useContractForm(MeterReplacementBodySchema, {
    ...replacementFormSettings(timeZone),
    initialValues: newReplacementValues(deviceType, timeZone),
  });
  const [failure, setFailure] = useState<Exclude<ReplacementFailure, { reason: 'field' }>>();
  const units = REPLACEMENT_UNITS[METER_QUANTITY[deviceType]];

  async function send(body: MeterReplacementBody) {
    setFailure(undefined);
    try {
      await onSubmit(body);
    } catch (error) {
      const failed = replacementFailureOf(error);
      if (failed.reason === 'field') setFieldMessage(failed.field, failed.message);
      else if (!showServerIssues(error)) setFailure(failed);
    }
  }

  return (
    <Card withBorder padding="lg">
      <form onSubmit={checked(send)} noValidate aria-labelledby="meter-replacement-form-title">
        <Stack gap="md">
          <Title order={3} id="meter-replacement-form-title">
            {t('meterReplacements.form.title')}
          </Title>
          <Text size="sm">{t('meterReplacements.form.explanation')}</Text>
          <TextInput
            type="datetime-local"
            label={t('meterReplacements.form.at')}
            description={t('meterReplacements.form.atDescription', { timeZone })}
            size="md"
            // The browser's picker offers no later time; the form's rule says why if one is typed.
            max={wallClockInput(Date.now(), timeZone)}
            key={form.key('at')}
            name="at"
            {...form.getInputProps('at')}
          />
          {READINGS.map((reading) => (
            <TextInput
              label={t(`meterReplacements.form.${reading}`)}
              size="md"
              inputMode="decimal"
              autoComplete="off"
              key={form.key(reading)}
              name={reading}
              {...form.getInputProps(reading)}
            />
          ))}
          <NativeSelect
            label={t('meterReplacements.form.unit')}
            description={t('meterReplacements.form.unitDescription')}
            size="md"
            data={units.map((unit) => ({
              value: unit,
              label: t(`meterReplacements.form.units.${unit}`),
            }))}
            key={form.key('unit')}
            name="unit"
            {...form.getInputProps('unit')}
          />
          {failure && (
            <FailureAlert
              failure={failure}
              namespace="devices"
              ownReason={() => t('meterReplacements.messages.notAMeter')}
              title={t('meterReplacements.form.failed')}
              forbiddenTitle={t('meterReplacements.messages.noPermission')}
              onClose={() => setFailure(undefined)}
            />
          )}
          <Group gap="md">
            <Button type="submit" color="blue.8" size="md" loading={form.submitting}>
              {t('meterReplacements.form.save')}
            </Button>
            <Button variant="default" size="md" onClick={onCancel}>
              {t('meterReplacements.form.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
