// Numbers and dates follow the chosen language (DESIGN §5: '1 234,5 kWh' in Swedish).
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateRange,
  formatMeasure,
  formatMeasureValue,
  formatNumber,
  formatNumberForInput,
  parseNumberInput,
  textCollator,
} from './format';

const NO_BREAK_SPACE = '\u00a0';

describe('formatNumber', () => {
  it('groups thousands with a no-break space and uses a decimal comma in Swedish', () => {
    expect(formatNumber(1234.5, 'sv')).toBe(`1${NO_BREAK_SPACE}234,5`);
  });

  it('groups thousands with a comma and uses a decimal point in English', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
  });

  it('passes options through, e.g. a fixed number of decimals', () => {
    expect(formatNumber(2, 'sv', { minimumFractionDigits: 1 })).toBe('2,0');
  });

  it('keeps each language and set of options to its own (formatters are made once and kept)', () => {
    expect(formatNumber(2, 'sv', { minimumFractionDigits: 2 })).toBe('2,00');
    expect(formatNumber(2, 'sv')).toBe('2');
    expect(formatNumber(2, 'en', { minimumFractionDigits: 2 })).toBe('2.00');
    expect(formatNumber(2, 'sv', { minimumFractionDigits: 2 })).toBe('2,00');
  });
});

describe('formatDate', () => {
  const midJanuary = new Date(2024, 0, 15, 12, 0);

  it('writes the month in Swedish in Swedish', () => {
    expect(formatDate(midJanuary, 'sv')).toBe('15 januari 2024');
  });

  it('writes the month in English in English', () => {
    expect(formatDate(midJanuary, 'en')).toBe('15 January 2024');
  });

  it('names the weekday in Swedish for the full style', () => {
    expect(formatDate(midJanuary, 'sv', { dateStyle: 'full' })).toBe('måndag 15 januari 2024');
    expect(formatDate(midJanuary, 'sv')).toBe('15 januari 2024');
  });
});

describe('textCollator', () => {
  const sorted = (texts: string[], language: 'sv' | 'en') =>
    [...texts].sort(textCollator(language).compare);

  it('puts numbers in texts in order of their value: BRF 2 before BRF 10', () => {
    expect(sorted(['BRF 10', 'BRF 2', 'BRF 1'], 'sv')).toEqual(['BRF 1', 'BRF 2', 'BRF 10']);
  });

  it('sorts å, ä and ö after z in Swedish, beside a and o in English', () => {
    expect(sorted(['Öster', 'Zeta', 'Ängen', 'Oden'], 'sv')).toEqual([
      'Oden',
      'Zeta',
      'Ängen',
      'Öster',
    ]);
    expect(sorted(['Öster', 'Zeta', 'Ängen', 'Oden'], 'en')).toEqual([
      'Ängen',
      'Oden',
      'Öster',
      'Zeta',
    ]);
  });
});

describe('parseNumberInput', () => {
  const NARROW_NO_BREAK_SPACE = '\u202f';
  const MINUS = '\u2212';

  it.each<[string, number | null]>([
    ['', null],
    ['   ', null],
    ['80', 80],
    ['2450', 2450],
    ['72,5', 72.5],
    ['72.5', 72.5],
    [' 72,5 ', 72.5],
    ['2450,5', 2450.5],
    ['2 450,5', 2450.5],
    [`2${NO_BREAK_SPACE}450,5`, 2450.5],
    [`2${NARROW_NO_BREAK_SPACE}450`, 2450],
    ['1 234 567,25', 1234567.25],
    [',5', 0.5],
    ['.5', 0.5],
    ['1,1', 1.1],
    ['-5', -5],
    [`${MINUS}0,5`, -0.5],
    // A point is a decimal mark in Swedish too, never a thousands separator.
    ['1.234', 1.234],
  ])('reads Swedish %j as %s', (text, value) => {
    expect(parseNumberInput(text, 'sv')).toBe(value);
  });

  it.each<[string, number | null]>([
    ['', null],
    ['   ', null],
    ['80', 80],
    ['72.5', 72.5],
    ['2450.5', 2450.5],
    ['2,450.5', 2450.5],
    ['2,450', 2450],
    ['1,234,567', 1234567],
    ['-1,234.5', -1234.5],
    ['.5', 0.5],
    ['2 450', 2450],
    [`${MINUS}1`, -1],
  ])('reads English %j as %s', (text, value) => {
    expect(parseNumberInput(text, 'en')).toBe(value);
  });

  it.each([
    // Both marks: which one groups thousands cannot be told.
    ['sv', '1.234,5'],
    ['sv', '2.450,5'],
    ['sv', '1,234.5'],
    ['sv', '72,5,1'],
    ['sv', '1,2,3'],
    ['sv', 'stor'],
    ['sv', '12a'],
    ['sv', '1e3'],
    ['sv', '+5'],
    ['sv', '--1'],
    ['sv', '-'],
    ['sv', ','],
    // A decimal comma in English: neither 725 nor 72.5.
    ['en', '72,5'],
    ['en', '1,1'],
    ['en', '1,23'],
    ['en', '1,2345'],
    ['en', ',5'],
    ['en', '1.234,5'],
    ['en', '7 2x'],
    ['en', 'x'],
  ] as const)('refuses %s %j as not a number', (language, text) => {
    expect(parseNumberInput(text, language)).toBeNaN();
  });
});

describe('formatNumberForInput', () => {
  it.each([
    ['sv', 2450.5, '2450,5'],
    ['en', 2450.5, '2450.5'],
    ['sv', 1234.25, '1234,25'],
    ['en', 1234.25, '1234.25'],
    ['sv', 1, '1'],
    ['sv', 0.1, '0,1'],
  ] as const)('writes %s %s as %j, without grouping', (language, value, text) => {
    expect(formatNumberForInput(value, language)).toBe(text);
  });

  it('leaves the field empty for no value', () => {
    expect(formatNumberForInput(null, 'sv')).toBe('');
    expect(formatNumberForInput(null, 'en')).toBe('');
  });

  it.each(['sv', 'en'] as const)('writes what it reads back unchanged in %s', (language) => {
    for (const value of [0.125, 2450.5, 1234567.891, -0.5, 0.1 + 0.2])
      expect(parseNumberInput(formatNumberForInput(value, language), language)).toBe(value);
  });
});

describe('formatMeasure', () => {
  it('writes a measure as DESIGN §5 asks: 1 234,5 kWh in Swedish, 1,234.5 kWh in English', () => {
    expect(formatMeasure(1234.5, 'kWh', 'sv', 1)).toBe(
      `1${NO_BREAK_SPACE}234,5${NO_BREAK_SPACE}kWh`,
    );
    expect(formatMeasure(1234.5, 'kWh', 'en', 1)).toBe(`1,234.5${NO_BREAK_SPACE}kWh`);
  });

  it('keeps the number of decimals fixed, so a column lines up', () => {
    expect(formatMeasure(12, 'MWh', 'sv', 2)).toBe(`12,00${NO_BREAK_SPACE}MWh`);
    expect(formatMeasureValue(0.0456, 'en', 3)).toBe('0.046');
  });
});

describe('formatDateRange', () => {
  it('writes a span once where its ends share a month and year', () => {
    const from = new Date('2026-11-16T00:00:00Z');
    const to = new Date('2026-11-22T00:00:00Z');
    const options = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' } as const;
    expect(formatDateRange(from, to, 'sv', options)).toBe('16–22 nov. 2026');
    expect(formatDateRange(from, to, 'en', options)).toMatch(/^16\s?–\s?22 Nov 2026$/);
  });
});
