// One stretch of the demo's readings, computed in memory: each meter's quarter-hour registers for
// (from, to], with the derived columns the ingest would store (prev_at, use, kind, estimated), the
// year's stories applied, and the use spread over hours for the rollups. No walk is needed: the
// generator knows each series as it makes it, and the stories are placed where it puts them.
import { eachHourShare, GAP_MS, ReadingKind } from '../modules/telemetry/derive-use';
import type { UseDelta } from '../modules/telemetry/series-walk';
import { type LocalClock, type MeterProfile, quarterUse } from './demo-meter-profiles';

export const QUARTER_MS = 15 * 60_000;
const HOUR_MS = 60 * 60_000;

/** A meter of the demo property, and where its register stands before the chunk. */
export type DemoMeter = {
  id: string;
  areaId: string;
  /** The flat's number; 0 for an area without one (the technical room). */
  flat: number;
  profile: MeterProfile;
  /** Its last reading that is not skipped: the register the next one is measured from. */
  anchor: { atMs: number; value: number } | null;
  /** Its newest reading of any kind: nothing is generated at or before it. */
  latestAtMs: number | null;
  replaced: boolean;
  glitching: boolean;
  leaking: boolean;
};

/** The stories' instants (ms) and numbers, as placed before the feed's seed. */
export type StoryTimes = {
  outage: { flat: number; fromMs: number; toMs: number };
  replacement: { atMs: number; newFirst: number };
  glitch: { atMs: number; stepWh: number };
  leak: { fromMs: number; litresPerQuarter: number };
  silentGateway: { flat: number; fromMs: number };
};

/**
 * A chunk's readings, column by column in typed arrays: a chunk is 100 000 readings, and as many
 * objects would be garbage whose room the server's heap keeps long after the year is made.
 */
export type GeneratedReadings = {
  count: number;
  /** The meters' ids; `meter` holds an index into them. */
  meterIds: readonly string[];
  meter: Uint16Array;
  atMs: Float64Array;
  value: Float64Array;
  /** NaN for the first reading of a series (`prev_at` null). */
  prevAtMs: Float64Array;
  use: Float64Array;
  kind: Uint8Array;
  estimated: Uint8Array;
};

function readingColumns(meterIds: readonly string[], capacity: number): GeneratedReadings {
  return {
    count: 0,
    meterIds,
    meter: new Uint16Array(capacity),
    atMs: new Float64Array(capacity),
    value: new Float64Array(capacity),
    prevAtMs: new Float64Array(capacity),
    use: new Float64Array(capacity),
    kind: new Uint8Array(capacity),
    estimated: new Uint8Array(capacity),
  };
}

export type GeneratedChunk = {
  readings: GeneratedReadings;
  /** Each meter's use per UTC hour (ms), as the ingest's walk reports it. */
  hours: Map<string, Map<number, UseDelta>>;
  /** Each meter's newest reading in the chunk. */
  newest: Map<string, number>;
  /** The replaced meter's last register before its new one started, if that fell in the chunk. */
  replacement?: { deviceId: string; atMs: number; oldFinal: number };
  /** The implausible register kept out of use, if it fell in the chunk. */
  glitch?: { deviceId: string; atMs: number };
};

/** Registers are stored to the thousandth, as a meter's display shows them. */
const thousandths = (value: number) => Math.round(value * 1000) / 1000;

/** Where a meter seen for the first time starts: a register somewhere above 1 000 000. */
function initialRegister(deviceId: string) {
  return 1_000_000 + 37 * (Number.parseInt(deviceId.slice(0, 8), 16) % 100_000);
}

/** A meter's use per hour, added to in time order: most readings fall in the hour of the last. */
function hourTotals() {
  const hours = new Map<number, UseDelta>();
  let lastHourMs = Number.NaN;
  let last: UseDelta | undefined;
  const addToHour = (hourMs: number, use: number, estimated: boolean) => {
    let sum = hourMs === lastHourMs ? last : hours.get(hourMs);
    if (!sum) {
      sum = { use: 0, estimated: 0, simulated: 0 };
      hours.set(hourMs, sum);
    }
    sum.use += use;
    if (estimated) sum.estimated += use;
    sum.simulated += use;
    lastHourMs = hourMs;
    last = sum;
  };
  return {
    hours,
    /** A reading's use over (prevAtMs, atMs]. */
    add(prevAtMs: number, atMs: number, use: number, estimated: boolean) {
      if (use <= 0) return;
      const firstHourMs = Math.floor(prevAtMs / HOUR_MS) * HOUR_MS;
      if (atMs - firstHourMs <= HOUR_MS) addToHour(firstHourMs, use, estimated);
      else
        eachHourShare(prevAtMs, atMs, use, (hourMs, share) => addToHour(hourMs, share, estimated));
    },
  };
}

/**
 * The readings of (fromMs, toMs] for these meters. `quarters` are the chunk's quarter-hour ends
 * in order and `clocks` their local clocks; `random` draws the noise (Math.random in use).
 */
export function generateChunk(
  meters: readonly DemoMeter[],
  quarters: readonly number[],
  clocks: readonly LocalClock[],
  stories: StoryTimes,
  random: () => number = Math.random,
): GeneratedChunk {
  const chunk: GeneratedChunk = {
    readings: readingColumns(
      meters.map((meter) => meter.id),
      meters.length * quarters.length,
    ),
    hours: new Map(),
    newest: new Map(),
  };
  const readings = chunk.readings;
  const push = (
    meterIndex: number,
    atMs: number,
    value: number,
    prevAtMs: number,
    use: number,
    kind: ReadingKind,
    estimated: boolean,
  ) => {
    const row = readings.count++;
    readings.meter[row] = meterIndex;
    readings.atMs[row] = atMs;
    readings.value[row] = value;
    readings.prevAtMs[row] = prevAtMs;
    readings.use[row] = use;
    readings.kind[row] = kind;
    readings.estimated[row] = estimated ? 1 : 0;
  };
  meters.forEach((meter, meterIndex) => {
    const totals = hourTotals();
    // The register keeps counting whether or not the gateway delivers; what is sent is measured
    // from the anchor, the last reading sent and not skipped (NaN: none yet).
    let register = meter.anchor?.value ?? initialRegister(meter.id);
    let anchorAtMs = meter.anchor?.atMs ?? Number.NaN;
    let anchorValue = meter.anchor?.value ?? Number.NaN;
    let newest: number | undefined;
    for (let index = 0; index < quarters.length; index++) {
      const atMs = quarters[index] ?? 0;
      const clock = clocks[index];
      if (!clock || (meter.latestAtMs !== null && atMs <= meter.latestAtMs)) continue;
      let use = quarterUse(meter.profile, clock, random());
      if (meter.leaking && atMs > stories.leak.fromMs) use += stories.leak.litresPerQuarter;
      const replacedHere = meter.replaced && atMs === stories.replacement.atMs;
      if (replacedHere) {
        const oldFinal = (Number.isNaN(anchorValue) ? register : anchorValue) + use;
        chunk.replacement = { deviceId: meter.id, atMs, oldFinal };
        register = stories.replacement.newFirst;
      } else register += use;
      if (!sent(meter, atMs, stories)) continue;
      newest = atMs;
      const value = thousandths(register);
      if (Number.isNaN(anchorAtMs)) {
        push(meterIndex, atMs, value, Number.NaN, 0, ReadingKind.first, false);
      } else if (meter.glitching && atMs === stories.glitch.atMs) {
        // One implausible register, kept but left out of use; the next is measured past it.
        const odd = anchorValue + stories.glitch.stepWh;
        push(meterIndex, atMs, odd, anchorAtMs, 0, ReadingKind.implausible, false);
        chunk.glitch = { deviceId: meter.id, atMs };
        continue;
      } else {
        const measured = replacedHere ? use : Math.max(0, value - anchorValue);
        const kind = replacedHere ? ReadingKind.replacement : ReadingKind.normal;
        const estimated = atMs - anchorAtMs > GAP_MS;
        push(meterIndex, atMs, value, anchorAtMs, measured, kind, estimated);
        totals.add(anchorAtMs, atMs, measured, estimated);
      }
      anchorAtMs = atMs;
      anchorValue = value;
    }
    if (totals.hours.size > 0) chunk.hours.set(meter.id, totals.hours);
    if (newest !== undefined) chunk.newest.set(meter.id, newest);
  });
  return chunk;
}

/**
 * Where the silence that holds `atMs` began, if the meter's gateway was silent then (the past
 * outage, the gateway silent since before the seed); null when its reading was delivered.
 */
function silenceAround(meter: DemoMeter, atMs: number, stories: StoryTimes): number | null {
  const { outage, silentGateway } = stories;
  if (meter.flat === outage.flat && atMs > outage.fromMs && atMs < outage.toMs)
    return outage.fromMs;
  if (meter.flat === silentGateway.flat && atMs > silentGateway.fromMs) return silentGateway.fromMs;
  return null;
}

function sent(meter: DemoMeter, atMs: number, stories: StoryTimes) {
  return silenceAround(meter, atMs, stories) === null;
}

/** The last quarter hour at or before `untilMs` whose reading the meter's gateway delivers. */
export function lastSentBy(meter: DemoMeter, untilMs: number, stories: StoryTimes): number {
  let atMs = untilMs;
  // Each step goes back to where a silence began, which is itself delivered or in an earlier one.
  for (let silence = silenceAround(meter, atMs, stories); silence !== null; ) {
    atMs = silence;
    silence = silenceAround(meter, atMs, stories);
  }
  return atMs;
}
