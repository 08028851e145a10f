// Numbers and dates follow the chosen language (DESIGN §5: '1 234,5 kWh' in Swedish).
import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from './format';

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
  });
});
