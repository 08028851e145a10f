// Steps 2–7 of docs/telemetry.md "One ingest batch", for any change of meters' series: a batch of
// new readings, or a meter replacement recorded or removed (no new readings). In the caller's
// transaction: the devices locked in id order, the stretches of their series the change touches
// fetched in one query, walked again in memory (series-walk.ts), and the new rows, the re-derived
// rows, the rollups and the implausible steps' log entries written — a fixed number of statements
// whatever the number of readings.
import type { MeterType } from '@portal/contracts/device-ids';
import type { Queryable } from '../../db/client';
import { isUniqueViolation } from '../../errors';
import { MAIN_METER_FACTOR, PLAUSIBLE_MAX_PER_HOUR, type Replacement } from './derive-use';
import {
  fetchStretches,
  insertReadings,
  lockDevices,
  logImplausibleSteps,
  type ReadingRow,
  replacementsOf,
  updateReadings,
} from './readings.repository';
import { addToRollups, rollupChanges } from './rollups';
import { type UseDelta, type WalkResult, type WindowRow, walkSeries } from './series-walk';
import { mergeWindows, stretchesOf, windowsMeet } from './stretches';

export type SeriesDevice = { id: string; deviceType: MeterType; main: boolean };

/** One device's part of a change: the times it touches (its new readings', or a replacement's). */
export type SeriesWork = { device: SeriesDevice; times: number[] };

/** Thrown when a reading to insert was there already: something wrote readings without holding
 * the device's lock, so the walk was of an outdated series. The caller starts again. */
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

type NewReading = { atMs: number; value: number };

/** A stretch of one device's series being walked: its times and its fetched window. */
type Stretch = { device: SeriesDevice; loMs: number; hiMs: number; window: WindowRow[] };

/**
 * Applies a change to the devices' series. `newReadings` is called once per locked device with
 * its stored readings at the times of the change (those of its fetched stretches) and answers the
 * readings to add, none at a stored reading's time.
 */
export async function updateSeries(
  db: Queryable,
  change: {
    propertyId: string;
    work: SeriesWork[];
    newReadings?: (deviceId: string, stored: ReadonlyMap<number, number>) => NewReading[];
  },
): Promise<SeriesUpdate> {
  const locks = await lockDevices(
    db,
    change.propertyId,
    change.work.map((work) => work.device.id),
  );
  const locked = new Set(locks.map((row) => row.id));
  const update: SeriesUpdate = { locked, inserted: [], overMax: [] };
  const work = change.work.filter((item) => locked.has(item.device.id));
  if (work.length === 0) return update;
  const timeZone = locks[0]?.timeZone as string;

  let stretches: Stretch[] = work.flatMap((item) =>
    stretchesOf(item.times).map((times) => ({ device: item.device, ...times, window: [] })),
  );
  await fetchInto(db, stretches);
  const replacements = await replacementsOf(
    db,
    work.map((item) => item.device.id),
  );
  const added = new Map<string, NewReading[]>();
  for (const item of work) {
    const id = item.device.id;
    const stored = new Map<number, number>();
    for (const stretch of stretches)
      if (stretch.device.id === id)
        for (const row of stretch.window) stored.set(row.atMs, row.value);
    added.set(id, change.newReadings?.(id, stored) ?? []);
  }

  // Usually one round. Another when stretches' windows meet (walked as one), or when a
  // stretch's boundary became skipped: the readings after it were measured from it, so the
  // stretch reaches to the next boundary.
  let walks: WalkResult[];
  for (;;) {
    stretches = joinMeeting(stretches);
    walks = stretches.map((stretch) =>
      walkSeries({
        window: stretch.window,
        added: (added.get(stretch.device.id) ?? []).filter(
          (reading) => reading.atMs >= stretch.loMs && reading.atMs <= stretch.hiMs,
        ),
        replacements: replacements.get(stretch.device.id) ?? ([] as Replacement[]),
        maxPerHour: maxPerHour(stretch.device),
      }),
    );
    const further = stretches.filter((stretch, index) => {
      const boundary = stretch.window.find((row) => row.place === 'boundary');
      if (!walks[index]?.reachFurther || !boundary) return false;
      stretch.hiMs = boundary.atMs;
      return true;
    });
    if (further.length === 0) break;
    await fetchInto(db, further);
  }

  const updated: ReadingRow[] = [];
  const hours = new Map<string, Map<number, UseDelta>>();
  stretches.forEach((stretch, index) => {
    const walk = walks[index] as WalkResult;
    const deviceId = stretch.device.id;
    for (const row of walk.inserted) update.inserted.push({ deviceId, ...row });
    for (const row of walk.updated) updated.push({ deviceId, ...row });
    for (const atMs of walk.overMax) update.overMax.push({ deviceId, atMs });
    const deviceHours = hours.get(deviceId);
    // Usually a device's one stretch: its walk's hours as they are.
    if (!deviceHours) {
      hours.set(deviceId, walk.hours);
      return;
    }
    for (const [hourMs, delta] of walk.hours) {
      const sum = deviceHours.get(hourMs);
      if (!sum) deviceHours.set(hourMs, delta);
      else {
        sum.use += delta.use;
        sum.estimated += delta.estimated;
        sum.simulated += delta.simulated;
      }
    }
  });
  await insertReadings(db, update.inserted).catch((error: unknown) => {
    // A reading at a time the walk found free: written meanwhile by a writer without the lock.
    throw isUniqueViolation(error) ? new ConcurrentReadings() : error;
  });
  await updateReadings(db, updated);
  await addToRollups(db, rollupChanges(hours, timeZone));
  await logImplausibleSteps(db, update.overMax);
  return update;
}

/** Fetches the stretches' windows (one query). */
async function fetchInto(db: Queryable, stretches: Stretch[]) {
  const windows = await fetchStretches(
    db,
    stretches.map((stretch) => ({
      deviceId: stretch.device.id,
      loMs: stretch.loMs,
      hiMs: stretch.hiMs,
    })),
  );
  stretches.forEach((stretch, index) => {
    stretch.window = windows[index] ?? [];
  });
}

/** The stretches with those of a device whose windows meet joined (they are in time order). */
function joinMeeting(stretches: Stretch[]): Stretch[] {
  const joined: Stretch[] = [];
  for (const stretch of stretches) {
    const last = joined.at(-1);
    if (last && last.device.id === stretch.device.id && windowsMeet(last.window, stretch.window)) {
      last.window = mergeWindows(last.window, stretch.window);
      last.hiMs = stretch.hiMs;
    } else joined.push(stretch);
  }
  return joined;
}
