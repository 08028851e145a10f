// Which stretches of a series a change touches (docs/telemetry.md "One ingest batch", step 3): the
// times of a device's new readings, split where they lie far apart, so that a batch holding a
// reading from years ago beside today's (a gateway whose clock came back) fetches and walks the
// readings around each, not the years between. Stretches whose fetched windows meet are one.
// Pure.
import type { WindowRow } from './series-walk';

/** New readings further apart than this start another stretch: longer than any reporting gap a
 * batch of one meter's buffered readings holds, short enough that the stored readings between
 * two stretches are never many to fetch. */
export const STRETCH_SPLIT_MS = 6 * 3_600_000;

/** The times, sorted and split into runs no two neighbours of which lie further apart. */
export function stretchesOf(times: readonly number[], splitMs = STRETCH_SPLIT_MS) {
  const sorted = [...times].sort((a, b) => a - b);
  const stretches: { loMs: number; hiMs: number }[] = [];
  for (const atMs of sorted) {
    const last = stretches.at(-1);
    if (last && atMs - last.hiMs <= splitMs) last.hiMs = atMs;
    else stretches.push({ loMs: atMs, hiMs: atMs });
  }
  return stretches;
}

const placeOf = (window: readonly WindowRow[], place: WindowRow['place']) =>
  window.find((row) => row.place === place);

/**
 * Whether the walk of the earlier window could change what the later one reads: unless the
 * earlier ends (its boundary) before the later begins (its anchor), the two are one stretch.
 */
export function windowsMeet(earlier: readonly WindowRow[], later: readonly WindowRow[]) {
  const boundary = placeOf(earlier, 'boundary');
  const anchor = placeOf(later, 'anchor');
  return !boundary || !anchor || boundary.atMs >= anchor.atMs;
}

/** Two windows that meet as one: the earlier's anchor, the later's boundary and lookahead, and
 * every row of either between them derived again. */
export function mergeWindows(earlier: readonly WindowRow[], later: readonly WindowRow[]) {
  const anchor = placeOf(earlier, 'anchor')?.atMs;
  const boundary = placeOf(later, 'boundary')?.atMs;
  const lookahead = placeOf(later, 'lookahead')?.atMs;
  const rows = new Map<number, WindowRow>();
  for (const row of [...earlier, ...later]) rows.set(row.atMs, row);
  return [...rows.values()]
    .sort((a, b) => a.atMs - b.atMs)
    .map((row): WindowRow => {
      const place =
        row.atMs === anchor
          ? 'anchor'
          : row.atMs === boundary
            ? 'boundary'
            : row.atMs === lookahead
              ? 'lookahead'
              : 'inside';
      return { ...row, place };
    });
}
