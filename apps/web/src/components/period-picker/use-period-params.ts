// The period a screen shows, kept in the address's search params through React Router, so the
// view can be shared and survives a reload: `?period=month&date=2026-11-01`.
import { localDateOf, PERIODS, type Period } from '@portal/contracts/periods';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  canStepTo,
  DATE_PARAM,
  DEFAULT_TIME_ZONE,
  PERIOD_PARAM,
  type PeriodChoice,
  readPeriodParams,
  stepTarget,
} from './period-params';

export type PeriodParamsOptions = {
  /** Shown when the address names none (or one not offered). */
  defaultPeriod?: Period;
  /** The periods the screen offers; every one of SPEC §3 unless told. */
  periods?: readonly Period[];
  /** The property's zone: what today is there. */
  timeZone?: string;
};

export type PeriodParams = PeriodChoice & {
  periods: readonly Period[];
  timeZone: string;
  /** Today in the property's zone. */
  today: string;
  setPeriod: (period: Period) => void;
  /** A day chosen in the calendar: written as the first day of its period. */
  setDate: (date: string) => void;
  /** One period back (-1) or forward (1). */
  step: (steps: -1 | 1) => void;
  canStep: { previous: boolean; next: boolean };
};

/**
 * The period and day in the address, valid (a bad value falls back to the default period or to
 * today), and how to change them. Changes replace the history entry rather than add one: Back
 * leaves the screen instead of walking back through every click of « and ».
 */
export function usePeriodParams(options: PeriodParamsOptions = {}): PeriodParams {
  const { defaultPeriod = 'month', periods = PERIODS, timeZone = DEFAULT_TIME_ZONE } = options;
  const [search, setSearch] = useSearchParams();
  const today = localDateOf(Date.now(), timeZone);
  const { period, date } = readPeriodParams(search, { defaultPeriod, today, periods });

  const write = useCallback(
    (next: Partial<PeriodChoice>) =>
      setSearch(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next.period) params.set(PERIOD_PARAM, next.period);
          if (next.date) params.set(DATE_PARAM, next.date);
          return params;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const setPeriod = useCallback((next: Period) => write({ period: next }), [write]);
  const setDate = useCallback(
    (next: string) => write({ period, date: stepTarget(period, next, 0) }),
    [write, period],
  );
  const step = useCallback(
    (steps: -1 | 1) => write({ period, date: stepTarget(period, date, steps) }),
    [write, period, date],
  );
  const canStep = useMemo(
    () => ({
      previous: canStepTo(period, date, -1, today),
      next: canStepTo(period, date, 1, today),
    }),
    [period, date, today],
  );
  return { period, date, periods, timeZone, today, setPeriod, setDate, step, canStep };
}
