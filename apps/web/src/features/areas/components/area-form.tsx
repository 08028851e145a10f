// The one area form behind 'New area' and 'Edit area': name, type, number and floor area, checked
// with the contract's schema before anything is sent; the screen says what to do with the result.
import { Anchor, Button, Card, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { AREA_TYPES, type AreaType } from '@portal/contracts/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../lib/i18n';
import type { AreaFailure } from '../model/area-failure';
import {
  type AreaFormField,
  type AreaFormValues,
  type CheckedArea,
  checkArea,
  type Problems,
} from '../model/area-form-check';
import { floorAreaExample } from '../model/area-number-input';
import { useProblemText } from '../model/area-problem-text';

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
  /** Sends the checked area; answers how it failed, or nothing when the screen moves on. */
  onSubmit: (area: CheckedArea) => Promise<AreaFailure | undefined>;
  /** The screen's alert for a failure (it knows which of SPEC §8's messages applies). */
  failureAlert: (failure: AreaFailure, dismiss: () => void) => ReactNode;
}) {
  const { t, i18n } = useTranslation('areas');
  const language = currentLanguage(i18n);
  const problemText = useProblemText();
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Problems<AreaFormField>>({});
  const [failure, setFailure] = useState<AreaFailure>();
  const [numberTaken, setNumberTaken] = useState(false);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof AreaFormValues>(key: K, value: AreaFormValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    if (key === 'number') setNumberTaken(false);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkArea(values, language);
    setProblems(checked.ok ? {} : checked.problems);
    setFailure(undefined);
    setNumberTaken(false);
    if (!checked.ok) return;
    setSaving(true);
    const failed = await onSubmit(checked.body);
    // Success leaves the screen; only a failure stays to be shown.
    if (!failed) return;
    setSaving(false);
    setFailure(failed);
    setNumberTaken(failed.reason === 'numberTaken');
  }

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('form.name')}
            description={t('form.nameDescription')}
            name="name"
            autoComplete="off"
            value={values.name}
            error={problemText(problems.name)}
            onChange={(event) => set('name', event.currentTarget.value)}
          />
          <NativeSelect
            label={t('form.type')}
            name="areaType"
            value={values.areaType}
            onChange={(event) => set('areaType', event.currentTarget.value as AreaType)}
            data={AREA_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
          />
          <TextInput
            label={t('form.number')}
            description={t('form.numberDescription')}
            name="number"
            inputMode="numeric"
            autoComplete="off"
            value={values.number}
            error={numberTaken ? t('form.numberTaken') : problemText(problems.number)}
            onChange={(event) => set('number', event.currentTarget.value)}
          />
          <TextInput
            label={t('form.floorArea')}
            description={t('form.floorAreaDescription', { example: floorAreaExample(language) })}
            name="floorArea"
            inputMode="decimal"
            autoComplete="off"
            value={values.floorArea}
            error={problemText(problems.floorArea)}
            onChange={(event) => set('floorArea', event.currentTarget.value)}
          />
          {failure && failureAlert(failure, () => setFailure(undefined))}
          <Group gap="md" justify="space-between">
            <Anchor component={Link} c="blue.8" to={cancelTo}>
              {t('form.cancel')}
            </Anchor>
            <Button type="submit" color="blue.8" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
