// A chunk's hourly, daily and monthly rollup rows, from the use per hour the generator summed
// (demo-chunk.ts): the same buckets as the ingest's rollupChanges (rollups.ts) — UTC hours, the
// property's local dates and months — with the hours kept as numbers, and the local date of each
// hour asked of the zone once per catch-up rather than once per meter.
import { addTo, type RollupChange } from '../modules/telemetry/rollups';
import type { UseDelta } from '../modules/telemetry/series-walk';

/** An hourly row, its hour a UTC instant in ms. */
export type HourRow = { deviceId: string; hourMs: number } & UseDelta;

export type ChunkRollups = {
  /** Hours at or after the meter's newest reading before the chunk: no row exists for them. */
  freshHours: HourRow[];
  /** Hours a row may exist for already (a gap reaching back): added to it. */
  addedHours: RollupChange<number>[];
  daily: RollupChange<string>[];
  monthly: RollupChange<string>[];
};

/**
 * The rows of each meter's hours. `newestBefore` is each meter's newest reading before the chunk
 * (null: none): a reading's use reaches only the hours before it, so later hours have no row yet.
 */
export function chunkRollups(
  hoursByMeter: ReadonlyMap<string, ReadonlyMap<number, UseDelta>>,
  newestBefore: ReadonlyMap<string, number | null>,
  localDateOfHour: (hourMs: number) => string,
): ChunkRollups {
  const rollups: ChunkRollups = { freshHours: [], addedHours: [], daily: [], monthly: [] };
  for (const [deviceId, hours] of hoursByMeter) {
    const newest = newestBefore.get(deviceId) ?? null;
    const days = new Map<string, UseDelta>();
    const months = new Map<string, UseDelta>();
    for (const [hourMs, delta] of hours) {
      if (newest === null || hourMs >= newest)
        rollups.freshHours.push({ deviceId, hourMs, ...delta });
      else rollups.addedHours.push({ deviceId, bucket: hourMs, ...delta });
      const date = localDateOfHour(hourMs);
      addTo(days, date, delta);
      addTo(months, `${date.slice(0, 7)}-01`, delta);
    }
    for (const [bucket, sum] of days) rollups.daily.push({ deviceId, bucket, ...sum });
    for (const [bucket, sum] of months) rollups.monthly.push({ deviceId, bucket, ...sum });
  }
  return rollups;
}
