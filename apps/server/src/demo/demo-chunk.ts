// One stretch of the demo's readings, computed in memory: each meter's quarter-hour registers for
// (from, to], with the derived columns the ingest would store (prev_at, use, kind, estimated), the
// year's stories applied, and the use spread over hours for the rollups. No walk is needed: the
// generator knows each series as it makes it, and the stories are placed where it puts them.
import { GAP_MS, ReadingKind, spreadOverHours } from '../modules/telemetry/derive-use';
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

export type GeneratedReading = {
  deviceId: string;
  atMs: number;
  value: number;
  prevAtMs: number | null;
  use: number;
  kind: ReadingKind;
  estimated: boolean;
};

export type GeneratedChunk = {
  readings: GeneratedReading[];
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
    add(reading: GeneratedReading) {
      if (reading.prevAtMs === null || reading.use <= 0) return;
      const firstHourMs = Math.floor(reading.prevAtMs / HOUR_MS) * HOUR_MS;
      if (reading.atMs - firstHourMs <= HOUR_MS)
        addToHour(firstHourMs, reading.use, reading.estimated);
      else
        for (const share of spreadOverHours(reading.prevAtMs, reading.atMs, reading.use))
          addToHour(share.hourMs, share.use, reading.estimated);
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
  const chunk: GeneratedChunk = { readings: [], hours: new Map(), newest: new Map() };
  for (const meter of meters) {
    const totals = hourTotals();
    // The register keeps counting whether or not the gateway delivers; what is sent is measured
    // from the anchor, the last reading sent and not skipped.
    let register = meter.anchor?.value ?? initialRegister(meter.id);
    let anchor = meter.anchor;
    let newest: number | undefined;
    for (let index = 0; index < quarters.length; index++) {
      const atMs = quarters[index] ?? 0;
      const clock = clocks[index];
      if (!clock || (meter.latestAtMs !== null && atMs <= meter.latestAtMs)) continue;
      let use = quarterUse(meter.profile, clock, random());
      if (meter.leaking && atMs > stories.leak.fromMs) use += stories.leak.litresPerQuarter;
      const replacedHere = meter.replaced && atMs === stories.replacement.atMs;
      if (replacedHere) {
        chunk.replacement = {
          deviceId: meter.id,
          atMs,
          oldFinal: (anchor?.value ?? register) + use,
        };
        register = stories.replacement.newFirst;
      } else register += use;
      if (!sent(meter, atMs, stories)) continue;
      newest = atMs;
      if (meter.glitching && atMs === stories.glitch.atMs && anchor) {
        // One implausible register, kept but left out of use; the next is measured past it.
        chunk.readings.push({
          deviceId: meter.id,
          atMs,
          value: anchor.value + stories.glitch.stepWh,
          prevAtMs: anchor.atMs,
          use: 0,
          kind: ReadingKind.implausible,
          estimated: false,
        });
        chunk.glitch = { deviceId: meter.id, atMs };
        continue;
      }
      const value = thousandths(register);
      const reading: GeneratedReading = anchor
        ? {
            deviceId: meter.id,
            atMs,
            value,
            prevAtMs: anchor.atMs,
            use: replacedHere ? use : Math.max(0, value - anchor.value),
            kind: replacedHere ? ReadingKind.replacement : ReadingKind.normal,
            estimated: atMs - anchor.atMs > GAP_MS,
          }
        : {
            deviceId: meter.id,
            atMs,
            value,
            prevAtMs: null,
            use: 0,
            kind: ReadingKind.first,
            estimated: false,
          };
      chunk.readings.push(reading);
      totals.add(reading);
      anchor = { atMs, value };
    }
    if (totals.hours.size > 0) chunk.hours.set(meter.id, totals.hours);
    if (newest !== undefined) chunk.newest.set(meter.id, newest);
  }
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
