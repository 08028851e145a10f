// A period against another (the compare screen's periods): per type a line chart of this window
// against the other, bucket beside bucket, with both totals and the change in per cent.
import { Card, Stack, Text } from '@mantine/core';
import type { Compare } from '@portal/contracts/compare';
import type { StatisticsSeries, StatisticsType } from '@portal/contracts/statistics';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { EnergyChart } from '../../../components/charts/energy-chart';
import { formatChange, formatDate, formatMeasure } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { displayUnitFor, fractionDigitsFor, toDisplayUnit } from '../../../lib/units';
import { EnergyFigureList } from './energy-figure-list';

type Pair = { type: StatisticsType; mine?: StatisticsSeries; theirs?: StatisticsSeries };

/** The series per type, this window's first: keyed by the type and `{type}:{against}`. */
export function pairsOf(compare: Compare): Pair[] {
  const pairs = new Map<StatisticsType, Pair>();
  for (const series of compare.series) {
    const pair = pairs.get(series.type) ?? { type: series.type };
    if (series.key === series.type) pair.mine = series;
    else pair.theirs = series;
    pairs.set(series.type, pair);
  }
  return [...pairs.values()];
}

/** The relative change from the other window's total; none when it had no use. */
export const changeOf = (mine: number, theirs: number) => (theirs > 0 ? mine / theirs - 1 : null);

function PeriodPair({ compare, pair }: { compare: Compare; pair: Pair }) {
  const { t, i18n } = useTranslation('energy');
  const language = currentLanguage(i18n);
  const against = compare.against?.kind ?? 'lastYear';
  const series = [pair.mine, pair.theirs].filter((one): one is StatisticsSeries => !!one);
  // A window still running compares as far into both windows (the server's totals to date), not
  // its part against the other's whole.
  const toDate = compare.against?.toDate?.byType.find((entry) => entry.type === pair.type);
  const mineTotal = toDate?.total ?? pair.mine?.total ?? 0;
  const theirTotal = toDate?.otherTotal ?? pair.theirs?.total ?? 0;
  const contractUnit = series[0]?.unit ?? 'Wh';
  // Both totals in one unit, as the chart shows its buckets in one.
  const unit = displayUnitFor(contractUnit, [mineTotal, theirTotal]);
  const digits = fractionDigitsFor(
    unit,
    toDisplayUnit(Math.max(Math.abs(mineTotal), Math.abs(theirTotal)), unit),
  );
  const total = (value: number) =>
    formatMeasure(toDisplayUnit(value, unit), unit, language, digits);
  const change = changeOf(mineTotal, theirTotal);
  const seriesLabel = useCallback(
    (one: StatisticsSeries) =>
      one.key === one.type ? t('compare.periods.this') : t(`compare.periods.other.${against}`),
    [t, against],
  );
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <EnergyChart
          series={series}
          kind="lines"
          resolution={compare.resolution}
          timeZone={compare.timeZone}
          period={compare.period}
          title={t(`type.${pair.type}`)}
          titleOrder={2}
          seriesLabel={seriesLabel}
        />
        <EnergyFigureList
          figures={[
            { key: 'this', label: t('compare.periods.this'), value: total(mineTotal) },
            {
              key: 'other',
              // To the same point, not the chart's whole window: named apart from its legend.
              label: toDate
                ? t(`compare.periods.otherToDate.${against}`)
                : t(`compare.periods.other.${against}`),
              value: total(theirTotal),
            },
            {
              key: 'change',
              label: t('compare.periods.change'),
              value:
                change === null ? t('compare.periods.noChange') : formatChange(change, language),
            },
          ]}
        />
      </Stack>
    </Card>
  );
}

/** Where both windows' totals stop when the window is still running. */
function ComparedToDate({ compare }: { compare: Compare }) {
  const { t, i18n } = useTranslation('energy');
  const toDate = compare.against?.toDate;
  if (!toDate) return null;
  const language = currentLanguage(i18n);
  const at = (instant: string) =>
    formatDate(new Date(instant), language, {
      timeZone: compare.timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    });
  return (
    <Text size="sm" c="dimmed">
      {t('compare.periods.toDate', { until: at(toDate.until), other: at(toDate.otherUntil) })}
    </Text>
  );
}

export function ComparePeriods({ compare }: { compare: Compare }) {
  const { t } = useTranslation('energy');
  const pairs = pairsOf(compare);
  if (pairs.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('compare.periods.empty')}
      </Text>
    );
  return (
    <Stack gap="lg">
      <ComparedToDate compare={compare} />
      {pairs.map((pair) => (
        <PeriodPair key={pair.type} compare={compare} pair={pair} />
      ))}
    </Stack>
  );
}
