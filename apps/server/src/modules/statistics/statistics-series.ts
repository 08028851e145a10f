// Turns the grouped rows of one statistics query into the answer's series (DESIGN §4.4): one per
// type, or per area or device and type, each with every bucket of the window (0 where nothing was
// read), and the window's energy used. Pure: the service feeds it what the repository read.
import { AREA_TYPES } from '@portal/contracts/domain';
import type { PeriodWindow } from '@portal/contracts/periods';
import {
  STATISTICS_TYPES,
  type StatisticsSeries,
  type StatisticsType,
} from '@portal/contracts/statistics';
import type { UseGrouping, UseRow } from './statistics.repository';

export const UNITS: Record<StatisticsType, StatisticsSeries['unit']> = {
  heat: 'Wh',
  el: 'Wh',
  solar: 'Wh',
  hw: 'l',
  cw: 'l',
};

/** A bucket with use in it this much or less is not flagged (rounding noise of the sums). */
const FLAG_THRESHOLD = 0.001;

/** A row's series type: `solar` for electricity meters of role production, else the meter type. */
export const typeOf = (row: UseRow): StatisticsType =>
  row.deviceType === 'el' && row.role === 'production' ? 'solar' : row.deviceType;

/** What totalEnergyWh and totalPowerW count: heat and electricity used (solar is production). */
const isEnergyUsed = (row: UseRow) => {
  const type = typeOf(row);
  return type === 'heat' || type === 'el';
};

/** The meter types a request reads: those asked for (solar is `el`), and always heat and el,
 * whose use totalEnergyWh and totalPowerW report whatever types the chart shows. */
export function deviceTypesFor(types: readonly StatisticsType[]): string[] {
  return [...new Set(['heat', 'el', ...types.map((type) => (type === 'solar' ? 'el' : type))])];
}

/** Sums of doubles carry noise in the last bits (0.1 + 0.2): answers keep mWh and millilitres. */
const round = (value: number) => Math.round(value * 1000) / 1000;

const typeOrder = (type: StatisticsType) => STATISTICS_TYPES.indexOf(type);
const areaTypeOrder = (row: UseRow) => AREA_TYPES.indexOf(row.areaType ?? 'misc');

/**
 * A series' label: the type code (the client translates it); an area's name, or its number when
 * it has none (its type code when it has neither); a device's name with its id number, or the
 * id number alone; a property's name.
 */
function labelOf(row: UseRow, by: UseGrouping): string {
  if (by === 'area') {
    if (row.areaName) return row.areaName;
    return row.areaNumber === null || row.areaNumber === undefined
      ? (row.areaType ?? '')
      : String(row.areaNumber);
  }
  if (by === 'device')
    return row.deviceName ? `${row.deviceName} (${row.idNumber})` : (row.idNumber ?? '');
  if (by === 'property') return row.propertyName ?? '';
  return typeOf(row);
}

type Sums = { use: number; estimatedUse: number; simulatedUse: number };
type Group = { type: StatisticsType; row: UseRow; sums: Sums[] };

/** Series by type first (the order of STATISTICS_TYPES), then as the areas list orders areas
 * (type, number with unnumbered last, name), by device id number, or by property name. */
function compareGroups(by: UseGrouping) {
  return (a: Group, b: Group) =>
    typeOrder(a.type) - typeOrder(b.type) ||
    (by === 'area'
      ? areaTypeOrder(a.row) - areaTypeOrder(b.row) ||
        (a.row.areaNumber ?? Number.POSITIVE_INFINITY) -
          (b.row.areaNumber ?? Number.POSITIVE_INFINITY) ||
        (a.row.areaName ?? '').localeCompare(b.row.areaName ?? '')
      : by === 'device'
        ? (a.row.idNumber ?? '').localeCompare(b.row.idNumber ?? '')
        : by === 'property'
          ? (a.row.propertyName ?? '').localeCompare(b.row.propertyName ?? '')
          : 0) ||
    (a.row.key ?? '').localeCompare(b.row.key ?? '');
}

/** Where a row's bucket sits in the window; undefined for none (a meter without rows). */
function bucketIndexer(window: PeriodWindow) {
  if (window.resolution === 'total') return (bucket: string | null) => (bucket ? 0 : undefined);
  const index = new Map(window.buckets.map((bucket, position) => [bucket.key, position]));
  return (bucket: string | null) => (bucket === null ? undefined : index.get(bucket));
}

export type SeriesAnswer = { series: StatisticsSeries[]; totalEnergyWh: number };

/**
 * The series of the rows. Electricity of roles consumption and household comes in rows of its
 * own and is summed here into `el`, flags from the summed estimated and simulated use.
 */
export function buildSeries(
  rows: readonly UseRow[],
  window: PeriodWindow,
  types: readonly StatisticsType[],
  by: UseGrouping,
): SeriesAnswer {
  const wanted = new Set(types);
  const indexOf = bucketIndexer(window);
  const groups = new Map<string, Group>();
  let totalEnergyWh = 0;
  for (const row of rows) {
    const position = indexOf(row.bucket);
    if (position !== undefined && isEnergyUsed(row)) totalEnergyWh += row.use;
    const type = typeOf(row);
    if (!wanted.has(type)) continue;
    const id = by === 'type' ? type : `${type} ${row.key}`;
    let group = groups.get(id);
    if (!group) {
      const sums = window.buckets.map(() => ({ use: 0, estimatedUse: 0, simulatedUse: 0 }));
      group = { type, row, sums };
      groups.set(id, group);
    }
    const sums = position === undefined ? undefined : group.sums[position];
    if (sums) {
      sums.use += row.use;
      sums.estimatedUse += row.estimatedUse;
      sums.simulatedUse += row.simulatedUse;
    }
  }
  const series = [...groups.values()].sort(compareGroups(by)).map(({ type, row, sums }) => {
    const buckets = sums.map((sum, position) => ({
      start: window.buckets[position]?.start ?? '',
      value: round(sum.use),
      estimated: sum.estimatedUse > FLAG_THRESHOLD,
      simulated: sum.simulatedUse > FLAG_THRESHOLD,
    }));
    return {
      type,
      key: by === 'type' ? type : (row.key ?? ''),
      label: labelOf(row, by),
      unit: UNITS[type],
      total: round(buckets.reduce((sum, bucket) => sum + bucket.value, 0)),
      buckets,
    };
  });
  return { series, totalEnergyWh: round(totalEnergyWh) };
}

/** Wh used by heat and electricity meters in one bucket of the rows (a day's hour). */
export function energyUsedIn(rows: readonly UseRow[], bucket: string): number {
  let sum = 0;
  for (const row of rows) if (row.bucket === bucket && isEnergyUsed(row)) sum += row.use;
  return round(sum);
}
