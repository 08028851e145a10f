// The windows the energy summary offers (docs/energy.md): the last 12 whole months (the default),
// then this calendar year and the five before it, newest first; the choice lives in the address
// (`?year=2025`), so a window can be linked to and comes back with the browser's back button.
import {
  ENERGY_FIRST_YEAR,
  type EnergyYearQuery,
  LAST_12_MONTHS,
} from '@portal/contracts/energy-summary';

export type EnergyYear = NonNullable<EnergyYearQuery['year']>;

/** The search parameter naming the window. */
export const YEAR_PARAM = 'year';

/** How many calendar years before this one are offered. */
export const EARLIER_YEARS = 5;

/** The windows offered on `today`, the last 12 months first. */
export function energyYears(today: Date = new Date()): EnergyYear[] {
  const thisYear = today.getFullYear();
  const years = Array.from({ length: EARLIER_YEARS + 1 }, (_, index) => thisYear - index).filter(
    (year) => year >= ENERGY_FIRST_YEAR,
  );
  return [LAST_12_MONTHS, ...years];
}

/** The window an address names: one offered, else (nothing, or anything else) the default. */
export function energyYearOf(param: string | null, today: Date = new Date()): EnergyYear {
  const offered = energyYears(today);
  return offered.find((year) => String(year) === param) ?? LAST_12_MONTHS;
}
