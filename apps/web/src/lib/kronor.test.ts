// Kronor in each language: costs whole, prices per unit with their öre.
import { describe, expect, it } from 'vitest';
import { formatKronor, formatPricePerUnit } from './kronor';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatKronor', () => {
  it('writes a cost in whole kronor, the language’s way', () => {
    expect(plain(formatKronor(12_345.4, 'sv'))).toBe('12 345 kr');
    expect(plain(formatKronor(12_345.5, 'en'))).toBe('12,346 kr');
    expect(plain(formatKronor(0, 'sv'))).toBe('0 kr');
  });
});

describe('formatPricePerUnit', () => {
  it('writes a price per kWh or m³ with its öre', () => {
    expect(plain(formatPricePerUnit(1.25, 'kWh', 'sv'))).toBe('1,25 kr/kWh');
    expect(plain(formatPricePerUnit(0.5, 'kWh', 'en'))).toBe('0.50 kr/kWh');
    expect(plain(formatPricePerUnit(45, 'm3', 'sv'))).toBe('45 kr/m³');
    expect(plain(formatPricePerUnit(0.8735, 'kWh', 'sv'))).toBe('0,8735 kr/kWh');
  });
});
