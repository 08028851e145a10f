// Use from cumulative registers (docs/telemetry.md "Use from registers"): walks a meter's readings
// in timestamp order and says, for each, the interval it closes, the use in it and what kind of
// reading it is (dip, reset, implausible step, …), then spreads an interval's use over the UTC
// hours it covers. Pure: the ingest service runs it over the rows one query fetched, and the full
// recompute (demo, repairs, tests) over a whole series.
import type { MeterType } from '@portal/contracts/device-ids';

/** readings.kind: how a reading was taken into the series. Dips and implausible steps are
 * skipped: kept, but no reading after them is measured from them. */
export const ReadingKind = {
  normal: 0,
  first: 1,
  reset: 2,
  dip: 3,
  implausible: 4,
  replacement: 5,
} as const;
export type ReadingKind = (typeof ReadingKind)[keyof typeof ReadingKind];
export const isSkipped = (kind: ReadingKind) =>
  kind === ReadingKind.dip || kind === ReadingKind.implausible;

/** The most use a meter of the type can plausibly have in an hour, Wh or litres (docs/telemetry.md
 * has the reasons); a building's main meter may have MAIN_METER_FACTOR times as much. */
export const PLAUSIBLE_MAX_PER_HOUR = {
  el: 60_000,
  heat: 500_000,
  hw: 2_000,
  cw: 3_000,
} as const satisfies Record<MeterType, number>;
export const MAIN_METER_FACTOR = 20;

/** A drop of the register by less than this share of it is a dip; by more, a reset. */
export const DIP_SHARE = 0.1;
/** An interval longer than this is a gap: its use is estimated. */
export const GAP_MS = 90 * 60_000;

const HOUR_MS = 3_600_000;

export type RegisterReading = { atMs: number; value: number };
/** A meter replaced at `atMs`: the old register ended at `oldFinal`, the new began at `newFirst`. */
export type Replacement = { atMs: number; oldFinal: number; newFirst: number };

export type DerivedReading = RegisterReading & {
  /** The interval (prevAtMs, atMs] this reading closes; null for a series' first reading. */
  prevAtMs: number | null;
  /** Use in that interval, Wh or litres, never negative. */
  use: number;
  kind: ReadingKind;
  /** The interval is a gap (longer than GAP_MS): its use is interpolated. */
  estimated: boolean;
  /** The step to this reading was above the plausible maximum and left out of use: a glitch
   * (kind implausible) or a jump the next reading continues from (kind normal). Worth a
   * device-log entry, which a stored kind alone could not say for a jump. */
  overMax: boolean;
};

export type DeriveOptions = {
  /** Wh or litres an hour (PLAUSIBLE_MAX_PER_HOUR, × MAIN_METER_FACTOR for a main meter). */
  maxPerHour: number;
  replacements?: readonly Replacement[];
  gapMs?: number;
};

/**
 * Derives every reading's interval, use and kind. The first reading starts the series (the
 * ingest service passes its stored anchor first and keeps that row's stored values).
 */
export function deriveUse(
  readings: readonly RegisterReading[],
  options: DeriveOptions,
): DerivedReading[] {
  const sorted = [...readings].sort((a, b) => a.atMs - b.atMs);
  const replacements = [...(options.replacements ?? [])].sort((a, b) => a.atMs - b.atMs);
  const gapMs = options.gapMs ?? GAP_MS;
  const { maxPerHour } = options;
  // A batch walks thousands of readings: a plain loop, and rows of one shape.
  const result: DerivedReading[] = [];
  let anchor: RegisterReading | undefined;
  for (let index = 0; index < sorted.length; index++) {
    const reading = sorted[index] as RegisterReading;
    const { use, kind, overMax } = anchor
      ? decide(anchor, reading, sorted[index + 1], replacements, maxPerHour)
      : FIRST;
    const prevAtMs = anchor ? anchor.atMs : null;
    const estimated =
      prevAtMs !== null && !isSkipped(kind) && use > 0 && reading.atMs - prevAtMs > gapMs;
    result.push({
      atMs: reading.atMs,
      value: reading.value,
      prevAtMs,
      use,
      kind,
      estimated,
      overMax,
    });
    if (!isSkipped(kind)) anchor = reading;
  }
  return result;
}

type Decision = { use: number; kind: ReadingKind; overMax: boolean };
const FIRST: Decision = { use: 0, kind: ReadingKind.first, overMax: false };

/** The most use plausible between two instants. */
const limit = (maxPerHour: number, fromMs: number, toMs: number) =>
  (maxPerHour * (toMs - fromMs)) / HOUR_MS;

/** The use and kind of `reading`, measured from the series' anchor `from` (the table in
 * docs/telemetry.md); `next` decides whether a step too large is a jump or a glitch. */
function decide(
  from: RegisterReading,
  reading: RegisterReading,
  next: RegisterReading | undefined,
  replacements: readonly Replacement[],
  maxPerHour: number,
): Decision {
  const replacement =
    replacements.length === 0
      ? undefined
      : replacements.find((r) => r.atMs > from.atMs && r.atMs <= reading.atMs);
  if (replacement) {
    const clamp = (use: number, max: number) => Math.min(Math.max(use, 0), max);
    const before = clamp(
      replacement.oldFinal - from.value,
      limit(maxPerHour, from.atMs, replacement.atMs),
    );
    const after = clamp(
      reading.value - replacement.newFirst,
      limit(maxPerHour, replacement.atMs, reading.atMs),
    );
    return { use: before + after, kind: ReadingKind.replacement, overMax: false };
  }
  const step = reading.value - from.value;
  const max = limit(maxPerHour, from.atMs, reading.atMs);
  if (step >= 0 && step <= max) return { use: step, kind: ReadingKind.normal, overMax: false };
  if (step > max) {
    // A jump the next reading continues from (a replacement nobody recorded) starts a new
    // series there; otherwise it is a glitch, skipped. Either way the step is not use.
    const continues =
      next !== undefined &&
      next.value - reading.value > -DIP_SHARE * reading.value &&
      next.value - reading.value <= limit(maxPerHour, reading.atMs, next.atMs);
    return {
      use: 0,
      kind: continues ? ReadingKind.normal : ReadingKind.implausible,
      overMax: true,
    };
  }
  if (-step < DIP_SHARE * from.value) return { use: 0, kind: ReadingKind.dip, overMax: false };
  // A reset: the register restarted, most often from zero. Its value is the use since, unless
  // that is itself implausible (a replacement meter with a register of its own).
  return { use: reading.value <= max ? reading.value : 0, kind: ReadingKind.reset, overMax: false };
}

/**
 * An interval's use spread over the UTC hours it covers, in proportion to time: `visit` is called
 * with each hour's start and share, in order (no array per interval: a batch spreads thousands).
 */
export function eachHourShare(
  prevAtMs: number,
  atMs: number,
  use: number,
  visit: (hourMs: number, use: number) => void,
) {
  if (atMs <= prevAtMs) return;
  for (let hourMs = Math.floor(prevAtMs / HOUR_MS) * HOUR_MS; hourMs < atMs; hourMs += HOUR_MS) {
    const overlap = Math.min(atMs, hourMs + HOUR_MS) - Math.max(prevAtMs, hourMs);
    if (overlap > 0) visit(hourMs, (use * overlap) / (atMs - prevAtMs));
  }
}
