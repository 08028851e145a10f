// For tests: compare answers as the API gives them (read by the contract's own schema, so a fixture
// never drifts from the API) — Solrosen 1's flats ranked by hot water per m², its areas by heat
// without every floor area, November against last year's, the heat main meter against the rest —
// and a fake answer to the call that passes every other request on (undefined) to the next fake.
import { type Compare, type CompareKind, CompareSchema } from '@portal/contracts/compare';
import type { StatisticsSeries, StatisticsType } from '@portal/contracts/statistics';
import type { ReceivedRequest, Reply } from '../../test/test-api';

type Respond = (request: ReceivedRequest) => Reply | undefined;
type Ranked = NonNullable<Compare['ranking']>[number];

const SERVER_ERROR: Reply = { status: 500, body: { statusCode: 500, error: 'x', message: 'x' } };

const NOVEMBER = { from: '2026-11-01T00:00:00+01:00', to: '2026-12-01T00:00:00+01:00' };
const DAYS = [
  '2026-11-01T00:00:00+01:00',
  '2026-11-02T00:00:00+01:00',
  '2026-11-03T00:00:00+01:00',
];
const DAYS_LAST_YEAR = DAYS.map((day) => day.replace('2026', '2025'));

function aSeries(
  type: StatisticsType,
  key: string,
  values: number[],
  starts: string[] = DAYS,
): StatisticsSeries {
  return {
    type,
    key,
    label: key,
    unit: type === 'hw' || type === 'cw' ? 'l' : 'Wh',
    total: values.reduce((sum, value) => sum + value, 0),
    buckets: values.map((value, index) => ({
      start: starts[index] ?? '',
      value,
      estimated: false,
      simulated: false,
    })),
  };
}

function aCompare(kind: CompareKind, fields: Partial<Compare>): Compare {
  return CompareSchema.parse({
    kind,
    period: 'month',
    ...NOVEMBER,
    timeZone: 'Europe/Stockholm',
    resolution: 'day',
    type: 'heat',
    series: [],
    against: null,
    ranking: null,
    basis: null,
    median: null,
    mainMeters: null,
    ...fields,
  });
}

/** An area's or a property's ranked entry, its multiple of the median by what `basis` ranks. */
function entry(
  key: string,
  total: number,
  squareMetres: number | null,
  median: number,
  basis: 'perSquareMetre' | 'total' = 'perSquareMetre',
): Ranked {
  const perSquareMetre = squareMetres === null ? null : total / squareMetres;
  const rankedBy = basis === 'perSquareMetre' ? (perSquareMetre ?? 0) : total;
  return {
    key,
    label: key,
    total,
    squareMetres,
    perSquareMetre,
    ofMedian: Math.round((rankedBy / median) * 1000) / 1000,
    estimated: false,
    simulated: false,
  };
}

function ranked(type: StatisticsType, ranking: Ranked[], median: number, kind: CompareKind) {
  return aCompare(kind, {
    type,
    series: ranking.map((one) => ({ ...aSeries(type, one.key, [one.total]), label: one.label })),
    ranking,
    basis: ranking.every((one) => one.perSquareMetre !== null) ? 'perSquareMetre' : 'total',
    median,
  });
}

/**
 * Flats 1001–1004 (42, 58, 74, 89 m²) by hot water per m² in November: 1003 uses about twice the
 * others, 280 litres per m² against a median of 145.
 */
export const HOT_WATER_PER_FLAT = ranked(
  'hw',
  [
    entry('1003', 280 * 74, 74, 145),
    entry('1001', 150 * 42, 42, 145),
    entry('1002', 140 * 58, 58, 145),
    entry('1004', 130 * 89, 89, 145),
  ],
  145,
  'areas',
);

/** Heat per area where the laundry room (named by its type code) has no floor area: by use, so
 * the stairwell's 200 kWh stands out below the median of 1 000. */
export const HEAT_PER_AREA_BY_TOTAL = ranked(
  'heat',
  [
    entry('Undercentral', 3_000_000, 120, 1_000_000, 'total'),
    { ...entry('lau', 1_000_000, null, 1_000_000, 'total'), estimated: true },
    entry('Trapphus', 200_000, 30, 1_000_000, 'total'),
  ],
  1_000_000,
  'areas',
);

/** The organization's properties by heat per m² Atemp; `thisId` is the one asked about. */
export function heatPerProperty(thisId: string) {
  return ranked(
    'heat',
    [
      { ...entry('p-2', 2_400 * 95_000, 2_400, 85_700), label: 'Vallmon 3' },
      { ...entry(thisId, 2_450 * 85_700, 2_450, 85_700), label: 'Solrosen 1' },
      { ...entry('p-3', 1_000 * 70_000, 1_000, 85_700), label: 'Kvarnen 2' },
    ],
    85_700,
    'properties',
  );
}

/** November 2026 against November 2025: heat up 20 %, hot water without last year's; `toDate`
 * when the month is still running. */
export function novemberAgainst(
  against: 'lastYear' | 'previous' = 'lastYear',
  toDate: NonNullable<Compare['against']>['toDate'] = null,
) {
  return aCompare('periods', {
    series: [
      aSeries('heat', 'heat', [100_000, 100_000, 100_000]),
      aSeries('heat', `heat:${against}`, [80_000, 90_000, 80_000], DAYS_LAST_YEAR),
      aSeries('hw', 'hw', [1_000, 1_000, 1_000]),
      aSeries('hw', `hw:${against}`, [0, 0, 0], DAYS_LAST_YEAR),
    ],
    against: {
      kind: against,
      from: '2025-11-01T00:00:00+01:00',
      to: '2025-12-01T00:00:00+01:00',
      toDate,
    },
  });
}

/** The heat main meter against the meters below it: `main` and `others` per day, in Wh. */
export function heatMainAgainst(main: number[], others: number[]) {
  const mainSeries = aSeries('heat', 'main', main);
  const otherSeries = aSeries('heat', 'others', others);
  const difference = aSeries(
    'heat',
    'difference',
    main.map((value, index) => value - (others[index] ?? 0)),
  );
  return aCompare('main', { series: [mainSeries, otherSeries, difference], mainMeters: 1 });
}

/** Hot water with no main meter marked: only the others' sum. */
export const HOT_WATER_WITHOUT_MAIN = aCompare('main', {
  type: 'hw',
  series: [aSeries('hw', 'others', [2_000, 2_100, 1_900])],
  mainMeters: 0,
});

/**
 * Answers GET /properties/{propertyId}/compare with `compare` (or what it makes of the query
 * asked), or a server failure; undefined for any other request.
 */
export function answerCompare(
  propertyId: string,
  compare: Compare | ((query: URLSearchParams) => Compare),
  { fail = false }: { fail?: boolean } = {},
): Respond {
  return (request) => {
    const url = new URL(request.url ?? '', 'http://api');
    if (url.pathname !== `/properties/${propertyId}/compare`) return undefined;
    if (fail) return SERVER_ERROR;
    const body = typeof compare === 'function' ? compare(url.searchParams) : compare;
    return { status: 200, body };
  };
}
