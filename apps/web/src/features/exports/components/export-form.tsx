// The form that starts an export (DESIGN §4.4 "Export"): which areas (all, all of some types, or
// some chosen in a search), the window (last month, whole, unless changed; quick choices beside the
// kit's date pickers), the types, a row per hour, day or month, Excel or CSV, and the optional
// columns, which also decide what a row is (one per meter, per area, or per time: exportGrain).
// Checked with the contract before anything is sent (lib/contract-form); the file is written in the
// language shown. Sent, the export starts at the top of the history below, and the form keeps its
// choices, so the same window can be had in the other format at once.
import '@mantine/dates/styles.css';
import 'dayjs/locale/sv';
import {
  Button,
  Checkbox,
  Chip,
  Group,
  Input,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { AREA_TYPES } from '@portal/contracts/domain';
import { ErrorCode } from '@portal/contracts/error-codes';
import {
  CreateExportSchema,
  EXPORT_FIELDS,
  EXPORT_RESOLUTIONS,
  EXPORT_STYLES,
  exportGrain,
} from '@portal/contracts/exports';
import { STATISTICS_FIRST_DATE, STATISTICS_TYPES } from '@portal/contracts/statistics';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import { Notice } from '../../../components/notice';
import { isApiError } from '../../../lib/api-errors';
import { useContractForm } from '../../../lib/contract-form';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useCreateExportMutation } from '../api/exports-api';
import { type ExportFailure, exportFailureOf } from '../model/export-failure';
import {
  AREA_CHOICES,
  bucketsIn,
  EXPORT_FORM,
  type ExportFormValues,
  initialExportValues,
  WINDOW_PRESETS,
  type WindowPreset,
} from '../model/export-form-values';
import { AreaPicker } from './area-picker';

/**
 * The API names a refused area by its place in the list (`areas.3`); the form has one field for
 * them all, where the refusal is shown.
 */
function onTopLevelFields(error: unknown): unknown {
  if (!isApiError(error) || error.code !== ErrorCode.validation || !error.details?.issues)
    return error;
  const issues = error.details.issues.map((issue) => ({
    ...issue,
    field: issue.field.split('.')[0] ?? issue.field,
  }));
  return { ...error, details: { ...error.details, issues } };
}

/** What a row of the file is, and how many time buckets the window has. */
function GrainText({ values }: { values: ExportFormValues }) {
  const { t, i18n } = useTranslation('exports');
  const language = currentLanguage(i18n);
  const grain = exportGrain(values.fields);
  const unit = t(`form.unit.${values.resolution}`);
  const buckets = bucketsIn(values, values.resolution);
  return (
    <Text size="sm" aria-live="polite">
      {t(`form.grain.${grain}`, { unit })}{' '}
      {buckets > 0 &&
        t(`form.buckets.${values.resolution}`, {
          count: buckets,
          formattedCount: formatNumber(buckets, language),
        })}
    </Text>
  );
}

export function ExportForm({
  propertyId,
  today,
}: {
  propertyId: string;
  /** Today in the property's time zone: the default window is the month before it. */
  today: string;
}) {
  const { t, i18n } = useTranslation(['exports', 'areas']);
  const language = currentLanguage(i18n);
  const [createExport] = useCreateExportMutation();
  const [outcome, setOutcome] = useState<'started' | ExportFailure | null>(null);
  const [initialValues] = useState(() => initialExportValues(today));
  const { form, onSubmit, showServerIssues } = useContractForm(CreateExportSchema, {
    ...EXPORT_FORM,
    initialValues,
  });
  // The form holds its values itself; what the screen says about them follows them here.
  const [shown, setShown] = useState(initialValues);
  const follow =
    <Field extends keyof ExportFormValues>(field: Field) =>
    ({ value }: { value: ExportFormValues[Field] }) =>
      setShown((before) => ({ ...before, [field]: value }));
  form.watch('areaChoice', follow('areaChoice'));
  form.watch('from', follow('from'));
  form.watch('to', follow('to'));
  form.watch('resolution', follow('resolution'));
  form.watch('style', follow('style'));
  form.watch('fields', follow('fields'));

  async function send(body: Parameters<Parameters<typeof onSubmit>[0]>[0]) {
    setOutcome(null);
    try {
      await createExport({ propertyId, ...body, language }).unwrap();
      setOutcome('started');
    } catch (error) {
      // A refusal on a field is shown there; any other as an alert under the form.
      if (!showServerIssues(onTopLevelFields(error))) setOutcome(exportFailureOf(error));
    }
  }

  function choosePreset(preset: WindowPreset) {
    const window = WINDOW_PRESETS[preset](today);
    // Field by field: setValues would give every field a new key, and the area picker would lose
    // the names of the areas chosen in it.
    form.setFieldValue('from', window.from);
    form.setFieldValue('to', window.to);
    setShown((before) => ({ ...before, ...window }));
  }

  return (
    <form onSubmit={onSubmit(send)} noValidate aria-labelledby="export-form-title">
      <DatesProvider settings={{ locale: language, firstDayOfWeek: 1 }}>
        <Stack gap="lg">
          <Radio.Group
            label={t('form.areas.label')}
            key={form.key('areaChoice')}
            {...form.getInputProps('areaChoice')}
          >
            <Stack gap="xs" mt="xs">
              {AREA_CHOICES.map((choice) => (
                <Radio key={choice} value={choice} label={t(`form.areas.${choice}`)} />
              ))}
            </Stack>
          </Radio.Group>
          {shown.areaChoice === 'types' && (
            <Input.Wrapper
              label={t('form.areas.typesLabel')}
              error={form.getInputProps('areaTypes').error}
              data-path="areaTypes"
              tabIndex={-1}
            >
              <Chip.Group multiple key={form.key('areaTypes')} {...form.getInputProps('areaTypes')}>
                <Group gap="xs" mt={6} role="group" aria-label={t('form.areas.typesLabel')}>
                  {AREA_TYPES.map((type) => (
                    <Chip key={type} value={type} size="sm">
                      {t(`areas:typePlural.${type}`)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Input.Wrapper>
          )}
          {shown.areaChoice === 'some' && (
            <AreaPicker
              key={form.key('areas')}
              propertyId={propertyId}
              inputProps={form.getInputProps('areas')}
            />
          )}

          <Stack gap="xs">
            <SimpleGrid cols={2} spacing="sm">
              <DatePickerInput
                label={t('form.from')}
                valueFormat="D MMM YYYY"
                minDate={STATISTICS_FIRST_DATE}
                maxDate={today}
                key={form.key('from')}
                {...form.getInputProps('from')}
              />
              <DatePickerInput
                label={t('form.to')}
                valueFormat="D MMM YYYY"
                minDate={STATISTICS_FIRST_DATE}
                maxDate={today}
                key={form.key('to')}
                {...form.getInputProps('to')}
              />
            </SimpleGrid>
            <Group gap="xs" role="group" aria-label={t('form.presets.label')}>
              {(Object.keys(WINDOW_PRESETS) as WindowPreset[]).map((preset) => (
                <Button
                  key={preset}
                  variant="default"
                  size="compact-sm"
                  onClick={() => choosePreset(preset)}
                >
                  {t(`form.presets.${preset}`)}
                </Button>
              ))}
            </Group>
          </Stack>

          <Checkbox.Group
            label={t('form.types')}
            key={form.key('types')}
            {...form.getInputProps('types')}
          >
            <Group gap="md" mt="xs">
              {STATISTICS_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={t(`type.${type}`)} />
              ))}
            </Group>
          </Checkbox.Group>

          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Input.Wrapper label={t('form.resolution')} id="export-resolution" labelElement="div">
              <SegmentedControl
                fullWidth
                mt={4}
                aria-labelledby="export-resolution-label"
                data={EXPORT_RESOLUTIONS.map((value) => ({
                  value,
                  label: t(`resolution.${value}`),
                }))}
                key={form.key('resolution')}
                {...form.getInputProps('resolution')}
              />
            </Input.Wrapper>
            <Input.Wrapper
              label={t('form.style')}
              id="export-style"
              labelElement="div"
              description={t(`form.styleDescription.${shown.style}`)}
              inputWrapperOrder={['label', 'input', 'description']}
            >
              <SegmentedControl
                fullWidth
                mt={4}
                mb={4}
                aria-labelledby="export-style-label"
                aria-describedby="export-style-description"
                data={EXPORT_STYLES.map((value) => ({ value, label: t(`style.${value}`) }))}
                key={form.key('style')}
                {...form.getInputProps('style')}
              />
            </Input.Wrapper>
          </SimpleGrid>

          <Checkbox.Group
            label={t('form.fields.label')}
            key={form.key('fields')}
            {...form.getInputProps('fields')}
          >
            <Stack gap="sm" mt="xs">
              {EXPORT_FIELDS.map((field) => (
                <Checkbox
                  key={field}
                  value={field}
                  label={t(`form.fields.${field}`)}
                  description={t(`form.fields.${field}Description`)}
                />
              ))}
            </Stack>
          </Checkbox.Group>

          <Stack gap={4}>
            <GrainText values={shown} />
            <Text size="sm" c="dimmed">
              {t('form.language')}
            </Text>
          </Stack>

          {outcome === 'started' && (
            <Notice kind="success" title={t('form.started')} onClose={() => setOutcome(null)}>
              {t('form.startedText')}
            </Notice>
          )}
          {outcome && outcome !== 'started' && (
            <FailureAlert
              failure={outcome}
              namespace="exports"
              ownReason={(failure) =>
                failure.reason === 'underway' ? t('messages.underway') : undefined
              }
              title={t('form.failed')}
              forbiddenTitle={t('messages.noPermission')}
              onClose={() => setOutcome(null)}
            />
          )}
          <Group>
            <Button type="submit" color="blue.8" loading={form.submitting}>
              {t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </DatesProvider>
    </form>
  );
}
