// The one area form behind 'New area' and 'Edit area': name, type, number and floor area, checked
// with the contract's schema before anything is sent (lib/contract-form); a failure shows the
// screen's alert, and at the field what the server named there (a number taken, a broken rule).
import { Anchor, Button, Card, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { CreateAreaSchema } from '@portal/contracts/areas';
import { AREA_TYPES } from '@portal/contracts/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useContractForm } from '../../../lib/contract-form';
import { currentLanguage } from '../../../lib/i18n';
import { type AreaFailure, areaFailureOf } from '../model/area-failure';
import { AREA_FORM, type AreaFormValues, floorAreaExample } from '../model/area-form-values';

/** The request body, as the schema leaves it (name trimmed, absent numbers null). */
export type CheckedArea = ReturnType<typeof CreateAreaSchema.parse>;

export function AreaForm({
  initial,
  submitLabel,
  cancelTo,
  onSubmit,
  failureAlert,
}: {
  initial: AreaFormValues;
  submitLabel: string;
  cancelTo: string;
  /** Sends the checked area and moves on; rejects with the failed call's error. */
  onSubmit: (area: CheckedArea) => Promise<void>;
  /** The screen's alert for a failure (it knows which of SPEC §8's messages applies). */
  failureAlert: (failure: AreaFailure, dismiss: () => void) => ReactNode;
}) {
  const { t, i18n } = useTranslation('areas');
  const language = currentLanguage(i18n);
  const {
    form,
    onSubmit: checked,
    showServerIssues,
    setFieldMessage,
  } = useContractForm(CreateAreaSchema, { ...AREA_FORM, initialValues: initial });
  const [failure, setFailure] = useState<AreaFailure>();

  async function send(area: CheckedArea) {
    setFailure(undefined);
    try {
      await onSubmit(area);
    } catch (error) {
      const failed = areaFailureOf(error);
      setFailure(failed);
      showServerIssues(error);
      // Until the number is changed.
      if (failed.reason === 'numberTaken')
        setFieldMessage('number', { key: 'areas:form.numberTaken' });
    }
  }

  const input = (field: keyof AreaFormValues) => ({
    name: field,
    ...form.getInputProps(field),
  });

  return (
    <Card withBorder padding="lg">
      <form onSubmit={checked(send)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('form.name')}
            description={t('form.nameDescription')}
            autoComplete="off"
            key={form.key('name')}
            {...input('name')}
          />
          <NativeSelect
            label={t('form.type')}
            key={form.key('areaType')}
            {...input('areaType')}
            data={AREA_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
          />
          <TextInput
            label={t('form.number')}
            description={t('form.numberDescription')}
            inputMode="numeric"
            autoComplete="off"
            key={form.key('number')}
            {...input('number')}
          />
          <TextInput
            label={t('form.floorArea')}
            description={t('form.floorAreaDescription', { example: floorAreaExample(language) })}
            inputMode="decimal"
            autoComplete="off"
            key={form.key('floorArea')}
            {...input('floorArea')}
          />
          {failure && failureAlert(failure, () => setFailure(undefined))}
          <Group gap="md" justify="space-between">
            <Anchor component={Link} c="blue.8" to={cancelTo}>
              {t('form.cancel')}
            </Anchor>
            <Button type="submit" color="blue.8" loading={form.submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
