// For tests: solar answers as the API gives them (read by the contract's own schema, so a fixture
// never drifts from the API) — Solrosen 1's panels in October 2026 — and a fake of the solar call
// that passes every other request on (undefined) to the next fake.
import { type Solar, SolarSchema } from '@portal/contracts/solar';
import type { StatisticsSeries } from '@portal/contracts/statistics';
import type { ReceivedRequest, Reply } from '../../test/test-api';

type Respond = (request: ReceivedRequest) => Reply | undefined;

const SERVER_ERROR: Reply = { status: 500, body: { statusCode: 500, error: 'x', message: 'x' } };

/** The days of October 2026 in Stockholm: summer time (+02:00) until the 25th. */
const OCTOBER_DAYS = Array.from({ length: 31 }, (_, index) => {
  const day = String(index + 1).padStart(2, '0');
  return `2026-10-${day}T00:00:00${index + 1 < 25 ? '+02:00' : '+01:00'}`;
});

/** A solar series of the answer over October's days, `whOn` the Wh of each day (1–31). */
function octoberSeries(
  key: string,
  whOn: (day: number) => number,
  estimatedDays: readonly number[] = [],
): StatisticsSeries {
  const buckets = OCTOBER_DAYS.map((start, index) => ({
    start,
    value: whOn(index + 1),
    estimated: estimatedDays.includes(index + 1),
    simulated: false,
  }));
  return {
    type: 'solar',
    key,
    label: key,
    unit: 'Wh',
    total: buckets.reduce((sum, bucket) => sum + bucket.value, 0),
    buckets,
  };
}

/**
 * October 2026: 51 kWh on the 1st rising by 1 kWh a day to 81 kWh on the 31st (2 046 kWh, the 2nd
 * estimated), against 46–76 kWh a day a year earlier (1 891 kWh: +8.2 %); the building used
 * 4 464 kWh of electricity, a quarter of it (1 116 kWh) covered by the panels; best day the 31st.
 */
export function aSolar(fields: Partial<Solar> = {}): Solar {
  return SolarSchema.parse({
    period: 'month',
    from: '2026-10-01T00:00:00+02:00',
    to: '2026-11-01T00:00:00+01:00',
    timeZone: 'Europe/Stockholm',
    resolution: 'day',
    productionMeters: 1,
    productionWh: 2_046_000,
    until: null,
    lastYearProductionWh: 1_891_000,
    lastYearUntil: null,
    buildingUseWh: 4_464_000,
    ownUseCoveredWh: 1_116_000,
    coveredShare: 0.25,
    bestDay: { date: '2026-10-31', productionWh: 81_000 },
    series: [
      octoberSeries('solar', (day) => 50_000 + 1_000 * day, [2]),
      octoberSeries('solarLastYear', (day) => 45_000 + 1_000 * day),
      octoberSeries('covered', () => 36_000),
    ],
    ...fields,
  });
}

/** Nothing produced, now or a year ago: the same window, every figure 0. */
export const NO_PRODUCTION: Partial<Solar> = {
  productionWh: 0,
  lastYearProductionWh: 0,
  ownUseCoveredWh: 0,
  coveredShare: 0,
  bestDay: null,
  series: [
    octoberSeries('solar', () => 0),
    octoberSeries('solarLastYear', () => 0),
    octoberSeries('covered', () => 0),
  ],
};

/** What the API answers for a property without a production meter. */
export const WITHOUT_PRODUCTION_METER: Partial<Solar> = { ...NO_PRODUCTION, productionMeters: 0 };

/**
 * Answers GET /properties/{propertyId}/solar with `solar` (or what it makes of the period and date
 * asked for), or a server failure; undefined for any other request.
 */
export function answerSolar(
  propertyId: string,
  solar: Solar | ((query: URLSearchParams) => Solar),
  { fail = false }: { fail?: boolean } = {},
): Respond {
  return (request) => {
    const url = new URL(request.url ?? '', 'http://api');
    if (url.pathname !== `/properties/${propertyId}/solar`) return undefined;
    if (fail) return SERVER_ERROR;
    return { status: 200, body: typeof solar === 'function' ? solar(url.searchParams) : solar };
  };
}
