// Turns the grouped rows of one statistics query into the answer's series (DESIGN §4.4): one per
// type, or per area or device and type, each with every bucket of the window (0 where nothing was
// read), and the window's energy used. Pure: the service feeds it what the repository read.
import { AREA_TYPES } from '@portal/contracts/domain';
import type { PeriodWindow } from '@portal/contracts/periods';
import {
  STATISTICS_TYPES,
  type StatisticsBucket,
  type StatisticsGrouping,
  type StatisticsSeries,
  type StatisticsType,
} from '@portal/contracts/statistics';
import type { UseRow } from './statistics.repository';

const UNITS: Record<StatisticsType, StatisticsSeries['unit']> = {
  heat: 'Wh',
  el: 'Wh',
  solar: 'Wh',
  hw: 'l',
  cw: 'l',
};

/** What totalEnergyWh and totalPowerW count: heat and electricity used (solar is production). */
const ENERGY_USED: ReadonlySet<StatisticsType> = new Set(['heat', 'el']);

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
 * id number alone.
 */
function labelOf(row: UseRow, by: StatisticsGrouping): string {
  if (by === 'area') {
    if (row.areaName) return row.areaName;
    return row.areaNumber === null || row.areaNumber === undefined
      ? (row.areaType ?? '')
      : String(row.areaNumber);
  }
  if (by === 'device')
    return row.deviceName ? `${row.deviceName} (${row.idNumber})` : (row.idNumber ?? '');
  return row.type;
}

/** Series by type first (the order of STATISTICS_TYPES), then as the areas list orders areas
 * (type, number with unnumbered last, name), or by device id number. */
function compareSeries(by: StatisticsGrouping) {
  return (a: { row: UseRow }, b: { row: UseRow }) =>
    typeOrder(a.row.type) - typeOrder(b.row.type) ||
    (by === 'area'
      ? areaTypeOrder(a.row) - areaTypeOrder(b.row) ||
        (a.row.areaNumber ?? Number.POSITIVE_INFINITY) -
          (b.row.areaNumber ?? Number.POSITIVE_INFINITY) ||
        (a.row.areaName ?? '').localeCompare(b.row.areaName ?? '')
      : by === 'device'
        ? (a.row.idNumber ?? '').localeCompare(b.row.idNumber ?? '')
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

export function buildSeries(
  rows: readonly UseRow[],
  window: PeriodWindow,
  types: readonly StatisticsType[],
  by: StatisticsGrouping,
): SeriesAnswer {
  const wanted = new Set(types);
  const indexOf = bucketIndexer(window);
  const groups = new Map<string, { row: UseRow; buckets: StatisticsBucket[] }>();
  let totalEnergyWh = 0;
  for (const row of rows) {
    const position = indexOf(row.bucket);
    if (position !== undefined && ENERGY_USED.has(row.type)) totalEnergyWh += row.use;
    if (!wanted.has(row.type)) continue;
    const id = by === 'type' ? row.type : `${row.type} ${row.key}`;
    let group = groups.get(id);
    if (!group) {
      group = {
        row,
        buckets: window.buckets.map((bucket) => ({
          start: bucket.start,
          value: 0,
          estimated: false,
          simulated: false,
        })),
      };
      groups.set(id, group);
    }
    const bucket = position === undefined ? undefined : group.buckets[position];
    if (bucket) {
      bucket.value = round(row.use);
      bucket.estimated = row.estimated;
      bucket.simulated = row.simulated;
    }
  }
  const series = [...groups.values()].sort(compareSeries(by)).map(({ row, buckets }) => ({
    type: row.type,
    key: by === 'type' ? row.type : (row.key ?? ''),
    label: labelOf(row, by),
    unit: UNITS[row.type],
    total: round(buckets.reduce((sum, bucket) => sum + bucket.value, 0)),
    buckets,
  }));
  return { series, totalEnergyWh: round(totalEnergyWh) };
}

/** Wh used by heat and electricity meters in one bucket of the rows (a day's hour). */
export function energyUsedIn(rows: readonly UseRow[], bucket: string): number {
  let sum = 0;
  for (const row of rows) if (row.bucket === bucket && ENERGY_USED.has(row.type)) sum += row.use;
  return round(sum);
}
