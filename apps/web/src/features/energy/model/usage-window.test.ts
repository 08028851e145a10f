// The usage estimate's window in the address: read with fallbacks, written, stepped, switched.
import { describe, expect, it } from 'vitest';
import {
  canStepUsageWindow,
  readUsageWindow,
  stepUsageWindow,
  switchUsagePeriod,
  usageQueryOf,
  writeUsageWindow,
} from './usage-window';

const TODAY = '2026-11-24';
const read = (search: string) => readUsageWindow(new URLSearchParams(search), TODAY);

describe('readUsageWindow', () => {
  it('is this year without a window in the address', () => {
    expect(read('')).toEqual({ period: 'year', year: 2026 });
  });

  it('reads a year or a month, the month first', () => {
    expect(read('year=2024')).toEqual({ period: 'year', year: 2024 });
    expect(read('month=2025-02')).toEqual({ period: 'month', month: '2025-02' });
    expect(read('year=2024&month=2026-11')).toEqual({ period: 'month', month: '2026-11' });
  });

  it('falls back to this year for what is no window offered', () => {
    for (const search of ['year=1999', 'year=2027', 'year=abc', 'month=2026-13', 'month=2026-12'])
      expect(read(search)).toEqual({ period: 'year', year: 2026 });
  });
});

describe('stepping and switching', () => {
  it('steps months across a year', () => {
    expect(stepUsageWindow({ period: 'month', month: '2026-01' }, -1)).toEqual({
      period: 'month',
      month: '2025-12',
    });
    expect(stepUsageWindow({ period: 'month', month: '2025-12' }, 1)).toEqual({
      period: 'month',
      month: '2026-01',
    });
  });

  it('stops at the window holding today and at 2000', () => {
    expect(canStepUsageWindow({ period: 'year', year: 2026 }, 1, TODAY)).toBe(false);
    expect(canStepUsageWindow({ period: 'year', year: 2025 }, 1, TODAY)).toBe(true);
    expect(canStepUsageWindow({ period: 'month', month: '2026-11' }, 1, TODAY)).toBe(false);
    expect(canStepUsageWindow({ period: 'month', month: '2000-01' }, -1, TODAY)).toBe(false);
  });

  it('switches to this month in this year, January in another, and back to the year', () => {
    expect(switchUsagePeriod({ period: 'year', year: 2026 }, 'month', TODAY)).toEqual({
      period: 'month',
      month: '2026-11',
    });
    expect(switchUsagePeriod({ period: 'year', year: 2024 }, 'month', TODAY)).toEqual({
      period: 'month',
      month: '2024-01',
    });
    expect(switchUsagePeriod({ period: 'month', month: '2024-05' }, 'year', TODAY)).toEqual({
      period: 'year',
      year: 2024,
    });
  });

  it('writes one of the two parameters and asks for the same window', () => {
    const written = writeUsageWindow(new URLSearchParams('year=2024&x=1'), {
      period: 'month',
      month: '2024-05',
    });
    expect(written.toString()).toBe('x=1&month=2024-05');
    expect(usageQueryOf({ period: 'month', month: '2024-05' })).toEqual({ month: '2024-05' });
    expect(usageQueryOf({ period: 'year', year: 2024 })).toEqual({ year: 2024 });
  });
});
