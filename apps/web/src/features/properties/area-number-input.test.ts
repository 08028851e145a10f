// Reading typed numbers: whole numbers for area numbers, decimals the language's way.
import { describe, expect, it } from 'vitest';
import { decimalForInput, parseDecimal, parseWholeNumber } from './area-number-input';

describe('parseWholeNumber', () => {
  it.each([
    ['1001', 1001],
    [' 1001 ', 1001],
    ['1 001', 1001],
    ['1\u00a0001', 1001],
    ['0', 0],
    ['-3', -3],
  ])('reads %j as %d', (text, value) => {
    expect(parseWholeNumber(text)).toEqual({ kind: 'number', value });
  });

  it.each(['10.5', '10,5', '1e3', 'tio', '10a', '--1', '+'])('refuses %j', (text) => {
    expect(parseWholeNumber(text)).toEqual({ kind: 'invalid' });
  });

  it('tells nothing typed from text that is not a number', () => {
    expect(parseWholeNumber('  ')).toEqual({ kind: 'empty' });
  });
});

describe('parseDecimal', () => {
  it.each([
    ['72,5', 72.5],
    ['72.5', 72.5],
    ['1 234,5', 1234.5],
    ['1\u00a0234,5', 1234.5],
    ['80', 80],
    [',5', 0.5],
  ])('reads Swedish %j as %d', (text, value) => {
    expect(parseDecimal(text, 'sv')).toEqual({ kind: 'number', value });
  });

  it.each([
    ['72.5', 72.5],
    ['1,234.5', 1234.5],
    ['1,234', 1234],
  ])('reads English %j as %d', (text, value) => {
    expect(parseDecimal(text, 'en')).toEqual({ kind: 'number', value });
  });

  it.each([
    ['sv', '72,5,1'],
    ['sv', '1.234,5'],
    ['sv', 'stor'],
    ['en', '72,5'],
    ['en', '1,23'],
    ['en', '7 2x'],
  ] as const)('refuses %s %j', (language, text) => {
    expect(parseDecimal(text, language)).toEqual({ kind: 'invalid' });
  });
});

describe('decimalForInput', () => {
  it('writes a decimal comma in Swedish and a point in English, without grouping', () => {
    expect(decimalForInput(1234.25, 'sv')).toBe('1234,25');
    expect(decimalForInput(1234.25, 'en')).toBe('1234.25');
    expect(decimalForInput(null, 'sv')).toBe('');
  });

  it('reads back what it wrote', () => {
    for (const language of ['sv', 'en'] as const)
      expect(parseDecimal(decimalForInput(0.125, language), language)).toEqual({
        kind: 'number',
        value: 0.125,
      });
  });
});
