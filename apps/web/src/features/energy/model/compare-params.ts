// What the compare screen shows, kept in the address beside the period picker's `period` and
// `date`: `?kind=areas&type=hw&areaType=apt` or `?kind=periods&against=previous`, so a view can
// be shared and survives a reload. Values that are not valid fall back to the defaults one by one.
import {
  COMPARE_AGAINST,
  COMPARE_KINDS,
  COMPARE_TYPES,
  type CompareKind,
  type CompareQuery,
} from '@portal/contracts/compare';
import { AREA_TYPES, type AreaType } from '@portal/contracts/domain';
import { PERIODS, type Period } from '@portal/contracts/periods';
import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

export const KIND_PARAM = 'kind';
export const TYPE_PARAM = 'type';
export const AREA_TYPE_PARAM = 'areaType';
export const AGAINST_PARAM = 'against';

export type CompareType = (typeof COMPARE_TYPES)[number];
export type CompareAgainst = (typeof COMPARE_AGAINST)[number];

export type CompareChoice = {
  kind: CompareKind;
  type: CompareType;
  /** Areas of one type only; undefined: all of them. */
  areaType: AreaType | undefined;
  against: CompareAgainst;
};

export const DEFAULT_CHOICE: CompareChoice = {
  kind: 'areas',
  type: 'heat',
  areaType: undefined,
  against: 'lastYear',
};

/**
 * The period each kind opens on: a ranking or the main meter over the month; a period against last
 * year's over this month so far, set against the same days then (a whole month of which the rest
 * is still to come would read as a fall).
 */
export const DEFAULT_PERIOD_OF_KIND: Record<CompareKind, Period> = {
  areas: 'month',
  periods: 'thisMonth',
  properties: 'month',
  main: 'month',
};

/** Lifetime has nothing before it to be compared against (the API refuses it for periods). */
export const PERIODS_OF_KIND: Record<CompareKind, readonly Period[]> = {
  areas: PERIODS,
  periods: PERIODS.filter((period) => period !== 'lifetime'),
  properties: PERIODS,
  main: PERIODS,
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly (string | null)[]).includes(value) ? (value as T) : undefined;

export function readCompareParams(search: URLSearchParams): CompareChoice {
  return {
    kind: oneOf(COMPARE_KINDS, search.get(KIND_PARAM)) ?? DEFAULT_CHOICE.kind,
    type: oneOf(COMPARE_TYPES, search.get(TYPE_PARAM)) ?? DEFAULT_CHOICE.type,
    areaType: oneOf(AREA_TYPES, search.get(AREA_TYPE_PARAM)),
    against: oneOf(COMPARE_AGAINST, search.get(AGAINST_PARAM)) ?? DEFAULT_CHOICE.against,
  };
}

/**
 * The compare call's query for the choice: only what its kind reads, so the same view is one cache
 * entry however the other controls stand (periods compares every type; only areas filter).
 */
export function compareQueryOf(
  choice: CompareChoice,
  window: Pick<CompareQuery, 'period' | 'date'>,
): CompareQuery {
  const { kind, type, areaType, against } = choice;
  if (kind === 'periods') return { ...window, kind, against };
  if (kind === 'areas') return { ...window, kind, type, areaType };
  return { ...window, kind, type };
}

const PARAM_OF: Record<keyof CompareChoice, string> = {
  kind: KIND_PARAM,
  type: TYPE_PARAM,
  areaType: AREA_TYPE_PARAM,
  against: AGAINST_PARAM,
};

/**
 * The choice in the address and how to change it. Like the period picker's, a change replaces the
 * history entry, and leaves every other param (the period's) alone.
 */
export function useCompareParams() {
  const [search, setSearch] = useSearchParams();
  const choice = readCompareParams(search);
  // React Router hands a function update the params of the last render, not of the last write,
  // and its navigation lands a moment later: two choices made in quick succession (the type, then
  // the area type) would lose the first. The write not yet in the address is the next one's base.
  const pending = useRef<{ from: URLSearchParams; written: URLSearchParams } | null>(null);
  const choose = useCallback(
    (next: Partial<CompareChoice>) => {
      // Once the address has changed (new params), the write is in it: it is read from there.
      const base = pending.current?.from === search ? pending.current.written : search;
      const params = new URLSearchParams(base);
      for (const [field, value] of Object.entries(next)) {
        const name = PARAM_OF[field as keyof CompareChoice];
        if (value === undefined) params.delete(name);
        else params.set(name, value);
      }
      pending.current = { from: search, written: params };
      setSearch(params, { replace: true });
    },
    [search, setSearch],
  );
  return { choice, choose };
}
