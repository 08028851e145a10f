// One device's walk over the stretch of its series a change touches (docs/telemetry.md "One ingest
// batch", steps 3–4): the stored readings of that stretch with the new ones merged in, derived
// again by deriveUse, and diffed against what is stored — the rows to insert, the stored rows
// whose interval, use or kind changed, and each hour's change of use (what the changed intervals
// add, less what they added before). Pure: the ingest and a recorded or removed meter
// replacement run it on rows one query fetched.
import {
  type DerivedReading,
  deriveUse,
  eachHourShare,
  isSkipped,
  type ReadingKind,
  type RegisterReading,
  type Replacement,
} from './derive-use';

/** A reading as stored: its register and what was derived for it. */
export type StoredReading = {
  atMs: number;
  value: number;
  prevAtMs: number | null;
  use: number;
  kind: ReadingKind;
  estimated: boolean;
  simulated: boolean;
};

/**
 * Where a fetched row stands in the stretch: the `anchor` (the last reading before it that is not
 * skipped: kept as stored, the walk starts from it), rows `inside` (derived again), the
 * `boundary` (the first reading after it that is not skipped: derived again; what comes after it
 * is measured from it and so unchanged, unless it becomes skipped itself), and the `lookahead`
 * (the reading after the boundary: read only to decide a step of the boundary's).
 */
export type WindowPlace = 'anchor' | 'inside' | 'boundary' | 'lookahead';
export type WindowRow = StoredReading & { place: WindowPlace };

/** Use added to a bucket, and the parts of it that are estimated and simulated. */
export type UseDelta = { use: number; estimated: number; simulated: number };

export type WalkInput = {
  /** The stored stretch, in timestamp order (readings.repository.ts fetchWindows). */
  window: readonly WindowRow[];
  /** New readings, none at the time of a stored one. */
  added: readonly { atMs: number; value: number }[];
  replacements: readonly Replacement[];
  maxPerHour: number;
};

export type WalkResult = {
  inserted: StoredReading[];
  updated: StoredReading[];
  /** Change of use per UTC hour (ms), only hours that changed. */
  hours: Map<number, UseDelta>;
  /** New or re-derived readings whose step is above the plausible maximum. Whether one was
   * logged before (a glitch confirmed as a jump later) is for the log's insert to check. */
  overMax: number[];
  /** The boundary became skipped: the readings after it were measured from it, so the stretch
   * must reach further (fetch again up to the next reading that is not skipped). */
  reachFurther: boolean;
};

/** What an interval adds to the hours it covers. */
function addContribution(hours: Map<number, UseDelta>, reading: StoredReading, sign: 1 | -1) {
  if (reading.prevAtMs === null || reading.use === 0) return;
  const { estimated, simulated } = reading;
  eachHourShare(reading.prevAtMs, reading.atMs, reading.use, (hourMs, share) => {
    const change = sign * share;
    const delta = hours.get(hourMs);
    if (!delta) {
      hours.set(hourMs, {
        use: change,
        estimated: estimated ? change : 0,
        simulated: simulated ? change : 0,
      });
      return;
    }
    delta.use += change;
    if (estimated) delta.estimated += change;
    if (simulated) delta.simulated += change;
  });
}

const sameDerivation = (stored: StoredReading, derived: DerivedReading) =>
  stored.prevAtMs === derived.prevAtMs &&
  stored.use === derived.use &&
  stored.kind === derived.kind &&
  stored.estimated === derived.estimated;

/** Below this, an hour's change is the rounding of a subtraction, not use (Wh or litres). */
const NEGLIGIBLE = 1e-9;

export function walkSeries({ window, added, replacements, maxPerHour }: WalkInput): WalkResult {
  // Registers of one shape for deriveUse, which sorts them: the stored and the new.
  const stored = new Map<number, WindowRow>();
  const registers: RegisterReading[] = [];
  for (const row of window) {
    stored.set(row.atMs, row);
    registers.push({ atMs: row.atMs, value: row.value });
  }
  for (const reading of added) registers.push({ atMs: reading.atMs, value: reading.value });
  const derived = deriveUse(registers, { maxPerHour, replacements });
  const result: WalkResult = {
    inserted: [],
    updated: [],
    hours: new Map(),
    overMax: [],
    reachFurther: false,
  };
  for (const reading of derived) {
    const before = stored.get(reading.atMs);
    if (before?.place === 'anchor' || before?.place === 'lookahead') continue;
    const after: StoredReading = {
      atMs: reading.atMs,
      value: reading.value,
      prevAtMs: reading.prevAtMs,
      use: reading.use,
      kind: reading.kind,
      estimated: reading.estimated,
      simulated: before?.simulated ?? false,
    };
    if (!before) {
      result.inserted.push(after);
      addContribution(result.hours, after, 1);
      if (reading.overMax) result.overMax.push(reading.atMs);
      continue;
    }
    if (sameDerivation(before, reading)) continue;
    result.updated.push(after);
    addContribution(result.hours, before, -1);
    addContribution(result.hours, after, 1);
    if (reading.overMax) result.overMax.push(reading.atMs);
    if (before.place === 'boundary' && isSkipped(reading.kind)) result.reachFurther = true;
  }
  for (const [hourMs, delta] of result.hours)
    if (
      Math.abs(delta.use) < NEGLIGIBLE &&
      Math.abs(delta.estimated) < NEGLIGIBLE &&
      Math.abs(delta.simulated) < NEGLIGIBLE
    )
      result.hours.delete(hourMs);
  return result;
}
