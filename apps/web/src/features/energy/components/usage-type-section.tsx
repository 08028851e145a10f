// One type of use in a usage estimate: what was used so far, the projection with its band, last
// year's use and the change, how the projection was made in plain words, what it costs, and a
// chart of the window's buckets (measured bars, projected bars with their band, last year's line).
import { Card, Stack, Text, Title } from '@mantine/core';
import type { UsageEstimate, UsageEstimateType } from '@portal/contracts/usage-estimate';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EnergyChart } from '../../../components/charts/energy-chart';
import { formatChange, formatterOfUse } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { formatKronor } from '../../../lib/kronor';
import { usageChartSeries } from '../model/usage-chart-series';
import { EnergyFigureList, type Figure } from './energy-figure-list';

/** The change of the projection against last year; none without last year's use. */
const changeOf = (type: UsageEstimateType) =>
  type.lastYear ? type.projected.value / type.lastYear - 1 : null;

export function UsageTypeSection({
  estimate,
  type,
}: {
  estimate: UsageEstimate;
  type: UsageEstimateType;
}) {
  const { t, i18n } = useTranslation('energy');
  const language = currentLanguage(i18n);
  // Every use of the section in one unit: a band does not run from kWh into MWh.
  const use = formatterOfUse(
    [
      type.toDate,
      type.projected.value,
      type.projected.low,
      type.projected.high,
      type.lastYear ?? 0,
    ],
    type.unit,
    language,
  );
  const kronor = (value: number) => formatKronor(value, language);
  const { period } = estimate;
  const name = t(`type.${type.type}`);
  const headingId = `usage-${type.type}`;
  const change = changeOf(type);

  const figures: Figure[] = [
    { key: 'toDate', label: t('usage.toDate'), value: use(type.toDate) },
    {
      key: 'projected',
      label: t(`usage.projected.${period}`),
      value: type.method === 'none' ? t('usage.none') : use(type.projected.value),
      hint:
        type.method === 'none'
          ? undefined
          : t('usage.band', { low: use(type.projected.low), high: use(type.projected.high) }),
    },
    {
      key: 'lastYear',
      label: t(`usage.lastYear.${period}`),
      value: type.lastYear === null ? t('usage.none') : use(type.lastYear),
    },
    {
      key: 'change',
      label: t('usage.change'),
      value:
        change === null || type.method === 'none'
          ? t('usage.none')
          : formatChange(change, language),
    },
  ];
  const { cost } = type;
  const costs: Figure[] = cost
    ? [
        { key: 'costToDate', label: t('usage.cost.toDate'), value: kronor(cost.toDate) },
        {
          key: 'costProjected',
          label: t('usage.cost.projected'),
          value: kronor(cost.projected.value),
          hint: t('usage.band', {
            low: kronor(cost.projected.low),
            high: kronor(cost.projected.high),
          }),
        },
        {
          key: 'costLastYear',
          label: t('usage.cost.lastYear'),
          value: cost.lastYear === null ? t('usage.none') : kronor(cost.lastYear),
          hint: t('usage.cost.lastYearHint'),
        },
      ]
    : [];

  const labels = useMemo(
    () => ({
      actual: t('usage.chart.actual'),
      projected: t('usage.chart.projected'),
      lastYear: t('usage.chart.lastYear'),
    }),
    [t],
  );
  const series = useMemo(() => usageChartSeries(type, labels), [type, labels]);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          {name}
        </Title>
        <EnergyFigureList figures={figures} prominent />
        <Stack gap={2} role="note" aria-label={t('usage.method.title')}>
          <Text size="sm" fw={600}>
            {t('usage.method.title')}
          </Text>
          <Text size="sm">{t(`usage.method.${type.method}`)}</Text>
        </Stack>
        {cost ? (
          <EnergyFigureList figures={costs} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('usage.cost.noPrice', { type: name.toLocaleLowerCase(language) })}
          </Text>
        )}
        <EnergyChart
          series={series}
          kind="bars"
          resolution={period === 'year' ? 'month' : 'day'}
          period={period}
          timeZone={estimate.timeZone}
          title={t('usage.chart.title', {
            type: name,
            resolution: t(`usage.resolution.${period}`),
          })}
        />
      </Stack>
    </Card>
  );
}
