import { describe, expect, it } from 'vitest';
import { deriveUse, eachHourShare, PLAUSIBLE_MAX_PER_HOUR, ReadingKind } from './derive-use';

const T0 = Date.parse('2026-11-22T00:00:00Z');
const MIN = 60_000;
/** Readings every `step` minutes from T0 with these register values. */
const series = (values: number[], step = 15) =>
  values.map((value, index) => ({ atMs: T0 + index * step * MIN, value }));
const el = { maxPerHour: PLAUSIBLE_MAX_PER_HOUR.el };
const uses = (derived: ReturnType<typeof deriveUse>) => derived.map((reading) => reading.use);
const kinds = (derived: ReturnType<typeof deriveUse>) => derived.map((reading) => reading.kind);
const total = (derived: ReturnType<typeof deriveUse>) =>
  derived.reduce((sum, reading) => sum + reading.use, 0);

describe('deriveUse', () => {
  it('takes differences in timestamp order, not arrival order', () => {
    const inOrder = series([1000, 1100, 1250, 1300]);
    const arrived = [inOrder[2], inOrder[0], inOrder[3], inOrder[1]].filter((r) => r !== undefined);
    const derived = deriveUse(arrived, el);
    expect(uses(derived)).toEqual([0, 100, 150, 50]);
    expect(kinds(derived)).toEqual([ReadingKind.first, 0, 0, 0]);
    expect(derived[1]?.prevAtMs).toBe(T0);
  });

  it('ignores a dip below 10 % and does not count the climb back twice', () => {
    const derived = deriveUse(series([1000, 990, 1005]), el);
    expect(kinds(derived)).toEqual([ReadingKind.first, ReadingKind.dip, ReadingKind.normal]);
    expect(uses(derived)).toEqual([0, 0, 5]);
    expect(derived[2]?.prevAtMs).toBe(T0);
  });

  it('starts a new series at a larger drop, counting from zero — never negative, never a spike', () => {
    const reset = deriveUse(series([50_000, 60_000, 200, 700]), el);
    expect(kinds(reset)).toEqual([ReadingKind.first, 0, ReadingKind.reset, 0]);
    expect(uses(reset)).toEqual([0, 10_000, 200, 500]);
    // A new meter whose register starts high: the reset interval is not use.
    const replaced = deriveUse(series([500_000, 510_000, 90_000, 91_000]), el);
    expect(uses(replaced)).toEqual([0, 10_000, 0, 1_000]);
    expect(uses(replaced).every((use) => use >= 0)).toBe(true);
  });

  it('keeps a step above the plausible maximum out of use, and skips a glitch', () => {
    // 60 kW for 15 minutes is at most 15 000 Wh.
    const glitch = deriveUse(series([1000, 999_000, 1010, 1020]), el);
    expect(kinds(glitch)).toEqual([ReadingKind.first, ReadingKind.implausible, 0, 0]);
    expect(uses(glitch)).toEqual([0, 0, 10, 10]);
    // A step the following readings continue from: a replacement nobody recorded.
    const jump = deriveUse(series([1000, 999_000, 999_010, 999_020]), el);
    expect(kinds(jump)).toEqual([ReadingKind.first, 0, 0, 0]);
    expect(uses(jump)).toEqual([0, 0, 10, 10]);
    // Still undecided at the end of what is known: skipped for now.
    expect(kinds(deriveUse(series([1000, 999_000]), el))[1]).toBe(ReadingKind.implausible);
  });

  it('lets a longer interval hold more use before it is implausible', () => {
    const daily = deriveUse(series([0, 1_000_000], 24 * 60), el);
    expect(uses(daily)).toEqual([0, 1_000_000]);
  });

  it('counts use across a recorded replacement from both registers', () => {
    const derived = deriveUse(series([10_000, 10_400, 30, 80]), {
      ...el,
      replacements: [{ atMs: T0 + 20 * MIN, oldFinal: 10_500, newFirst: 0 }],
    });
    expect(kinds(derived)).toEqual([ReadingKind.first, 0, ReadingKind.replacement, 0]);
    expect(uses(derived)).toEqual([0, 400, 100 + 30, 50]);
  });

  it('flags an interval longer than 90 minutes as estimated, and a late reading splits it', () => {
    const gap = deriveUse(series([0, 100, 400], 120), el);
    expect(gap.map((reading) => reading.estimated)).toEqual([false, true, true]);
    const filled = deriveUse(
      [...series([0, 100, 400], 120), { atMs: T0 + 60 * MIN, value: 50 }],
      el,
    );
    expect(filled.map((reading) => reading.estimated)).toEqual([false, false, false, true]);
    expect(total(filled)).toBe(total(gap));
  });
});

describe('eachHourShare', () => {
  const hour = (h: number) => T0 + h * 60 * MIN;
  const spreadOverHours = (prevAtMs: number, atMs: number, use: number) => {
    const shares: { hourMs: number; use: number }[] = [];
    eachHourShare(prevAtMs, atMs, use, (hourMs, share) => shares.push({ hourMs, use: share }));
    return shares;
  };

  it('splits an interval over the hours it covers in proportion to time', () => {
    expect(spreadOverHours(hour(10) + 50 * MIN, hour(11) + 5 * MIN, 150)).toEqual([
      { hourMs: hour(10), use: 100 },
      { hourMs: hour(11), use: 50 },
    ]);
    expect(spreadOverHours(hour(10) + 30 * MIN, hour(13) + 30 * MIN, 300)).toEqual([
      { hourMs: hour(10), use: 50 },
      { hourMs: hour(11), use: 100 },
      { hourMs: hour(12), use: 100 },
      { hourMs: hour(13), use: 50 },
    ]);
  });

  it('puts an interval ending on the hour in the hour before it', () => {
    expect(spreadOverHours(hour(10) + 45 * MIN, hour(11), 7)).toEqual([
      { hourMs: hour(10), use: 7 },
    ]);
    expect(spreadOverHours(hour(11), hour(11), 7)).toEqual([]);
  });
});
