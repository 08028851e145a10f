// The window a usage estimate is made for, as it stands in the address: `?year=2026` or
// `?month=2026-11` (one of them; this year by default, in the property's zone), stepped a year or
// a month back and forth, from 2000 up to the window holding today — a later one has nothing
// measured to project from.

import { ENERGY_FIRST_YEAR } from '@portal/contracts/energy-summary';
import type { UsageEstimateQuery } from '@portal/contracts/usage-estimate';

export const USAGE_YEAR_PARAM = 'year';
export const USAGE_MONTH_PARAM = 'month';

export type UsageWindow = { period: 'year'; year: number } | { period: 'month'; month: string };

const YEAR = /^\d{4}$/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** Today's year and month (`2026-11`) from today's local date (`2026-11-24`). */
const thisMonth = (today: string) => today.slice(0, 7);
const thisYear = (today: string) => Number(today.slice(0, 4));

/** A window is offered from 2000 up to the one holding today. */
function offered(window: UsageWindow, today: string) {
  if (window.period === 'year')
    return window.year >= ENERGY_FIRST_YEAR && window.year <= thisYear(today);
  return Number(window.month.slice(0, 4)) >= ENERGY_FIRST_YEAR && window.month <= thisMonth(today);
}

/**
 * The window in the address; a month wins over a year when both are there, and what is not a
 * window offered (`?year=1999`, `?month=2026-13`, a month to come) is this year.
 */
export function readUsageWindow(search: URLSearchParams, today: string): UsageWindow {
  const month = search.get(USAGE_MONTH_PARAM);
  if (month && MONTH.test(month) && offered({ period: 'month', month }, today))
    return { period: 'month', month };
  const year = search.get(USAGE_YEAR_PARAM);
  if (year && YEAR.test(year) && offered({ period: 'year', year: Number(year) }, today))
    return { period: 'year', year: Number(year) };
  return { period: 'year', year: thisYear(today) };
}

/** The address's parameters for a window: the other one removed. */
export function writeUsageWindow(search: URLSearchParams, window: UsageWindow) {
  const next = new URLSearchParams(search);
  next.delete(USAGE_YEAR_PARAM);
  next.delete(USAGE_MONTH_PARAM);
  if (window.period === 'year') next.set(USAGE_YEAR_PARAM, String(window.year));
  else next.set(USAGE_MONTH_PARAM, window.month);
  return next;
}

/** The window `steps` years or months on (back when negative). */
export function stepUsageWindow(window: UsageWindow, steps: number): UsageWindow {
  if (window.period === 'year') return { period: 'year', year: window.year + steps };
  const [year = 0, month = 1] = window.month.split('-').map(Number);
  const index = year * 12 + (month - 1) + steps;
  return { period: 'month', month: `${Math.floor(index / 12)}-${pad((index % 12) + 1)}` };
}

export function canStepUsageWindow(window: UsageWindow, steps: -1 | 1, today: string) {
  return offered(stepUsageWindow(window, steps), today);
}

/**
 * The other kind of window around this one: a month's year, or a year's month — this month in
 * this year, January in an earlier one.
 */
export function switchUsagePeriod(
  window: UsageWindow,
  period: UsageWindow['period'],
  today: string,
): UsageWindow {
  if (window.period === period) return window;
  if (window.period === 'month') return { period: 'year', year: Number(window.month.slice(0, 4)) };
  return {
    period: 'month',
    month: window.year === thisYear(today) ? thisMonth(today) : `${window.year}-01`,
  };
}

/** The usage estimate's query for a window. */
export const usageQueryOf = (window: UsageWindow): UsageEstimateQuery =>
  window.period === 'year' ? { year: window.year } : { month: window.month };
