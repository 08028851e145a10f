// The numbers of an energy chart apart from drawing them: rows (buckets) and columns (series) in
// display units, which buckets are estimated or simulated, colours and names. The canvas, the
// table, the tooltip and the announcement all read this one model, so they never disagree.
import type { Language } from '@portal/contracts/domain';
import type { Period, Resolution } from '@portal/contracts/periods';
import type {
  StatisticsBucket,
  StatisticsSeries,
  StatisticsType,
} from '@portal/contracts/statistics';
import { formatMeasure, formatMeasureValue } from '../../lib/format';
import {
  type DisplayUnit,
  displayUnitFor,
  fractionDigitsFor,
  type Quantity,
  quantityOf,
  toDisplayUnit,
} from '../../lib/units';
import { bucketLabels } from './bucket-labels';

/**
 * Colours per type, and for series of one type (areas, devices, a period against the last) a
 * palette: Okabe–Ito's colour-blind-safe hues, darkened where needed to keep 3:1 against white
 * (WCAG 1.4.11 for the parts of a graphic).
 */
const TYPE_COLORS: Record<StatisticsType, string> = {
  heat: '#D55E00',
  el: '#0072B2',
  hw: '#B3407A',
  cw: '#00798C',
  solar: '#A86F00',
};
const PALETTE = ['#0072B2', '#D55E00', '#007A5A', '#B3407A', '#6B4C9A', '#A86F00', '#4D4D4D'];

/** The range a projected value is likely to fall in, in the contract's units. */
export type ChartBand = { low: number; high: number };

/**
 * A bucket as the chart takes it: a statistics bucket, or one without a value (a projection of a
 * month that is over), optionally with a band around its value (the usage estimate's).
 */
export type ChartBucket = Omit<StatisticsBucket, 'value'> & {
  value: number | null;
  band?: ChartBand | null;
};

/** How a series is drawn: as the chart's kind says, as a line over bars (last year's use), or as
 * lighter, outlined bars (a projection, its band as a whisker). */
export type SeriesDraw = 'bars' | 'line' | 'projection';

/** A series as the chart takes it: a statistics series, or one of such buckets drawn its own way. */
export type ChartSeries = Omit<StatisticsSeries, 'buckets' | 'total'> & {
  buckets: readonly ChartBucket[];
  /** The sum of its buckets for the table's last row; null where its cells are not parts of one
   * (a projection given only for the buckets still to come). */
  total: number | null;
  /** Drawn otherwise than the chart's kind (a mixed chart: bars, a projection, a line). */
  draw?: SeriesDraw;
};

export type ChartRow = {
  /** The bucket's start (ISO with offset), from the first series that has this bucket. */
  start: string;
  /** Its name on the axis. */
  tick: string;
  /** Its whole name: tooltip, table, announcement. */
  label: string;
};

export type ChartColumn = {
  key: string;
  type: StatisticsType;
  label: string;
  quantity: Quantity;
  unit: DisplayUnit;
  fractionDigits: number;
  color: string;
  /** Per row, in `unit`; null where the series has no such bucket (a shorter month compared) or
   * no value in it. */
  values: (number | null)[];
  /** Per row, the value's band in `unit`, where the series gives one. */
  bands: (ChartBand | null)[];
  /** Bars, a line, or a projection's lighter bars. */
  draw: SeriesDraw;
  estimated: boolean[];
  simulated: boolean[];
  /** Per row, this series' own bucket name where it starts elsewhere than the row (a period
   * compared with last year's): null where it is the row's. */
  ownLabels: (string | null)[];
  /** The series' total, in `unit`; null for none (the table shows '–'). */
  total: number | null;
};

export type ChartModel = {
  rows: ChartRow[];
  columns: ChartColumn[];
  /** The one unit of each quantity the chart shows: energy on the left axis, water on the right. */
  units: Partial<Record<Quantity, DisplayUnit>>;
  /** Some bucket holds use interpolated across a gap: the legend says how those are drawn. */
  estimated: boolean;
  /** Some bucket holds generated demo data: the chart says so. */
  simulated: boolean;
  /** Some value has a band: the legend says what the whisker is. */
  banded: boolean;
};

export type ChartModelInput = {
  series: readonly ChartSeries[];
  resolution: Resolution;
  timeZone: string;
  language: Language;
  period?: Period;
  /** The name a series is shown with. */
  labelOf: (series: ChartSeries) => string;
  /** How a series without its own `draw` is drawn (the chart's kind). */
  draw?: 'bars' | 'line';
};

export function buildChartModel(input: ChartModelInput): ChartModel {
  const { series, language } = input;
  const labelOptions = {
    resolution: input.resolution,
    timeZone: input.timeZone,
    language,
    period: input.period,
  };
  const rowCount = Math.max(0, ...series.map((one) => one.buckets.length));
  const starts: string[] = [];
  for (let index = 0; index < rowCount; index++)
    starts.push(series.find((one) => one.buckets[index])?.buckets[index]?.start ?? '');
  const rowLabels = bucketLabels(starts, labelOptions);
  const rows = starts.map((start, index) => ({
    start,
    tick: rowLabels[index]?.tick ?? '',
    label: rowLabels[index]?.full ?? '',
  }));

  const units: ChartModel['units'] = {};
  for (const quantity of ['energy', 'water'] as const) {
    const ofQuantity = series.filter((one) => quantityOf(one.unit) === quantity);
    if (ofQuantity.length === 0) continue;
    units[quantity] = displayUnitFor(
      ofQuantity[0]?.unit ?? 'Wh',
      ofQuantity.flatMap((one) =>
        one.buckets.map((bucket) => Math.max(bucket.value ?? 0, bucket.band?.high ?? 0)),
      ),
    );
  }

  const typesOnce = new Set(series.map((one) => one.type)).size === series.length;
  const columns = series.map((one, seriesIndex): ChartColumn => {
    const quantity = quantityOf(one.unit);
    const unit = units[quantity] ?? 'kWh';
    const values = rows.map((_, index) => {
      const bucket = one.buckets[index];
      return bucket && bucket.value !== null ? toDisplayUnit(bucket.value, unit) : null;
    });
    const bands = rows.map((_, index) => {
      const band = one.buckets[index]?.band;
      return band
        ? { low: toDisplayUnit(band.low, unit), high: toDisplayUnit(band.high, unit) }
        : null;
    });
    const largest = Math.max(0, ...values.map((value) => Math.abs(value ?? 0)));
    const own = bucketLabels(
      one.buckets.map((bucket) => bucket.start),
      labelOptions,
    );
    return {
      key: one.key,
      type: one.type,
      label: input.labelOf(one),
      quantity,
      unit,
      fractionDigits: fractionDigitsFor(unit, largest),
      color: typesOnce ? TYPE_COLORS[one.type] : (PALETTE[seriesIndex % PALETTE.length] as string),
      values,
      bands,
      draw: one.draw ?? input.draw ?? 'bars',
      estimated: rows.map((_, index) => one.buckets[index]?.estimated ?? false),
      simulated: rows.map((_, index) => one.buckets[index]?.simulated ?? false),
      ownLabels: rows.map((row, index) => {
        const bucket = one.buckets[index];
        return bucket && bucket.start !== row.start ? (own[index]?.full ?? null) : null;
      }),
      total: one.total === null ? null : toDisplayUnit(one.total, unit),
    };
  });

  return {
    rows,
    columns,
    units,
    estimated: columns.some((column) => column.estimated.includes(true)),
    simulated: columns.some((column) => column.simulated.includes(true)),
    banded: columns.some((column) => column.bands.some((band) => band !== null)),
  };
}

/** A column's value in a row with its unit (`1 234,5 kWh`), or null where it has none. */
export function formatCell(column: ChartColumn, row: number, language: Language): string | null {
  const value = column.values[row];
  return value == null ? null : formatMeasure(value, column.unit, language, column.fractionDigits);
}

/** A column's band in a row without the unit (`1 100,0–1 300,0`), or null where it has none. */
export function formatBandValues(
  column: ChartColumn,
  row: number,
  language: Language,
): { low: string; high: string } | null {
  const band = column.bands[row];
  if (!band) return null;
  return {
    low: formatMeasureValue(band.low, language, column.fractionDigits),
    high: formatMeasureValue(band.high, language, column.fractionDigits),
  };
}

/** A column's value in a row without the unit, for a table whose header names it. */
export function formatCellValue(
  column: ChartColumn,
  row: number,
  language: Language,
): string | null {
  const value = column.values[row];
  return value == null ? null : formatMeasureValue(value, language, column.fractionDigits);
}
