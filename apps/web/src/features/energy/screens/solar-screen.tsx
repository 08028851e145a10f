// A property's solar production (SPEC §2 property/{propertyId}/solar-panel; DESIGN §4.4 "Energy
// views", docs/energy.md "Solar"): for the period chosen (a month unless the address says
// otherwise), what the panels produced against the same period last year, how much of the
// building's own electricity they covered, the best day, and production per bucket beside last
// year's as a chart with a table view. A property without a production meter is told how to add
// one; a period without any production says so instead of a chart of zeros. The whole screen
// stands on one call (GET …/solar), the property's name on the shell's cached property.
import { Alert, Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { addDays } from '@portal/contracts/periods';
import type { Solar } from '@portal/contracts/solar';
import type { StatisticsSeries } from '@portal/contracts/statistics';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useIsSiteManager } from '../../../api/current-user';
import { useGetPropertyQuery } from '../../../api/properties';
import { EnergyChart } from '../../../components/charts/energy-chart';
import { PeriodPicker } from '../../../components/period-picker/period-picker';
import { usePeriodParams } from '../../../components/period-picker/use-period-params';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import {
  formatChange,
  formatDate,
  formatEnergyKwh,
  formatLocalDateWindow,
  formatShare,
} from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useSolar } from '../api/energy-api';
import { EnergyFigureList, type Figure } from '../components/energy-figure-list';
import { EnergyViewFrame } from '../components/energy-view-frame';

/** The answer's series the chart draws: production and last year's beside it (own use is a figure). */
const CHARTED = ['solar', 'solarLastYear'] as const;
type ChartedKey = (typeof CHARTED)[number];
const isChartedKey = (key: string): key is ChartedKey =>
  (CHARTED as readonly string[]).includes(key);
const isCharted = (series: StatisticsSeries): series is StatisticsSeries & { key: ChartedKey } =>
  isChartedKey(series.key);

/** Information, not an error: a note that says what is missing. */
const NOTE = { color: 'blue.9', variant: 'light', role: 'note' } as const;

function KeyFigures({ solar }: { solar: Solar }) {
  const { t, i18n } = useTranslation('energy');
  const language = currentLanguage(i18n);
  const energy = (wh: number) => formatEnergyKwh(wh / 1000, language);
  const { lastYearProductionWh: lastYear, bestDay, coveredShare } = solar;
  const at = (instant: string) =>
    formatDate(new Date(instant), language, {
      timeZone: solar.timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    });
  const figures: Figure[] = [
    { key: 'production', label: t('solar.production'), value: energy(solar.productionWh) },
  ];
  // Lifetime has no year before it.
  if (lastYear !== null)
    figures.push({
      key: 'lastYear',
      // A period still running against last year's as far in (the server's point), not its whole.
      label: solar.lastYearUntil ? t('solar.lastYearToDate') : t('solar.lastYear'),
      value: energy(lastYear),
      hint:
        lastYear > 0
          ? t('solar.change', {
              change: formatChange(solar.productionWh / lastYear - 1, language),
            })
          : t('solar.noLastYear'),
    });
  figures.push(
    {
      key: 'ownUse',
      label: t('solar.ownUse'),
      value: energy(solar.ownUseCoveredWh),
      hint:
        coveredShare === null
          ? t('solar.noBuildingUse')
          : t('solar.covered', { share: formatShare(coveredShare, language) }),
    },
    {
      key: 'bestDay',
      label: t('solar.bestDay'),
      value: bestDay
        ? formatLocalDateWindow(bestDay.date, addDays(bestDay.date, 1), language)
        : t('notAvailable'),
      hint: bestDay
        ? t('solar.bestDayProduction', { energy: energy(bestDay.productionWh) })
        : undefined,
    },
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby="solar-figures">
      <Title order={2} size="h4" id="solar-figures">
        {t('solar.figures')}
      </Title>
      <EnergyFigureList figures={figures} prominent />
      {solar.until && solar.lastYearUntil && (
        <Text size="sm" c="dimmed">
          {t('solar.toDate', { until: at(solar.until), other: at(solar.lastYearUntil) })}
        </Text>
      )}
    </Stack>
  );
}

/** Where a production meter comes from: a site manager is led to the areas, a user told whom to ask. */
function NoProductionMeter({ propertyId, canEdit }: { propertyId: string; canEdit: boolean }) {
  const { t } = useTranslation('energy');
  return (
    <Alert {...NOTE} title={t('solar.noMeter.title')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('solar.noMeter.text')}</Text>
        <Text size="sm">{canEdit ? t('solar.noMeter.siteManager') : t('solar.noMeter.user')}</Text>
        {canEdit && (
          <Anchor component={Link} to={paths.propertyAreas.href(propertyId)} c="blue.9" size="sm">
            {t('solar.noMeter.link')}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}

function Production({
  solar,
  canEdit,
  propertyId,
}: {
  solar: Solar;
  canEdit: boolean;
  propertyId: string;
}) {
  const { t } = useTranslation('energy');
  if (solar.productionMeters === 0)
    return <NoProductionMeter propertyId={propertyId} canEdit={canEdit} />;
  // Nothing now and nothing in last year's whole window (a winter month): a note rather than a
  // chart of zeros. The whole window's series, not the figures: of a period still running those
  // run only as far as it has come (on the 1st before sunrise, nothing yet either year).
  const produced = (key: ChartedKey) =>
    solar.series.find((series) => series.key === key)?.total ?? 0;
  if (produced('solar') === 0 && produced('solarLastYear') === 0)
    return (
      <Alert {...NOTE} title={t('solar.empty.title')}>
        {t('solar.empty.text')}
      </Alert>
    );
  const series = solar.series.filter(isCharted);
  const withLastYear = series.some((one) => one.key === 'solarLastYear');
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <KeyFigures solar={solar} />
      </Card>
      <Card withBorder padding="lg">
        <EnergyChart
          series={series}
          kind="bars"
          resolution={solar.resolution}
          timeZone={solar.timeZone}
          period={solar.period}
          title={withLastYear ? t('solar.chartTitle') : t('solar.chartTitleAlone')}
          titleOrder={2}
          seriesLabel={(one) => (isChartedKey(one.key) ? t(`solar.series.${one.key}`) : one.label)}
        />
      </Card>
    </Stack>
  );
}

function SolarOf({ propertyId }: { propertyId: string }) {
  const { t } = useTranslation('energy');
  // The same request as the frame's (one, through the cache): today in the property's zone.
  const property = useGetPropertyQuery(propertyId);
  const params = usePeriodParams({ defaultPeriod: 'month', timeZone: property.data?.timeZone });
  // The production does not wait for the property: both at once.
  const query = useSolar(propertyId, { period: params.period, date: params.date });
  const canEdit = useIsSiteManager(property.data?.organizationId);
  // Another period asked for: 'Loading...' instead of the last period's figures under its name.
  const solar = {
    ...query,
    data: query.currentData,
    isLoading: query.isFetching && query.currentData === undefined,
  };

  return (
    <EnergyViewFrame
      propertyId={propertyId}
      view={t('solar.eyebrow')}
      failedText={t('solar.loadText')}
    >
      {() => (
        <>
          <PeriodPicker params={params} />
          <QueryState
            queries={[solar]}
            failed={{ title: t('load.failed'), text: t('solar.loadText') }}
          >
            {() =>
              solar.data && (
                <Production solar={solar.data} canEdit={canEdit} propertyId={propertyId} />
              )
            }
          </QueryState>
        </>
      )}
    </EnergyViewFrame>
  );
}

export default function SolarScreen() {
  const { propertyId = '' } = useParams();
  return (
    <Stack gap="lg" maw={960}>
      <SolarOf key={propertyId} propertyId={propertyId} />
    </Stack>
  );
}
