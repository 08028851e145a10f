// The flags of a ranking agree with the multiple of the median the ranking writes (two decimals).
import { describe, expect, it } from 'vitest';
import { standingOf } from './ranking-standing';

describe('standingOf', () => {
  it('flags what reads as 1,50 × the median or more as far above it, 0,50 × or less as far below', () => {
    expect(standingOf(1.497)).toBe('above');
    expect(standingOf(1.494)).toBe('near');
    expect(standingOf(0.503)).toBe('below');
    expect(standingOf(0.506)).toBe('near');
    expect(standingOf(1)).toBe('near');
  });

  it('leaves an entry without a median unflagged', () => {
    expect(standingOf(null)).toBe('near');
  });
});
