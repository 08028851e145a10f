// The contract's Wh and litres become kWh or MWh and m³, one unit per set of values.
import { describe, expect, it } from 'vitest';
import {
  displayUnitFor,
  fractionDigitsFor,
  perSquareMetreUnitFor,
  quantityOf,
  toDisplayUnit,
} from './units';

describe('displayUnitFor', () => {
  it('shows water in m³', () => {
    expect(displayUnitFor('l', [5, 50_000])).toBe('m³');
  });

  it('shows energy in kWh while the largest value is under 10 000 kWh', () => {
    expect(displayUnitFor('Wh', [1_234_500, 9_999_999])).toBe('kWh');
    expect(displayUnitFor('Wh', [])).toBe('kWh');
  });

  it('shows energy in MWh once a value reaches 10 000 kWh, negative ones too', () => {
    expect(displayUnitFor('Wh', [100, 10_000_000])).toBe('MWh');
    expect(displayUnitFor('Wh', [-12_000_000])).toBe('MWh');
  });
});

describe('toDisplayUnit', () => {
  it('divides Wh into kWh and MWh and litres into m³', () => {
    expect(toDisplayUnit(1_234_500, 'kWh')).toBe(1234.5);
    expect(toDisplayUnit(12_345_000, 'MWh')).toBe(12.345);
    expect(toDisplayUnit(412_332, 'm³')).toBeCloseTo(412.332);
  });
});

describe('fractionDigitsFor', () => {
  it('shows kWh to a tenth, MWh to a hundredth and small volumes to the litre', () => {
    expect(fractionDigitsFor('kWh')).toBe(1);
    expect(fractionDigitsFor('MWh')).toBe(2);
    expect(fractionDigitsFor('m³', 0.25)).toBe(3);
    expect(fractionDigitsFor('m³', 412)).toBe(2);
  });
});

it('tells energy from water by the contract unit', () => {
  expect(quantityOf('Wh')).toBe('energy');
  expect(quantityOf('l')).toBe('water');
});

describe('per m²', () => {
  it('shows energy per m² in kWh/m² to a tenth and water in m³/m² to the litre', () => {
    expect(perSquareMetreUnitFor('Wh')).toBe('kWh/m²');
    expect(perSquareMetreUnitFor('l')).toBe('m³/m²');
    expect(toDisplayUnit(85_700, 'kWh/m²')).toBe(85.7);
    expect(toDisplayUnit(139, 'm³/m²')).toBe(0.139);
    expect(fractionDigitsFor('kWh/m²', 12_000)).toBe(1);
    expect(fractionDigitsFor('m³/m²', 0.139)).toBe(3);
    expect(fractionDigitsFor('m³/m²', 12)).toBe(2);
  });
});
