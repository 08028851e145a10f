// For tests: energy answers as the API gives them (read by the contracts' own schemas, so a fixture
// never drifts from the API) — Solrosen 1's energy summary, glances of the energy overview — and
// fake answers to their calls that pass every other request on (undefined) to the next fake.
import {
  type PropertyEnergyGlance,
  PropertyEnergyGlanceSchema,
} from '@portal/contracts/energy-overview';
import { type EnergySummary, EnergySummarySchema } from '@portal/contracts/energy-summary';
import type { ReceivedRequest, Reply } from '../../test/test-api';

type Respond = (request: ReceivedRequest) => Reply | undefined;

const SERVER_ERROR: Reply = { status: 500, body: { statusCode: 500, error: 'x', message: 'x' } };

/**
 * Solrosen 1 in 2025 (multi-dwelling, district heating, Atemp 2 450 m², Fgeo 1.1): heating 150 MWh,
 * hot water 40 MWh, property electricity 20 MWh — 210 MWh, 85.7 kWh/m²; weighted 159.5 MWh, so
 * EP 65.1 kWh/m², 87 % of the requirement of 75: class C.
 */
export function aSummary(fields: Partial<EnergySummary> = {}): EnergySummary {
  return EnergySummarySchema.parse({
    year: 2025,
    from: '2025-01-01',
    to: '2026-01-01',
    timeZone: 'Europe/Stockholm',
    propertyType: 'multi-dwelling',
    heatingCarrier: 'district-heating',
    heatedArea: 2450,
    geoFactor: 1.1,
    ruleSet: {
      id: 'bbr-29-31',
      name: 'BBR 29–31',
      reference: 'BFS 2011:6 as amended by BFS 2020:4 up to the reprint BFS 2024:14 (BBR 9:2, 9:4)',
      validFrom: '2020-09-01',
      validTo: null,
    },
    totalEnergyDemandKwh: 210_000,
    averageEnergyUseKwhPerM2: 210_000 / 2450,
    primaryEnergyNumber: 159_454.5 / 2450,
    energyClass: 'C',
    requirement: { kwhPerM2: 75, propertyType: 'multi-dwelling' },
    classScale: [
      { energyClass: 'A', upToShare: 0.5 },
      { energyClass: 'B', upToShare: 0.75 },
      { energyClass: 'C', upToShare: 1 },
      { energyClass: 'D', upToShare: 1.35 },
      { energyClass: 'E', upToShare: 1.8 },
      { energyClass: 'F', upToShare: 2.35 },
      { energyClass: 'G', upToShare: null },
    ],
    byCarrier: [
      {
        carrier: 'district-heating',
        purpose: 'heating',
        energyKwh: 150_000,
        geoFactorApplied: true,
        weightingFactor: 0.7,
        weightedKwh: 95_454.5,
      },
      {
        carrier: 'district-heating',
        purpose: 'hotWater',
        energyKwh: 40_000,
        geoFactorApplied: false,
        weightingFactor: 0.7,
        weightedKwh: 28_000,
      },
      {
        carrier: 'electricity',
        purpose: 'property',
        energyKwh: 20_000,
        geoFactorApplied: false,
        weightingFactor: 1.8,
        weightedKwh: 36_000,
      },
    ],
    excluded: {
      householdElectricityKwh: 48_500,
      solarProductionKwh: 6200,
      solarOwnUseKwh: 5100,
      solarSurplusKwh: 1100,
    },
    coverage: {
      from: '2025-01-01',
      to: '2026-01-01',
      days: 365,
      missingDays: 3,
      estimatedShare: 0.021,
      simulatedShare: 0,
    },
    gaps: [],
    ...fields,
  });
}

/** What the API answers without Atemp: nothing per m², no EP, no class. */
export const WITHOUT_HEATED_AREA: Partial<EnergySummary> = {
  heatedArea: null,
  averageEnergyUseKwhPerM2: null,
  primaryEnergyNumber: null,
  energyClass: null,
  gaps: ['NO_HEATED_AREA'],
};

/**
 * Answers GET /properties/{propertyId}/energy-summary with `summary` (or what it makes of the
 * `year` asked for), or a server failure; undefined for any other request.
 */
export function answerEnergySummary(
  propertyId: string,
  summary: EnergySummary | ((year: string | null) => EnergySummary),
  { fail = false }: { fail?: boolean } = {},
): Respond {
  return (request) => {
    const url = new URL(request.url ?? '', 'http://api');
    if (url.pathname !== `/properties/${propertyId}/energy-summary`) return undefined;
    if (fail) return SERVER_ERROR;
    const body = typeof summary === 'function' ? summary(url.searchParams.get('year')) : summary;
    return { status: 200, body };
  };
}

/** November 2026 to the 24th against the same days of 2025, heat, electricity and hot water. */
export function aGlance(
  propertyId: string,
  fields: Partial<PropertyEnergyGlance> = {},
): PropertyEnergyGlance {
  return PropertyEnergyGlanceSchema.parse({
    propertyId,
    month: {
      from: '2026-11-01',
      to: '2026-11-25',
      lastYearFrom: '2025-11-01',
      lastYearTo: '2025-11-25',
    },
    byType: [
      {
        type: 'heat',
        unit: 'Wh',
        thisMonth: 12_345_000,
        lastYear: 11_022_000,
        change: 0.12,
        estimated: false,
        simulated: false,
      },
      {
        type: 'el',
        unit: 'Wh',
        thisMonth: 3_400_000,
        lastYear: 3_500_000,
        change: 3_400_000 / 3_500_000 - 1,
        estimated: true,
        simulated: false,
      },
      {
        type: 'hw',
        unit: 'l',
        thisMonth: 42_300,
        lastYear: null,
        change: null,
        estimated: false,
        simulated: false,
      },
    ],
    energyClass: 'C',
    primaryEnergyNumber: 65.1,
    ...fields,
  });
}

/**
 * Answers GET /energy-overview?propertyIds= with the glances of the ids asked for (as the API
 * leaves out those it does not know), or a server failure; undefined for any other request.
 */
export function answerEnergyOverview(
  glances: PropertyEnergyGlance[],
  { fail = false }: { fail?: boolean } = {},
): Respond {
  return (request) => {
    const url = new URL(request.url ?? '', 'http://api');
    if (url.pathname !== '/energy-overview') return undefined;
    if (fail) return SERVER_ERROR;
    const ids = (url.searchParams.get('propertyIds') ?? '').split(',');
    return {
      status: 200,
      body: { properties: glances.filter((glance) => ids.includes(glance.propertyId)) },
    };
  };
}

/** The first of these fakes that answers a request; the last one must answer every request. */
export const firstAnswer =
  (...fakes: Respond[]) =>
  (request: ReceivedRequest): Reply =>
    fakes.reduce<Reply | undefined>((reply, fake) => reply ?? fake(request), undefined) ?? {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Not found.' },
    };
