// Reading typed whole numbers for area numbers (decimals are lib/format's parseNumberInput).
import { describe, expect, it } from 'vitest';
import { floorAreaExample, parseWholeNumber } from './area-number-input';

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

describe('floorAreaExample', () => {
  it('writes the example the way the language types it', () => {
    expect(floorAreaExample('sv')).toBe('72,5');
    expect(floorAreaExample('en')).toBe('72.5');
  });
});
