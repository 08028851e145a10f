// A property's comparisons (SPEC §2 property/{propertyId}/compare; DESIGN §4.4 "Energy views";
// docs/energy.md "Compare"): its areas against each other (apartments' hot water per m², ranked
// with the median marked, so a leak or a misreading stands out), a period against the same period
// last year or the one before, the organization's properties against each other per m² Atemp, and
// a type's main meter against the sum of the meters below it. What is compared, the type, the area
// type and what a period is set against live in the address beside the period picker's params.
import { NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  COMPARE_AGAINST,
  COMPARE_KINDS,
  COMPARE_TYPES,
  type Compare,
} from '@portal/contracts/compare';
import { AREA_TYPES, type AreaType } from '@portal/contracts/domain';
import { localDateOf } from '@portal/contracts/periods';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useGetPropertyQuery } from '../../../api/properties';
import { PeriodPicker } from '../../../components/period-picker/period-picker';
import { usePeriodParams } from '../../../components/period-picker/use-period-params';
import { QueryState } from '../../../components/query-state';
import { formatLocalDateWindow } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useCompare } from '../api/energy-api';
import { CompareMain } from '../components/compare-main';
import { ComparePeriods } from '../components/compare-periods';
import { CompareRanking } from '../components/compare-ranking';
import { EnergyViewFrame } from '../components/energy-view-frame';
import {
  type CompareAgainst,
  type CompareType,
  compareQueryOf,
  DEFAULT_PERIOD_OF_KIND,
  PERIODS_OF_KIND,
  useCompareParams,
} from '../model/compare-params';

/** Wide enough for the four kinds side by side; narrower (a phone), they stack. */
const KINDS_SIDE_BY_SIDE = '(min-width: 36em)';

/** The local dates an answer's window covers, as the summary writes them: '1–30 nov. 2026'. */
function useWindowText() {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return (from: string, to: string, timeZone: string) =>
    formatLocalDateWindow(
      localDateOf(Date.parse(from), timeZone),
      localDateOf(Date.parse(to), timeZone),
      language,
    );
}

function WindowText({ compare }: { compare: Compare }) {
  const { t } = useTranslation('energy');
  const windowText = useWindowText();
  const window = windowText(compare.from, compare.to, compare.timeZone);
  const text = compare.against
    ? t('compare.periods.window', {
        window,
        other: windowText(compare.against.from, compare.against.to, compare.timeZone),
      })
    : window;
  return <Text size="sm">{t('compare.window', { window: text })}</Text>;
}

/** What a ranking calls an entry: an area's label (a bare type code translated), this property
 * marked among the organization's. */
function useNameOf(propertyId: string) {
  const { t } = useTranslation(['energy', 'areas']);
  return (entry: { key: string; label: string }) => {
    const label = (AREA_TYPES as readonly string[]).includes(entry.label)
      ? t(`areas:type.${entry.label as AreaType}`)
      : entry.label;
    if (entry.key !== propertyId) return label;
    return (
      <>
        {label}{' '}
        <Text span size="xs" c="dimmed">
          ({t('compare.ranking.thisProperty')})
        </Text>
      </>
    );
  };
}

function Result({ compare, propertyId }: { compare: Compare; propertyId: string }) {
  const { t } = useTranslation('energy');
  const nameOf = useNameOf(propertyId);
  const typeName = t(`type.${compare.type}`);
  const unit = compare.type === 'hw' || compare.type === 'cw' ? 'l' : 'Wh';
  let shown: ReactNode;
  if (compare.kind === 'areas' || compare.kind === 'properties')
    shown = (
      <CompareRanking
        compare={compare}
        of={compare.kind}
        unit={unit}
        title={t(
          compare.kind === 'areas'
            ? 'compare.ranking.titleAreas'
            : 'compare.ranking.titleProperties',
          { type: typeName },
        )}
        nameOf={nameOf}
      />
    );
  else if (compare.kind === 'periods') shown = <ComparePeriods compare={compare} />;
  else shown = <CompareMain compare={compare} />;
  return (
    <Stack gap="md">
      <WindowText compare={compare} />
      {shown}
    </Stack>
  );
}

function Controls({
  choice,
  choose,
}: Pick<ReturnType<typeof useCompareParams>, 'choice' | 'choose'>) {
  const { t } = useTranslation(['energy', 'areas']);
  const sideBySide = useMediaQuery(KINDS_SIDE_BY_SIDE, true);
  const { kind } = choice;
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('compare.kindLabel')}
        value={kind}
        onChange={(value) => choose({ kind: value as typeof kind })}
        orientation={sideBySide ? 'horizontal' : 'vertical'}
        fullWidth
        data={COMPARE_KINDS.map((value) => ({ value, label: t(`compare.kind.${value}`) }))}
      />
      <Text size="sm" c="dimmed">
        {t(`compare.kindHint.${kind}`)}
      </Text>
      {kind !== 'periods' && (
        <NativeSelect
          label={t('compare.type')}
          value={choice.type}
          onChange={(event) => choose({ type: event.currentTarget.value as CompareType })}
          data={COMPARE_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
          maw={280}
        />
      )}
      {kind === 'areas' && (
        <NativeSelect
          label={t('compare.areaType')}
          value={choice.areaType ?? ''}
          onChange={(event) =>
            choose({ areaType: (event.currentTarget.value || undefined) as AreaType | undefined })
          }
          data={[
            { value: '', label: t('compare.allAreaTypes') },
            ...AREA_TYPES.map((value) => ({ value, label: t(`areas:typePlural.${value}`) })),
          ]}
          maw={280}
        />
      )}
      {kind === 'periods' && (
        <NativeSelect
          label={t('compare.against')}
          value={choice.against}
          onChange={(event) => choose({ against: event.currentTarget.value as CompareAgainst })}
          data={COMPARE_AGAINST.map((value) => ({
            value,
            label: t(`compare.againstOption.${value}`),
          }))}
          maw={280}
        />
      )}
    </Stack>
  );
}

function CompareOf({ propertyId }: { propertyId: string }) {
  const { t } = useTranslation('energy');
  // The same request as the frame's (one, through the cache): today in the property's zone.
  const property = useGetPropertyQuery(propertyId);
  const { choice, choose } = useCompareParams();
  const params = usePeriodParams({
    defaultPeriod: DEFAULT_PERIOD_OF_KIND[choice.kind],
    periods: PERIODS_OF_KIND[choice.kind],
    timeZone: property.data?.timeZone,
  });
  // The comparison does not wait for the property: both at once.
  const query = useCompare(
    propertyId,
    compareQueryOf(choice, { period: params.period, date: params.date }),
  );
  // Another view asked for: 'Loading...' instead of the last view's figures under its name.
  const compare = {
    ...query,
    data: query.currentData,
    isLoading: query.isFetching && query.currentData === undefined,
  };
  return (
    <EnergyViewFrame
      propertyId={propertyId}
      view={t('compare.eyebrow')}
      failedText={t('compare.failedText')}
    >
      {() => (
        <Stack gap="lg">
          <Controls choice={choice} choose={choose} />
          <PeriodPicker params={params} />
          <QueryState
            queries={[compare]}
            failed={{ title: t('load.failed'), text: t('compare.failedText') }}
          >
            {() => compare.data && <Result compare={compare.data} propertyId={propertyId} />}
          </QueryState>
        </Stack>
      )}
    </EnergyViewFrame>
  );
}

export default function CompareScreen() {
  const { propertyId = '' } = useParams();
  return (
    <Stack gap="lg" maw={960}>
      <CompareOf key={propertyId} propertyId={propertyId} />
    </Stack>
  );
}
