// A property's energy summary (SPEC §2 property/{propertyId}/energy-summary; DESIGN §5 "Energy
// figures"): for the last 12 months or a calendar year, the total energy demand, the energy use per
// m² Atemp, the primary energy number made carrier by carrier with its weighting factors and Fgeo,
// the rule set and the requirement, the energy class on the A–G scale, how complete the metered
// data is and what was metered but left out — always labelled as an estimate from metered data.
// A figure that cannot be given says why (./components/energy-summary-gaps).
import { Alert, Card, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { type EnergySummary, LAST_12_MONTHS } from '@portal/contracts/energy-summary';
import type { Property } from '@portal/contracts/properties';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useIsSiteManager } from '../../../api/current-user';
import { QueryState } from '../../../components/query-state';
import {
  formatEnergyKwh,
  formatKwhPerSquareMetre,
  formatLocalDateWindow,
  formatNumber,
  formatShare,
} from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useEnergySummary } from '../api/energy-api';
import { EnergyCarrierTable } from '../components/energy-carrier-table';
import { EnergyClassBadge } from '../components/energy-class-badge';
import { EnergyClassScale } from '../components/energy-class-scale';
import { EnergyFigureList, type Figure } from '../components/energy-figure-list';
import { EnergySummaryGaps } from '../components/energy-summary-gaps';
import { EnergyViewFrame } from '../components/energy-view-frame';
import { type EnergyYear, energyYearOf, energyYears, YEAR_PARAM } from '../model/energy-years';

function KeyFigures({ summary }: { summary: EnergySummary }) {
  const { t, i18n } = useTranslation('energy');
  const language = currentLanguage(i18n);
  const perSquareMetre = (value: number | null) =>
    value === null ? t('notAvailable') : formatKwhPerSquareMetre(value, language);
  const { requirement } = summary;
  const figures: Figure[] = [
    {
      key: 'total',
      label: t('summary.totalEnergyDemand'),
      value: formatEnergyKwh(summary.totalEnergyDemandKwh, language),
      hint: t('summary.totalEnergyDemandHint'),
    },
    {
      key: 'average',
      label: t('summary.averageEnergyUse'),
      value: perSquareMetre(summary.averageEnergyUseKwhPerM2),
      hint: t('summary.perSquareMetreAndYear'),
    },
    {
      key: 'primary',
      label: t('summary.primaryEnergyNumber'),
      value: perSquareMetre(summary.primaryEnergyNumber),
      hint: t('summary.perSquareMetreAndYear'),
    },
    {
      key: 'requirement',
      label: t('summary.requirement'),
      value: requirement
        ? t('summary.requirementValue', {
            value: formatKwhPerSquareMetre(requirement.kwhPerM2, language),
            propertyType: t(`propertyType.${requirement.propertyType}`),
          })
        : t('summary.noRequirement'),
    },
    {
      key: 'class',
      label: t('summary.energyClass'),
      value: <EnergyClassBadge energyClass={summary.energyClass} size="lg" />,
    },
    {
      key: 'area',
      label: t('summary.heatedArea'),
      value:
        summary.heatedArea === null
          ? t('notAvailable')
          : t('summary.squareMetres', { value: formatNumber(summary.heatedArea, language) }),
    },
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby="energy-figures">
      <Title order={2} size="h4" id="energy-figures">
        {t('summary.figures')}
      </Title>
      <EnergyFigureList figures={figures} prominent />
      <Text size="sm">
        {t('summary.ruleSet')}: <strong>{summary.ruleSet.name}</strong>
      </Text>
      <Text size="xs" c="dimmed">
        {/* The reference in the language shown; a rule set added later than this catalogue
            shows the server's own words. */}
        {t(`ruleSets.${summary.ruleSet.id}`, { defaultValue: summary.ruleSet.reference })}
      </Text>
    </Stack>
  );
}

function Coverage({ coverage }: { coverage: EnergySummary['coverage'] }) {
  const { t, i18n } = useTranslation('energy');
  const language = currentLanguage(i18n);
  const figures: Figure[] = [
    {
      key: 'missing',
      label: t('coverage.missingDays'),
      value:
        coverage.missingDays === 0
          ? t('coverage.complete')
          : t('coverage.missingDaysValue', {
              missing: formatNumber(coverage.missingDays, language),
              days: formatNumber(coverage.days, language),
            }),
    },
    {
      key: 'estimated',
      label: t('coverage.estimatedShare'),
      value: formatShare(coverage.estimatedShare, language),
      hint: t('coverage.estimatedShareHint'),
    },
    {
      key: 'simulated',
      label: t('coverage.simulatedShare'),
      value: formatShare(coverage.simulatedShare, language),
      hint: t('coverage.simulatedShareHint'),
    },
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby="energy-coverage">
      <Title order={2} size="h4" id="energy-coverage">
        {t('coverage.title')}
      </Title>
      <EnergyFigureList figures={figures} />
    </Stack>
  );
}

function Excluded({ excluded }: { excluded: EnergySummary['excluded'] }) {
  const { t, i18n } = useTranslation('energy');
  const language = currentLanguage(i18n);
  const energy = (kwh: number) => formatEnergyKwh(kwh, language);
  const figures: Figure[] = [
    {
      key: 'household',
      label: t('excluded.household'),
      value: energy(excluded.householdElectricityKwh),
      hint: t('excluded.householdHint'),
    },
  ];
  // Solar only where the property produces any: most have no panels.
  if (excluded.solarProductionKwh > 0)
    figures.push(
      {
        key: 'solarProduction',
        label: t('excluded.solarProduction'),
        value: energy(excluded.solarProductionKwh),
      },
      {
        key: 'solarOwnUse',
        label: t('excluded.solarOwnUse'),
        value: energy(excluded.solarOwnUseKwh),
        hint: t('excluded.solarOwnUseHint'),
      },
      {
        key: 'solarSurplus',
        label: t('excluded.solarSurplus'),
        value: energy(excluded.solarSurplusKwh),
        hint: t('excluded.solarSurplusHint'),
      },
    );
  return (
    <Stack gap="sm" component="section" aria-labelledby="energy-excluded">
      <Title order={2} size="h4" id="energy-excluded">
        {t('excluded.title')}
      </Title>
      <EnergyFigureList figures={figures} />
    </Stack>
  );
}

function Summary({ summary, property }: { summary: EnergySummary; property: Property }) {
  const { t, i18n } = useTranslation('energy');
  const canEdit = useIsSiteManager(property.organizationId);
  const window = formatLocalDateWindow(summary.from, summary.to, currentLanguage(i18n));
  // A gap takes away the figures it names (EP and class without a meter of the heating, say),
  // which show as missing; what was metered stays, as metered.
  return (
    <Stack gap="lg">
      <Text size="sm">{t('summary.window', { window })}</Text>
      <EnergySummaryGaps summary={summary} propertyId={property.id} canEdit={canEdit} />
      <Card withBorder padding="lg">
        <KeyFigures summary={summary} />
      </Card>
      {summary.requirement && summary.classScale.length > 0 && (
        <Card withBorder padding="lg">
          <EnergyClassScale
            scale={summary.classScale}
            current={summary.energyClass}
            requirementKwhPerM2={summary.requirement.kwhPerM2}
          />
        </Card>
      )}
      <Card withBorder padding="lg">
        <EnergyCarrierTable summary={summary} />
      </Card>
      <Card withBorder padding="lg">
        <Coverage coverage={summary.coverage} />
      </Card>
      <Card withBorder padding="lg">
        <Excluded excluded={summary.excluded} />
      </Card>
    </Stack>
  );
}

function YearSelect({ year, onChange }: { year: EnergyYear; onChange: (year: string) => void }) {
  const { t } = useTranslation('energy');
  const data = energyYears().map((option) => ({
    value: String(option),
    label: option === LAST_12_MONTHS ? t('summary.last12Months') : String(option),
  }));
  return (
    <NativeSelect
      label={t('summary.period')}
      data={data}
      value={String(year)}
      onChange={(event) => onChange(event.currentTarget.value)}
      maw={280}
    />
  );
}

function SummaryOf({ propertyId }: { propertyId: string }) {
  const { t } = useTranslation('energy');
  const [params, setParams] = useSearchParams();
  const year = energyYearOf(params.get(YEAR_PARAM));
  // The summary does not wait for the property (whose name heads the screen): both at once.
  const query = useEnergySummary(propertyId, year);
  // Another window asked for: 'Loading...' instead of the last window's figures under its name.
  const summary = {
    ...query,
    data: query.currentData,
    isLoading: query.isFetching && query.currentData === undefined,
  };

  function chooseYear(next: string) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === LAST_12_MONTHS) updated.delete(YEAR_PARAM);
        else updated.set(YEAR_PARAM, next);
        return updated;
      },
      { replace: true },
    );
  }

  return (
    <EnergyViewFrame
      propertyId={propertyId}
      view={t('summary.eyebrow')}
      failedText={t('load.summaryText')}
    >
      {(shown) => (
        <>
          <Alert color="gray.8" variant="outline" role="note" title={t('summary.estimateTitle')}>
            {t('summary.estimateText')}
          </Alert>
          <YearSelect year={year} onChange={chooseYear} />
          <QueryState
            queries={[summary]}
            failed={{ title: t('load.failed'), text: t('load.summaryText') }}
          >
            {() => summary.data && <Summary summary={summary.data} property={shown} />}
          </QueryState>
        </>
      )}
    </EnergyViewFrame>
  );
}

export default function EnergySummaryScreen() {
  const { propertyId = '' } = useParams();
  return (
    <Stack gap="lg" maw={960}>
      <SummaryOf key={propertyId} propertyId={propertyId} />
    </Stack>
  );
}
