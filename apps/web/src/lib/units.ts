// The contract's units (Wh, litres; DESIGN §4.4) turned into the ones people read (kWh or MWh,
// m³), with how many decimals each shows: one unit for every number of a chart or a table.

/** What the contract measures use in: energy in Wh, water in litres. */
export type ContractUnit = 'Wh' | 'l';
/** What the screens show. */
export type DisplayUnit = 'kWh' | 'MWh' | 'm³';
export type Quantity = 'energy' | 'water';
/** Use per m² of floor area or Atemp: energy in kWh/m² (as the energy figures), water in m³/m². */
export type PerSquareMetreUnit = 'kWh/m²' | 'm³/m²';
/** Any unit a measure is shown in. */
export type MeasureUnit = DisplayUnit | PerSquareMetreUnit;

const PER_DISPLAY_UNIT: Record<MeasureUnit, number> = {
  kWh: 1_000,
  MWh: 1_000_000,
  'm³': 1_000,
  'kWh/m²': 1_000,
  'm³/m²': 1_000,
};

export const quantityOf = (unit: ContractUnit): Quantity => (unit === 'Wh' ? 'energy' : 'water');

/**
 * From this many kWh on, a chart shows MWh: below it a value reads best in kWh with a decimal
 * (`9 876,5 kWh`), above it a year's bars would carry six digits each.
 */
export const MWH_FROM_KWH = 10_000;

/**
 * The unit for a set of values in one contract unit, chosen by the largest of them, so that every
 * value of one chart is read in the same unit (never 950 kWh beside 1,2 MWh).
 */
export function displayUnitFor(unit: ContractUnit, values: Iterable<number>): DisplayUnit {
  if (unit === 'l') return 'm³';
  let largest = 0;
  for (const value of values) largest = Math.max(largest, Math.abs(value));
  return largest / PER_DISPLAY_UNIT.kWh >= MWH_FROM_KWH ? 'MWh' : 'kWh';
}

/**
 * The unit for use per m² in one contract unit (Wh/m², l/m²): always kWh/m² for energy, as the
 * energy figures are given (a flat's year is some 100 kWh/m², never near a MWh), and m³/m² for water.
 */
export const perSquareMetreUnitFor = (unit: ContractUnit): PerSquareMetreUnit =>
  unit === 'Wh' ? 'kWh/m²' : 'm³/m²';

/** A value in the contract's unit (Wh or litres, or either per m²) in a display unit. */
export function toDisplayUnit(value: number, unit: MeasureUnit): number {
  return value / PER_DISPLAY_UNIT[unit];
}

/**
 * Decimals a display unit is shown with, the same for every value so a column lines up: kWh to a
 * tenth (`1 234,5 kWh`), MWh to a hundredth (10 kWh), m³ to a hundredth (10 litres), or to the
 * litre when the largest value is under 10 m³ (an hour's hot water is a few dozen litres). Per m²
 * likewise: kWh/m² to a tenth, m³/m² to the litre under 10 (a flat's month of hot water is about
 * 0,1 m³/m²), else to 10 litres.
 */
export function fractionDigitsFor(unit: MeasureUnit, largestDisplayed = Number.POSITIVE_INFINITY) {
  if (unit === 'kWh' || unit === 'kWh/m²') return 1;
  if (unit === 'MWh') return 2;
  return Math.abs(largestDisplayed) < 10 ? 3 : 2;
}
