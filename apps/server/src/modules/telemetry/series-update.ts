// Steps 2–7 of docs/telemetry.md "One ingest batch", for any change of meters' series: a batch of
// new readings, or a meter replacement recorded or removed (no new readings, other
// replacements). In the caller's transaction: the devices locked in id order, the stretch of each
// series the change touches fetched in one query, walked again in memory (series-walk.ts), and the
// new rows, the re-derived rows, the rollups and the implausible steps' log entries written — a
// fixed number of statements whatever the number of readings.
import type { MeterType } from '@portal/contracts/device-ids';
import type { Queryable } from '../../db/client';
import { MAIN_METER_FACTOR, PLAUSIBLE_MAX_PER_HOUR } from './derive-use';
import {
  fetchStretches,
  insertReadings,
  lockDevices,
  logImplausibleSteps,
  type ReadingRow,
  replacementsOf,
  type Stretch,
  updateReadings,
} from './readings.repository';
import { addToRollups, rollupChanges } from './rollups';
import { type UseDelta, type WalkResult, type WindowRow, walkSeries } from './series-walk';

export type SeriesDevice = { id: string; deviceType: MeterType; main: boolean };

/** One device's part of a change: the times it touches, from `loMs` to `hiMs`. */
export type SeriesWork = { device: SeriesDevice; loMs: number; hiMs: number };

/** Thrown when fewer readings were inserted than walked: something wrote readings without
 * holding the device's lock, so the walk was of an outdated series. The caller starts again. */
export class ConcurrentReadings extends Error {
  constructor() {
    super('readings were written meanwhile without the device lock');
  }
}

export type SeriesUpdate = {
  /** The devices that were still there to lock; work for any other was dropped. */
  locked: Set<string>;
  inserted: ReadingRow[];
  /** Readings whose step is above the plausible maximum (logged once each). */
  overMax: { deviceId: string; atMs: number }[];
};

export const maxPerHour = (device: { deviceType: MeterType; main: boolean }) =>
  PLAUSIBLE_MAX_PER_HOUR[device.deviceType] * (device.main ? MAIN_METER_FACTOR : 1);

/**
 * Applies a change to the devices' series. `newReadings` is called once per locked device with
 * its stored stretch and answers the readings to add (none at a stored reading's time). The
 * replacements are those stored, as the caller's transaction sees them.
 */
export async function updateSeries(
  db: Queryable,
  change: {
    propertyId: string;
    work: SeriesWork[];
    newReadings?: (
      deviceId: string,
      window: readonly WindowRow[],
    ) => { atMs: number; value: number }[];
  },
): Promise<SeriesUpdate> {
  const locks = await lockDevices(
    db,
    change.propertyId,
    change.work.map((work) => work.device.id),
  );
  const locked = new Set(locks.map((row) => row.id));
  const work = change.work.filter((item) => locked.has(item.device.id));
  const update: SeriesUpdate = { locked, inserted: [], overMax: [] };
  if (work.length === 0) return update;
  const timeZone = locks[0]?.timeZone as string;
  const ids = work.map((item) => item.device.id);
  const windows = await fetchStretches(db, work.map(stretchOf));
  const storedReplacements = await replacementsOf(db, ids);

  const walks = new Map<string, WalkResult>();
  const added = new Map<string, { atMs: number; value: number }[]>();
  let pending = work;
  let round = windows;
  // Usually one round. Another only when a stretch's boundary became skipped: the readings
  // after it were measured from it, so that device's stretch reaches to the next boundary.
  while (pending.length > 0) {
    const further: SeriesWork[] = [];
    for (const item of pending) {
      const id = item.device.id;
      const window = round.get(id) ?? [];
      if (!added.has(id)) added.set(id, change.newReadings?.(id, window) ?? []);
      const walk = walkSeries({
        window,
        added: added.get(id) ?? [],
        replacements: storedReplacements.get(id) ?? [],
        maxPerHour: maxPerHour(item.device),
      });
      walks.set(id, walk);
      const boundary = window.find((row) => row.place === 'boundary');
      if (walk.reachFurther && boundary) further.push({ ...item, hiMs: boundary.atMs });
    }
    pending = further;
    if (further.length > 0) round = await fetchStretches(db, further.map(stretchOf));
  }

  const updated: ReadingRow[] = [];
  const hours = new Map<string, Map<number, UseDelta>>();
  for (const [deviceId, walk] of walks) {
    for (const row of walk.inserted) update.inserted.push({ deviceId, ...row });
    for (const row of walk.updated) updated.push({ deviceId, ...row });
    for (const atMs of walk.overMax) update.overMax.push({ deviceId, atMs });
    hours.set(deviceId, walk.hours);
  }
  const inserted = await insertReadings(db, update.inserted);
  if (inserted !== update.inserted.length) throw new ConcurrentReadings();
  await updateReadings(db, updated);
  await addToRollups(db, rollupChanges(hours, timeZone));
  await logImplausibleSteps(db, update.overMax);
  return update;
}

const stretchOf = (work: SeriesWork): Stretch => ({
  deviceId: work.device.id,
  loMs: work.loMs,
  hiMs: work.hiMs,
});
