import { describe, expect, it } from 'vitest';
import { StatisticsQuerySchema, StatisticsSchema } from './statistics';

describe('the statistics query', () => {
  it('defaults to a day, every type, by type', () => {
    expect(StatisticsQuerySchema.parse({})).toEqual({
      period: 'day',
      types: ['heat', 'el', 'hw', 'cw', 'solar'],
      by: 'type',
    });
  });

  it('reads comma-separated types and a calendar date', () => {
    expect(
      StatisticsQuerySchema.parse({
        period: 'year',
        date: '2028-02-29',
        types: 'heat, el,heat',
        by: 'area',
      }),
    ).toEqual({ period: 'year', date: '2028-02-29', types: ['heat', 'el'], by: 'area' });
  });

  it('refuses unknown types, periods, groupings and dates that are no day', () => {
    for (const bad of [
      { types: 'heat,gas' },
      { period: 'decade' },
      { by: 'floor' },
      { date: '2026-02-30' },
      // No time at all: refused, not thrown (a server would have answered 500).
      { date: '2026-13-45' },
      { date: '2026-00-10' },
      { date: '22/11/2026' },
      { date: '1999-12-31' },
      { date: '3000-01-01' },
    ])
      expect(StatisticsQuerySchema.safeParse(bad).success).toBe(false);
  });
});

describe('the statistics answer', () => {
  it('is the shape of DESIGN §4.4', () => {
    const answer = {
      period: 'day',
      from: '2026-11-22T00:00:00+01:00',
      to: '2026-11-23T00:00:00+01:00',
      timeZone: 'Europe/Stockholm',
      resolution: 'hour',
      series: [
        {
          type: 'heat',
          key: 'heat',
          label: 'heat',
          unit: 'Wh',
          total: 1200,
          buckets: [
            { start: '2026-11-22T00:00:00+01:00', value: 1200, estimated: false, simulated: true },
          ],
        },
      ],
      totalEnergyWh: 1200,
      totalPowerW: 50,
    };
    expect(StatisticsSchema.parse(answer)).toEqual(answer);
  });
});
