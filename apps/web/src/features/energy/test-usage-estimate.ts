// For tests: usage estimates as the API answers them (read by the contract's schema, so a fixture
// never drifts from the API) — Solrosen 1's 2026 up to 24 November — and a fake answer to the call
// that passes every other request on (undefined) to the next fake.
import {
  type UsageEstimate,
  UsageEstimateSchema,
  type UsageEstimateType,
} from '@portal/contracts/usage-estimate';
import type { ReceivedRequest, Reply } from '../../test/test-api';

const MONTHS = Array.from(
  { length: 12 },
  (_, index) => `2026-${String(index + 1).padStart(2, '0')}-01`,
);
const MWH = 1_000_000;

/** Heat at 0,95 kr/kWh and 1 200 kr a month: 180 MWh so far, 11 months begun. */
export const HEAT_COST: NonNullable<UsageEstimateType['cost']> = {
  toDate: 180_000 * 0.95 + 11 * 1200,
  projected: {
    value: 205_000 * 0.95 + 12 * 1200,
    low: 198_000 * 0.95 + 12 * 1200,
    high: 214_000 * 0.95 + 12 * 1200,
  },
  lastYear: 200_000 * 0.95 + 12 * 1200,
};

/** Heat from last year's profile: October over, November half measured, December to come. */
export function heatEstimate(cost: UsageEstimateType['cost'] = null): UsageEstimateType {
  return {
    type: 'heat',
    unit: 'Wh',
    toDate: 180 * MWH,
    projected: { value: 205 * MWH, low: 198 * MWH, high: 214 * MWH },
    lastYear: 200 * MWH,
    method: 'lastYearProfile',
    cost,
    buckets: MONTHS.map((start, index) => ({
      start,
      actual: index < 10 ? 17 * MWH : index === 10 ? 10 * MWH : null,
      projected:
        index === 10
          ? { value: 22 * MWH, low: 21 * MWH, high: 23 * MWH }
          : index === 11
            ? { value: 30 * MWH, low: 28 * MWH, high: 32 * MWH }
            : null,
      lastYear: 16 * MWH,
      estimated: false,
      simulated: false,
    })),
  };
}

/** Electricity with no use last year: projected from the rate so far. */
const electricity: UsageEstimateType = {
  type: 'el',
  unit: 'Wh',
  toDate: 40 * MWH,
  projected: { value: 44 * MWH, low: 43 * MWH, high: 45 * MWH },
  lastYear: null,
  method: 'rateSoFar',
  cost: null,
  buckets: [],
};

/** Hot water not yet read at all. */
const hotWater: UsageEstimateType = {
  type: 'hw',
  unit: 'l',
  toDate: 0,
  projected: { value: 0, low: 0, high: 0 },
  lastYear: null,
  method: 'none',
  cost: null,
  buckets: [],
};

/** 2026 up to 24 November: heat, electricity and hot water; heat priced when `heatCost`. */
export function anEstimate(fields: Partial<UsageEstimate> = {}, heatCost = false): UsageEstimate {
  const cost = heatCost ? HEAT_COST : null;
  return UsageEstimateSchema.parse({
    period: 'year',
    from: '2026-01-01',
    to: '2027-01-01',
    toDate: '2026-11-24',
    timeZone: 'Europe/Stockholm',
    currency: 'SEK',
    types: [heatEstimate(cost), electricity, hotWater],
    totalCost: cost,
    ...fields,
  });
}

/** November 2026 as a month window, heat only. */
export function aMonthEstimate(month = '2026-11'): UsageEstimate {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
  return UsageEstimateSchema.parse({
    ...anEstimate(),
    period: 'month',
    from: `${month}-01`,
    to: `${next}-01`,
    toDate: month === '2026-11' ? '2026-11-24' : `${next}-01`,
    types: [{ ...heatEstimate(), buckets: [] }],
  });
}

/**
 * Answers GET /properties/{propertyId}/usage-estimate with what `estimate` makes of the query's
 * year or month, or a server failure; undefined for any other request.
 */
export function answerUsageEstimate(
  propertyId: string,
  estimate:
    | UsageEstimate
    | ((query: { year: string | null; month: string | null }) => UsageEstimate),
  { fail = false }: { fail?: boolean } = {},
) {
  return (request: ReceivedRequest): Reply | undefined => {
    const url = new URL(request.url ?? '', 'http://api');
    if (url.pathname !== `/properties/${propertyId}/usage-estimate`) return undefined;
    if (fail) return { status: 500, body: { statusCode: 500, error: 'x', message: 'x' } };
    const query = { year: url.searchParams.get('year'), month: url.searchParams.get('month') };
    return { status: 200, body: typeof estimate === 'function' ? estimate(query) : estimate };
  };
}
