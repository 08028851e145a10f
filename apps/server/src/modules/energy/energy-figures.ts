// The energy figures of a property (docs/energy.md, DESIGN §5 "Energy figures"), from what the
// repository read: delivered energy per purpose month by month (hot water told apart by its
// volume, the building's electricity net of solar hour by hour), weighted per month by the rule
// set, EP, class, coverage and gaps. Pure: no database, no clock.
import type { HeatingCarrier } from '@portal/contracts/domain';
import type {
  EnergyCarrier,
  EnergyCarrierShare,
  EnergyPurpose,
  EnergySummary,
} from '@portal/contracts/energy-summary';
import type { EnergyScope, MonthUseRow, OwnUseRow } from './energy.repository';
import type { EnergyWindow } from './energy-window';
import { classOf, type RuleSet, requirementOf, ruleSetName, weightingFactorOf } from './rule-sets';

const WH_PER_KWH = 1000;
const LITRES_PER_M3 = 1000;

/** Carriers whose heat meters measure heat the building made from electricity (docs/energy.md). */
const ELECTRIC_CARRIERS: readonly HeatingCarrier[] = ['electricity', 'heat-pump'];
export const isElectricCarrier = (carrier: HeatingCarrier) => ELECTRIC_CARRIERS.includes(carrier);

/** The weighting factor's carrier of the heat a heating carrier delivers. */
function carrierOfHeat(carrier: HeatingCarrier): EnergyCarrier {
  return isElectricCarrier(carrier) ? 'electricity' : (carrier as EnergyCarrier);
}

/** The meter types whose days the figures need: with an electric carrier the electricity alone. */
export const coveredTypesOf = (carrier: HeatingCarrier) =>
  isElectricCarrier(carrier) ? ['el'] : ['heat', 'hw', 'el'];

const round = (value: number, decimals = 3) => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};

export type EnergyReads = {
  /** selectMonthlyUse over the window. */
  monthUse: MonthUseRow[];
  /** selectOwnUse by month over the window. */
  ownUse: OwnUseRow[];
  /** selectCoverage with coveredTypesOf the carrier. */
  coverage: { meters: number; coveredDays: number };
};

/** A purpose's running sums: energy, energy ÷ Fgeo where applied, and weighted. */
type Share = { energy: number; adjusted: number; weighted: number };

export function energyFigures(
  scope: EnergyScope,
  window: EnergyWindow,
  ruleSet: RuleSet,
  reads: EnergyReads,
): Omit<EnergySummary, 'timeZone'> {
  const electric = isElectricCarrier(scope.heatingCarrier);
  const heatCarrier = carrierOfHeat(scope.heatingCarrier);

  // Wh and litres per month of each input, and which counted meters exist at all.
  const perMonth = (rows: MonthUseRow[]) => {
    const byMonth = new Map<string, number>();
    for (const row of rows)
      if (row.month !== null) byMonth.set(row.month, (byMonth.get(row.month) ?? 0) + row.use);
    return byMonth;
  };
  const of = (deviceType: MonthUseRow['deviceType'], role: MonthUseRow['role'] = null) =>
    reads.monthUse.filter((row) => row.deviceType === deviceType && row.role === role);
  const heatRows = electric ? [] : of('heat');
  const hotWaterRows = electric ? [] : of('hw');
  const consumptionRows = of('el', 'consumption');
  const heatWh = perMonth(heatRows);
  const hotWaterLitres = perMonth(hotWaterRows);
  const netWh = new Map(reads.ownUse.map((row) => [row.bucket, row.netUse]));

  const shares: Record<EnergyPurpose, Share> = {
    heating: { energy: 0, adjusted: 0, weighted: 0 },
    hotWater: { energy: 0, adjusted: 0, weighted: 0 },
    property: { energy: 0, adjusted: 0, weighted: 0 },
  };
  const add = (purpose: EnergyPurpose, energy: number, adjusted: number, factor: number) => {
    const share = shares[purpose];
    share.energy += energy;
    share.adjusted += adjusted;
    share.weighted += adjusted * factor;
  };
  for (const month of window.months) {
    const heat = (heatWh.get(month) ?? 0) / WH_PER_KWH;
    // The hot water's heat is inside the heat meters' reading: never more than they delivered.
    const hotWater = Math.min(
      ((hotWaterLitres.get(month) ?? 0) / LITRES_PER_M3) * ruleSet.hotWaterKwhPerM3,
      heat,
    );
    const heating = heat - hotWater;
    const heatFactor = weightingFactorOf(ruleSet, heatCarrier, month);
    add('heating', heating, heating / scope.geoFactor, heatFactor);
    add('hotWater', hotWater, hotWater, heatFactor);
    const property = (netWh.get(month) ?? 0) / WH_PER_KWH;
    add('property', property, property, weightingFactorOf(ruleSet, 'electricity', month));
  }

  const lastMonth = window.months.at(-1) ?? window.fromDate;
  const share = (purpose: EnergyPurpose, carrier: EnergyCarrier): EnergyCarrierShare => {
    const { energy, adjusted, weighted } = shares[purpose];
    return {
      carrier,
      purpose,
      energyKwh: round(energy),
      geoFactorApplied: purpose === 'heating',
      // Energy-weighted over the months; without energy, the factor of the window's last month.
      weightingFactor: round(
        adjusted > 0 ? weighted / adjusted : weightingFactorOf(ruleSet, carrier, lastMonth),
        4,
      ),
      weightedKwh: round(weighted),
    };
  };
  // With an electric carrier the heating and hot water are inside the electricity (docs/energy.md).
  const byCarrier = electric
    ? [share('property', 'electricity')]
    : [
        share('heating', heatCarrier),
        share('hotWater', heatCarrier),
        share('property', 'electricity'),
      ];

  const total = shares.heating.energy + shares.hotWater.energy + shares.property.energy;
  const weighted = shares.heating.weighted + shares.hotWater.weighted + shares.property.weighted;
  const area = scope.heatedArea;
  // The carrier's own meters are missing: EP would leave out the heating (docs/energy.md "Gaps").
  const carrierMetered = electric ? consumptionRows.length > 0 : heatRows.length > 0;
  const primaryEnergyNumber = area === null || !carrierMetered ? null : round(weighted / area);
  const requirement = requirementOf(ruleSet, scope.propertyType, area);
  const gaps: EnergySummary['gaps'] = [];
  if (area === null) gaps.push('NO_HEATED_AREA');
  if (requirement === null) gaps.push('NO_REQUIREMENT');
  if (!carrierMetered) gaps.push('NO_METERS');

  // The metered energy the figures rest on, for the shares interpolated and generated.
  const energyRows = [...heatRows, ...consumptionRows];
  const sum = (key: 'use' | 'estimatedUse' | 'simulatedUse') =>
    energyRows.reduce((total, row) => total + row[key], 0);
  const metered = sum('use');
  const ownUse = reads.ownUse.reduce((total, row) => total + row.ownUse, 0);
  const production = reads.ownUse.reduce((total, row) => total + row.production, 0);

  return {
    year: window.year,
    from: window.fromDate,
    to: window.toDate,
    propertyType: scope.propertyType,
    heatingCarrier: scope.heatingCarrier,
    heatedArea: area,
    geoFactor: scope.geoFactor,
    ruleSet: ruleSetName(ruleSet),
    totalEnergyDemandKwh: round(total),
    averageEnergyUseKwhPerM2: area === null ? null : round(total / area),
    primaryEnergyNumber,
    energyClass:
      primaryEnergyNumber === null || typeof requirement !== 'number'
        ? null
        : classOf(ruleSet, primaryEnergyNumber, requirement),
    requirement:
      typeof requirement === 'number'
        ? { kwhPerM2: requirement, propertyType: scope.propertyType }
        : null,
    classScale: ruleSet.classScale,
    byCarrier,
    excluded: {
      householdElectricityKwh: round(
        of('el', 'household').reduce((total, row) => total + row.use, 0) / WH_PER_KWH,
      ),
      solarProductionKwh: round(production / WH_PER_KWH),
      solarOwnUseKwh: round(ownUse / WH_PER_KWH),
      solarSurplusKwh: round((production - ownUse) / WH_PER_KWH),
    },
    coverage: {
      from: window.fromDate,
      to: window.toDate,
      days: window.days,
      // Without a meter the figures need, no day is covered.
      missingDays:
        reads.coverage.meters === 0 ? window.days : window.days - reads.coverage.coveredDays,
      estimatedShare: metered > 0 ? round(sum('estimatedUse') / metered, 4) : 0,
      simulatedShare: metered > 0 ? round(sum('simulatedUse') / metered, 4) : 0,
    },
    gaps,
  };
}
