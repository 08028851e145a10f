// The live description of what a range will create ('24 lägenheter: 1001–1024', shown as
// 'Lgh 1001 … Lgh 1024'), announced politely as the numbers are typed.
import { Paper, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_AREAS_AT_ONCE } from '@portal/contracts/areas';
import { useTranslation } from 'react-i18next';
import { formatAreaNumber, useAreaLabel } from '../../../lib/area-name';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { type RangeFormValues, rangeNames, typedRange } from '../model/areas-range';

export function AreasRangePreview({ form }: { form: UseFormReturnType<RangeFormValues, unknown> }) {
  const { t, i18n } = useTranslation('areas');
  const language = currentLanguage(i18n);
  const label = useAreaLabel();
  // Only the preview follows the typing; the form around it does not render again.
  const areaType = form.useWatchValue('areaType');
  const from = form.useWatchValue('from');
  const to = form.useWatchValue('to');
  const namePrefix = form.useWatchValue('namePrefix');
  const range = typedRange({ from, to }, language);

  function description() {
    if (!range) return <Text c="dimmed">{t('bulk.previewEmpty')}</Text>;
    const { from, to, count } = range;
    if (count <= 0) return <Text c="red.9">{t('check.fromAfterTo')}</Text>;
    if (count > MAX_AREAS_AT_ONCE)
      return (
        <Text c="red.9">
          {t('check.tooMany', {
            max: formatNumber(MAX_AREAS_AT_ONCE, language),
            count: formatNumber(count, language),
          })}
        </Text>
      );
    const number = (value: number) => formatAreaNumber(value, language);
    const names = rangeNames(namePrefix, from, to);
    const nameOf = (value: number) => label({ name: '', areaType, number: value });
    const first = names?.first ?? nameOf(from);
    const last = names?.last ?? nameOf(to);
    return (
      <>
        <Text fw={600}>
          {t('bulk.preview', {
            what: t(`countOf.${areaType}`, {
              count,
              formatted: formatNumber(count, language),
            }),
            range: count === 1 ? number(from) : `${number(from)}–${number(to)}`,
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {count === 1 ? t('bulk.shownAs', { first }) : t('bulk.shownAsRange', { first, last })}
        </Text>
      </>
    );
  }

  return (
    <Paper component="section" withBorder p="md" bg="gray.0" aria-labelledby="areas-range-preview">
      <Title order={2} size="h5" id="areas-range-preview" mb={4}>
        {t('bulk.previewTitle')}
      </Title>
      <div aria-live="polite">{description()}</div>
    </Paper>
  );
}
