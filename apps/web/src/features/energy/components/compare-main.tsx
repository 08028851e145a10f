// A type's main meter against the sum of the meters below it (the compare screen's main): the
// three series in one line chart, the totals and the difference with what it may mean — a leak in
// the pipes or a meter missing from the list when the main meter reads more, a misreading when it
// reads less. Without a main meter of the type: how a site manager marks one, and the sum alone.
import { Alert, Card, Stack, Text } from '@mantine/core';
import type { Compare } from '@portal/contracts/compare';
import type { StatisticsSeries } from '@portal/contracts/statistics';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { EnergyChart } from '../../../components/charts/energy-chart';
import { formatMeasure, formatShare } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { displayUnitFor, fractionDigitsFor, toDisplayUnit } from '../../../lib/units';
import { EnergyFigureList } from './energy-figure-list';

const SERIES_KEYS = ['main', 'others', 'difference'] as const;
type SeriesKey = (typeof SERIES_KEYS)[number];

const isSeriesKey = (key: string): key is SeriesKey =>
  (SERIES_KEYS as readonly string[]).includes(key);

/** What the difference may mean: positive, negative or none. */
export function differenceReading(difference: number) {
  if (difference > 0) return 'positive';
  if (difference < 0) return 'negative';
  return 'even';
}

export function CompareMain({ compare }: { compare: Compare }) {
  const { t, i18n } = useTranslation('energy');
  const language = currentLanguage(i18n);
  const typeName = t(`type.${compare.type}`);
  const seriesLabel = useCallback(
    (one: StatisticsSeries) => (isSeriesKey(one.key) ? t(`compare.main.${one.key}`) : one.label),
    [t],
  );
  const find = (key: SeriesKey) => compare.series.find((one) => one.key === key);
  const main = find('main');
  const others = find('others');
  const difference = find('difference');
  const chart = (title: string) => (
    <EnergyChart
      series={compare.series}
      kind="lines"
      resolution={compare.resolution}
      timeZone={compare.timeZone}
      period={compare.period}
      title={title}
      titleOrder={2}
      seriesLabel={seriesLabel}
    />
  );

  if (compare.mainMeters === 0 || !main || !difference) {
    return (
      <Stack gap="lg">
        <Alert
          color="blue.8"
          variant="outline"
          role="note"
          title={t('compare.main.noMainTitle', { type: typeName })}
        >
          {t('compare.main.noMainText')}
        </Alert>
        {others && (
          <Card withBorder padding="lg">
            {chart(t('compare.main.othersTitle', { type: typeName }))}
          </Card>
        )}
      </Stack>
    );
  }

  const totals = [main.total, others?.total ?? 0, difference.total];
  const unit = displayUnitFor(main.unit, totals);
  const digits = fractionDigitsFor(unit, toDisplayUnit(Math.max(...totals.map(Math.abs)), unit));
  const total = (value: number) =>
    formatMeasure(toDisplayUnit(value, unit), unit, language, digits);
  const reading = differenceReading(difference.total);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        {chart(t('compare.main.title', { type: typeName }))}
        <EnergyFigureList
          figures={[
            { key: 'main', label: t('compare.main.main'), value: total(main.total) },
            { key: 'others', label: t('compare.main.others'), value: total(others?.total ?? 0) },
            {
              key: 'difference',
              label: t('compare.main.difference'),
              value: total(difference.total),
              hint:
                main.total > 0
                  ? t('compare.main.differenceShare', {
                      share: formatShare(difference.total / main.total, language),
                    })
                  : undefined,
            },
          ]}
        />
        <Text size="sm" fw={reading === 'even' ? 400 : 600} role="note">
          {t(`compare.main.${reading}`)}
        </Text>
      </Stack>
    </Card>
  );
}
