// The chart's numbers apart from drawing: units, rows, estimated and simulated buckets, names.

import type { Language } from '@portal/contracts/domain';
import { describe, expect, it } from 'vitest';
import { bucketLabels } from './bucket-labels';
import { bucketAfterKey } from './chart-keys';
import {
  buildChartModel,
  type ChartModel,
  type ChartSeries,
  formatBandValues,
  formatCell,
} from './chart-model';
import { MONTHS_2026, NOVEMBER_DAYS, testSeries } from './test-series';

const labelOf = (series: { label: string }) => series.label;
const base = { resolution: 'day', timeZone: 'Europe/Stockholm', labelOf } as const;
/** Intl's group separator and the space before a unit are no-break spaces. */
const plain = (text: string | null) => text?.replace(/\u00a0/g, ' ');
/** What a column shows in a row, with plain spaces. */
function cell(model: ChartModel, column: number, row: number, language: Language) {
  const found = model.columns[column];
  if (!found) throw new Error(`No column ${column}`);
  return plain(formatCell(found, row, language));
}

describe('buildChartModel', () => {
  it('shows energy in kWh with a decimal, in the language', () => {
    const series = [testSeries('heat', NOVEMBER_DAYS, [1_234_500, 300_000, 0])];
    const sv = buildChartModel({ ...base, series, language: 'sv' });
    const en = buildChartModel({ ...base, series, language: 'en' });
    expect(sv.units).toEqual({ energy: 'kWh' });
    expect(cell(sv, 0, 0, 'sv')).toBe('1 234,5 kWh');
    expect(cell(en, 0, 0, 'en')).toBe('1,234.5 kWh');
    expect(sv.columns[0]?.total).toBeCloseTo(1534.5);
  });

  it('shows every energy series of a chart in MWh once one bucket reaches 10 000 kWh', () => {
    const series = [
      testSeries('heat', MONTHS_2026, [45_600_000, 38_000_000]),
      testSeries('el', MONTHS_2026, [900_000, 800_000]),
    ];
    const model = buildChartModel({ ...base, resolution: 'month', series, language: 'sv' });
    expect(model.units).toEqual({ energy: 'MWh' });
    expect(cell(model, 1, 0, 'sv')).toBe('0,90 MWh');
  });

  it('shows water in m³, to the litre for small volumes, beside energy on its own scale', () => {
    const series = [
      testSeries('el', NOVEMBER_DAYS, [12_000]),
      testSeries('hw', NOVEMBER_DAYS, [412, 1_500]),
    ];
    const model = buildChartModel({ ...base, series, language: 'sv' });
    expect(model.units).toEqual({ energy: 'kWh', water: 'm³' });
    expect(model.columns.map((column) => column.quantity)).toEqual(['energy', 'water']);
    expect(cell(model, 1, 0, 'sv')).toBe('0,412 m³');
  });

  it('marks estimated and simulated buckets', () => {
    const series = [
      testSeries('heat', NOVEMBER_DAYS, [1, { value: 2, estimated: true }, 3]),
      testSeries('el', NOVEMBER_DAYS, [1, 2, { value: 3, simulated: true }]),
    ];
    const model = buildChartModel({ ...base, series, language: 'sv' });
    expect(model.estimated).toBe(true);
    expect(model.simulated).toBe(true);
    expect(model.columns[0]?.estimated).toEqual([false, true, false]);
    expect(model.columns[1]?.simulated).toEqual([false, false, true]);
  });

  it('says nothing is estimated or simulated where nothing is', () => {
    const model = buildChartModel({
      ...base,
      series: [testSeries('heat', NOVEMBER_DAYS, [1, 2, 3])],
      language: 'sv',
    });
    expect(model.estimated).toBe(false);
    expect(model.simulated).toBe(false);
  });

  it('lines a period up with last year bucket by bucket, naming the other year’s buckets', () => {
    const lastYear = MONTHS_2026.map((start) => start.replace('2026', '2025'));
    const series = [
      testSeries('heat', MONTHS_2026.slice(0, 2), [1_000_000, 2_000_000]),
      testSeries('heat', lastYear.slice(0, 3), [900_000, 1_900_000, 1_500_000], {
        key: 'heat:lastYear',
      }),
    ];
    const model = buildChartModel({ ...base, resolution: 'month', series, language: 'en' });
    expect(model.rows.map((row) => row.label)).toEqual([
      'January 2026',
      'February 2026',
      'March 2025',
    ]);
    expect(model.columns[0]?.values).toEqual([1000, 2000, null]);
    expect(model.columns[1]?.ownLabels).toEqual(['January 2025', 'February 2025', null]);
    // Two series of one type: told apart by the palette, not the type's colour.
    expect(model.columns[0]?.color).not.toBe(model.columns[1]?.color);
  });

  it('has no rows without series', () => {
    const model = buildChartModel({ ...base, series: [], language: 'sv' });
    expect(model.rows).toEqual([]);
    expect(model.units).toEqual({});
  });
});

describe('bucketLabels', () => {
  const options = { timeZone: 'Europe/Stockholm' } as const;

  it('names hours in the property’s zone', () => {
    const [first] = bucketLabels(['2026-11-22T10:00:00+01:00'], {
      ...options,
      resolution: 'hour',
      language: 'sv',
    });
    expect(first?.tick).toBe('10:00');
    expect(first?.full).toBe('22 nov. 2026 10:00');
  });

  it('names the repeated hour of the clocks going back by its offset', () => {
    const labels = bucketLabels(['2026-10-25T02:00:00+02:00', '2026-10-25T02:00:00+01:00'], {
      ...options,
      resolution: 'hour',
      language: 'en',
    });
    expect(labels[0]?.full).not.toBe(labels[1]?.full);
    expect(labels[0]?.full).toContain('GMT+2');
    expect(labels[1]?.full).toContain('GMT+1');
  });

  it('names a week’s days with their weekday, a month’s by their number', () => {
    const week = bucketLabels(NOVEMBER_DAYS, { ...options, resolution: 'day', language: 'sv' });
    expect(week[1]?.tick).toBe('mån 2');
    expect(week[1]?.full).toBe('mån 2 nov. 2026');
    const month = bucketLabels(
      Array.from(
        { length: 30 },
        (_, day) => `2026-11-${String(day + 1).padStart(2, '0')}T00:00:00+01:00`,
      ),
      { ...options, resolution: 'day', language: 'en' },
    );
    expect(month[1]?.tick).toBe('2');
  });

  it('names months and years', () => {
    const months = bucketLabels(MONTHS_2026, { ...options, resolution: 'month', language: 'sv' });
    expect(months[10]).toEqual({ tick: 'nov.', full: 'november 2026' });
    const years = bucketLabels(['2025-01-01T00:00:00+01:00'], {
      ...options,
      resolution: 'year',
      language: 'en',
    });
    expect(years[0]).toEqual({ tick: '2025', full: '2025' });
  });

  it('names a total period’s one bucket as its month or year', () => {
    const start = ['2026-01-01T00:00:00+01:00'];
    const total = { ...options, resolution: 'total', language: 'sv' } as const;
    expect(bucketLabels(start, { ...total, period: 'totalYear' })[0]?.full).toBe('2026');
    expect(bucketLabels(start, { ...total, period: 'totalMonth' })[0]?.full).toBe('januari 2026');
  });
});

describe('buildChartModel with series of its own shape (the usage estimate)', () => {
  const months = MONTHS_2026.slice(0, 3);
  const actual: ChartSeries = { ...testSeries('heat', months, [9_000_000, 8_000_000, 0]) };
  const projected: ChartSeries = {
    ...actual,
    key: 'projected',
    draw: 'projection',
    buckets: [
      { start: months[0] ?? '', value: null, estimated: false, simulated: false },
      {
        start: months[1] ?? '',
        value: 8_500_000,
        band: { low: 8_200_000, high: 12_000_000 },
        estimated: false,
        simulated: false,
      },
    ],
  };

  it('keeps a bucket without a value empty, and its band in the same unit as the values', () => {
    const model = buildChartModel({
      ...base,
      resolution: 'month',
      series: [actual, projected],
      language: 'sv',
    });
    // The band's high reaches 10 000 kWh: the whole chart is in MWh.
    expect(model.units).toEqual({ energy: 'MWh' });
    expect(model.columns.map((column) => column.draw)).toEqual(['bars', 'projection']);
    expect(cell(model, 1, 0, 'sv')).toBeUndefined();
    expect(cell(model, 1, 1, 'sv')).toBe('8,50 MWh');
    expect(model.banded).toBe(true);
    const column = model.columns[1];
    if (!column) throw new Error('No projection');
    expect(formatBandValues(column, 1, 'sv')).toEqual({ low: '8,20', high: '12,00' });
    expect(formatBandValues(column, 0, 'sv')).toBeNull();
  });

  it("draws a statistics series as the chart's kind says", () => {
    const model = buildChartModel({ ...base, series: [actual], language: 'en', draw: 'line' });
    expect(model.columns[0]?.draw).toBe('line');
    expect(model.banded).toBe(false);
  });
});

describe('bucketAfterKey', () => {
  it('moves one bucket with the arrows, staying inside', () => {
    expect(bucketAfterKey('ArrowRight', 3, 10)).toBe(4);
    expect(bucketAfterKey('ArrowLeft', 3, 10)).toBe(2);
    expect(bucketAfterKey('ArrowRight', 9, 10)).toBe(9);
    expect(bucketAfterKey('ArrowLeft', 0, 10)).toBe(0);
  });

  it('starts at the first bucket going forward and at the last going back', () => {
    expect(bucketAfterKey('ArrowRight', null, 10)).toBe(0);
    expect(bucketAfterKey('ArrowLeft', null, 10)).toBe(9);
  });

  it('jumps to the ends with Home and End, a quarter with Page Up and Down', () => {
    expect(bucketAfterKey('Home', 5, 24)).toBe(0);
    expect(bucketAfterKey('End', 5, 24)).toBe(23);
    expect(bucketAfterKey('PageUp', 5, 24)).toBe(11);
    expect(bucketAfterKey('PageDown', 5, 24)).toBe(0);
  });

  it('lets go with Escape and leaves other keys to the browser', () => {
    expect(bucketAfterKey('Escape', 5, 10)).toBeNull();
    expect(bucketAfterKey('Tab', 5, 10)).toBeUndefined();
    expect(bucketAfterKey('ArrowRight', null, 0)).toBeUndefined();
  });
});
