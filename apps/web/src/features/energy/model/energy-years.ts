// The windows the energy summary offers (docs/energy.md): the last 12 whole months (the default),
// then the six calendar years before this one, newest first; the choice lives in the address
// (`?year=2025`), so a window can be linked to and comes back with the browser's back button.
// Not the year under way: its energy so far over a whole year's Atemp would read as a low primary
// energy number and a good class in March (the last 12 months are its figures).
import {
  ENERGY_FIRST_YEAR,
  type EnergyYearQuery,
  LAST_12_MONTHS,
} from '@portal/contracts/energy-summary';

export type EnergyYear = NonNullable<EnergyYearQuery['year']>;

/** The search parameter naming the window. */
export const YEAR_PARAM = 'year';

/** How many calendar years before this one are offered. */
export const EARLIER_YEARS = 6;

/** The windows offered on `today`, the last 12 months first. */
export function energyYears(today: Date = new Date()): EnergyYear[] {
  const lastYear = today.getFullYear() - 1;
  const years = Array.from({ length: EARLIER_YEARS }, (_, index) => lastYear - index).filter(
    (year) => year >= ENERGY_FIRST_YEAR,
  );
  return [LAST_12_MONTHS, ...years];
}

/** The window an address names: one offered, else (nothing, or anything else) the default. */
export function energyYearOf(param: string | null, today: Date = new Date()): EnergyYear {
  const offered = energyYears(today);
  return offered.find((year) => String(year) === param) ?? LAST_12_MONTHS;
}
