// The energy block of ./format: energy in kWh or MWh, water in m³, kWh/m², factors, shares,
// signed changes and local date windows, in Swedish and English (apart from format.test.ts, so
// that the energy helpers and others added to format.ts merge without conflicts).
import { describe, expect, it } from 'vitest';
import {
  energyKwhFormatter,
  formatChange,
  formatEnergyKwh,
  formatFactor,
  formatKwhPerSquareMetre,
  formatLocalDateWindow,
  formatShare,
  formatterOfUse,
  formatUse,
} from './format';

/** The no-break space between a number and its unit, and in Swedish between digit groups. */
const NBSP = '\u00a0';

describe('energy figures', () => {
  it.each([
    [8.46, 'sv', `8,5${NBSP}kWh`],
    [1234.4, 'sv', `1${NBSP}234${NBSP}kWh`],
    [1234.4, 'en', `1,234${NBSP}kWh`],
    [9999, 'sv', `9${NBSP}999${NBSP}kWh`],
    [10_000, 'sv', `10${NBSP}MWh`],
    [245_340, 'sv', `245,3${NBSP}MWh`],
    [245_340, 'en', `245.3${NBSP}MWh`],
    [1_234_567, 'sv', `1${NBSP}235${NBSP}MWh`],
  ] as const)('shows %s kWh in %s as %s', (kwh, language, text) => {
    expect(formatEnergyKwh(kwh, language)).toBe(text);
  });

  it('shows energies that stand together in one unit, chosen by the largest', () => {
    const column = energyKwhFormatter([182_400, 8_512], 'sv');
    expect(column(182_400)).toBe(`182,4${NBSP}MWh`);
    expect(column(8_512)).toBe(`8,5${NBSP}MWh`);
    const band = formatterOfUse([9_700_000, 10_700_000], 'Wh', 'en');
    expect(`${band(9_700_000)} – ${band(10_700_000)}`).toBe(`9.7${NBSP}MWh – 10.7${NBSP}MWh`);
    const small = energyKwhFormatter([8.46, 3], 'sv');
    expect(small(3)).toBe(`3${NBSP}kWh`);
    expect(formatterOfUse([42_300], 'l', 'sv')(42_300)).toBe(`42,3${NBSP}m³`);
  });

  it('shows use in the unit the statistics give: Wh as energy, litres as m³', () => {
    expect(formatUse(3_400_000, 'Wh', 'sv')).toBe(`3${NBSP}400${NBSP}kWh`);
    expect(formatUse(42_300, 'l', 'sv')).toBe(`42,3${NBSP}m³`);
    expect(formatUse(250, 'l', 'en')).toBe(`0.25${NBSP}m³`);
    expect(formatUse(1_234_000, 'l', 'en')).toBe(`1,234${NBSP}m³`);
  });

  it('shows energy per m², factors and shares', () => {
    expect(formatKwhPerSquareMetre(65.0835, 'sv')).toBe(`65,1${NBSP}kWh/m²`);
    expect(formatKwhPerSquareMetre(65.0835, 'en')).toBe(`65.1${NBSP}kWh/m²`);
    expect(formatFactor(1.8, 'sv')).toBe('1,8');
    expect(formatFactor(1.7345, 'en')).toBe('1.73');
    expect(formatShare(0.021, 'sv')).toBe(`2,1${NBSP}%`);
    expect(formatShare(0.021, 'en')).toBe('2.1%');
  });

  it('signs a change, with the minus sign Swedish writes', () => {
    expect(formatChange(0.12, 'sv')).toBe(`+12${NBSP}%`);
    expect(formatChange(-0.0286, 'sv')).toBe(`\u22122,9${NBSP}%`);
    expect(formatChange(-0.0286, 'en')).toBe('-2.9%');
    expect(formatChange(0, 'en')).toBe('0%');
  });

  it('names a window of local dates by its first and last day (the end is exclusive)', () => {
    expect(formatLocalDateWindow('2026-11-01', '2026-11-25', 'sv')).toBe('1–24 nov. 2026');
    // Intl puts thin spaces around the dash of an English range.
    expect(formatLocalDateWindow('2025-01-01', '2026-01-01', 'en')).toMatch(
      /^1 Jan\s–\s31 Dec 2025$/,
    );
    expect(formatLocalDateWindow('2026-11-01', '2026-11-02', 'sv')).toBe('1 nov. 2026');
  });
});
