import { describe, expect, it } from 'vitest';
import type { WindowRow } from './series-walk';
import { mergeWindows, STRETCH_SPLIT_MS, stretchesOf, windowsMeet } from './stretches';

const HOUR = 3_600_000;
const row = (atMs: number, place: WindowRow['place']): WindowRow => ({
  atMs,
  value: atMs / HOUR,
  prevAtMs: null,
  use: 0,
  kind: 0,
  estimated: false,
  simulated: false,
  place,
});

describe('stretchesOf', () => {
  it('keeps a run of readings together and splits where they lie far apart', () => {
    const times = [10 * HOUR, 0, HOUR, 2 * HOUR, 2 * HOUR + STRETCH_SPLIT_MS + 1, 9 * HOUR];
    expect(stretchesOf(times)).toEqual([
      { loMs: 0, hiMs: 2 * HOUR },
      { loMs: 2 * HOUR + STRETCH_SPLIT_MS + 1, hiMs: 10 * HOUR },
    ]);
  });
});

describe('windows of two stretches', () => {
  const earlier = [
    row(0, 'anchor'),
    row(HOUR, 'inside'),
    row(2 * HOUR, 'boundary'),
    row(3 * HOUR, 'lookahead'),
  ];

  it('meet when the earlier ends at or after the later begins, or either is open', () => {
    expect(windowsMeet(earlier, [row(3 * HOUR, 'anchor'), row(4 * HOUR, 'inside')])).toBe(false);
    expect(windowsMeet(earlier, [row(2 * HOUR, 'anchor'), row(4 * HOUR, 'inside')])).toBe(true);
    expect(windowsMeet(earlier.slice(0, 2), [row(9 * HOUR, 'anchor')])).toBe(true);
    expect(windowsMeet(earlier, [row(4 * HOUR, 'inside')])).toBe(true);
  });

  it('merge into one: the earlier anchor, the later boundary and lookahead, the rest inside', () => {
    const later = [
      row(2 * HOUR, 'anchor'),
      row(3 * HOUR, 'inside'),
      row(5 * HOUR, 'boundary'),
      row(6 * HOUR, 'lookahead'),
    ];
    expect(mergeWindows(earlier, later).map((r) => [r.atMs / HOUR, r.place])).toEqual([
      [0, 'anchor'],
      [1, 'inside'],
      [2, 'inside'],
      [3, 'inside'],
      [5, 'boundary'],
      [6, 'lookahead'],
    ]);
  });
});
