// A property's usage estimate (SPEC §2 property/{propertyId}/usage, 'Estimate Usage'; DESIGN §4.4
// "Energy views"): for a year or a month (in the address, `?year=2026` or `?month=2026-11`), each
// type's use so far projected to the window's end with a band, against last year, the method in
// plain words, what it costs in kronor at the property's prices and a chart; the total cost. How
// the server projects: docs/energy.md "Usage estimate". The prices themselves are another
// feature's: the route module hands their section in (app/routes/property-usage.tsx).
import { Stack, Text } from '@mantine/core';
import { localDateOf } from '@portal/contracts/periods';
import type { Property } from '@portal/contracts/properties';
import type { UsageEstimate } from '@portal/contracts/usage-estimate';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useGetPropertyQuery } from '../../../api/properties';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useUsageEstimate } from '../api/energy-api';
import { EnergyViewFrame } from '../components/energy-view-frame';
import { UsageTotalCost } from '../components/usage-total-cost';
import { UsageTypeSection } from '../components/usage-type-section';
import { UsageWindowPicker } from '../components/usage-window-picker';
import {
  readUsageWindow,
  type UsageWindow,
  usageQueryOf,
  writeUsageWindow,
} from '../model/usage-window';

/** The last day measured (toDate is exclusive), or that nothing is yet. */
function Measured({ estimate }: { estimate: UsageEstimate }) {
  const { t, i18n } = useTranslation('energy');
  if (estimate.toDate <= estimate.from) return <Text size="sm">{t('usage.nothingMeasured')}</Text>;
  const [year = 0, month = 1, day = 1] = estimate.toDate.split('-').map(Number);
  const last = new Date(Date.UTC(year, month - 1, day - 1));
  const date = formatDate(last, currentLanguage(i18n), { dateStyle: 'medium', timeZone: 'UTC' });
  return <Text size="sm">{t('usage.measured', { date })}</Text>;
}

function Estimate({ estimate }: { estimate: UsageEstimate }) {
  const { t } = useTranslation('energy');
  if (estimate.types.length === 0) return <Text size="sm">{t('usage.noMeters')}</Text>;
  return (
    <Stack gap="lg">
      <Measured estimate={estimate} />
      <UsageTotalCost estimate={estimate} />
      {estimate.types.map((type) => (
        <UsageTypeSection key={type.type} estimate={estimate} type={type} />
      ))}
    </Stack>
  );
}

export type UsageScreenProps = {
  /** The property's prices, from their own feature (shown below the estimate). */
  pricesSection?: (property: Property) => ReactNode;
};

function UsageOf({ propertyId, pricesSection }: UsageScreenProps & { propertyId: string }) {
  const { t } = useTranslation('energy');
  const [params, setParams] = useSearchParams();
  const property = useGetPropertyQuery(propertyId);
  const today = localDateOf(Date.now(), property.data?.timeZone ?? 'Europe/Stockholm');
  const window = readUsageWindow(params, today);
  // Both at once: the estimate does not wait for the property (whose name heads the screen).
  const query = useUsageEstimate(propertyId, usageQueryOf(window));
  // Another window asked for: 'Loading...' instead of the last window's figures under its name.
  const estimate = {
    ...query,
    data: query.currentData,
    isLoading: query.isFetching && query.currentData === undefined,
  };

  const choose = (next: UsageWindow) =>
    setParams((current) => writeUsageWindow(current, next), { replace: true });

  return (
    <EnergyViewFrame
      propertyId={propertyId}
      view={t('usage.eyebrow')}
      failedText={t('usage.failedText')}
    >
      {(shown) => (
        <>
          <Text size="sm">{t('usage.intro')}</Text>
          <UsageWindowPicker window={window} today={today} onChange={choose} />
          <QueryState
            queries={[estimate]}
            failed={{ title: t('load.failed'), text: t('usage.failedText') }}
          >
            {() => estimate.data && <Estimate estimate={estimate.data} />}
          </QueryState>
          {pricesSection?.(shown)}
        </>
      )}
    </EnergyViewFrame>
  );
}

export default function UsageScreen({ pricesSection }: UsageScreenProps) {
  const { propertyId = '' } = useParams();
  return (
    <Stack gap="lg" maw={960}>
      <UsageOf key={propertyId} propertyId={propertyId} pricesSection={pricesSection} />
    </Stack>
  );
}
