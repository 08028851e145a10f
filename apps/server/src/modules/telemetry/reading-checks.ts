// What the server decides about each reading of a batch before touching the database
// (docs/telemetry.md "Units and values", "Finding the meter"): its time, its value in Wh or
// litres, and which keys find its meter. Pure functions: the ingest service (HTTP and MQTT) runs
// them once per reading and sends the keys of a whole batch to one query.
import { mbusKey, readMbusAddress } from '@portal/contracts/device-ids';
import {
  normaliseValue,
  READING_MAX_AHEAD_MS,
  READINGS_EARLIEST,
  type Reading,
  ReadingRejection,
  type ReadingRejectionCode,
  UNIT_FACTORS,
} from '@portal/contracts/readings';

/** An offset at the end of an ISO 8601 date-time: Z or ±HH:MM. */
const OFFSET = /(?:[Zz]|[+-]\d{2}:\d{2})$/;
const EARLIEST_MS = Date.parse(READINGS_EARLIEST);

export type CheckedReading =
  | {
      ok: true;
      /** The instant, ms since the epoch. */
      atMs: number;
      /** The register in Wh (energy) or litres (volume), rounded to the mWh / ml. */
      value: number;
      quantity: 'energy' | 'volume';
    }
  | { ok: false; code: ReadingRejectionCode };

/**
 * The checks that need no database, in the order of docs/telemetry.md: NO_TIMEZONE, then
 * OUT_OF_RANGE (value negative or not finite, time more than a day after `nowMs` or before
 * READINGS_EARLIEST). The meter and its unit are checked once the meter is found.
 */
export function checkReading(reading: Reading, nowMs: number): CheckedReading {
  if (!OFFSET.test(reading.at)) return { ok: false, code: ReadingRejection.noTimezone };
  const atMs = Date.parse(reading.at);
  if (
    !Number.isFinite(reading.value) ||
    reading.value < 0 ||
    !Number.isFinite(atMs) ||
    atMs > nowMs + READING_MAX_AHEAD_MS ||
    atMs < EARLIEST_MS
  )
    return { ok: false, code: ReadingRejection.outOfRange };
  const value = normaliseValue(reading.value, reading.unit);
  // A finite value in MWh can still overflow a double once in Wh.
  if (!Number.isFinite(value)) return { ok: false, code: ReadingRejection.outOfRange };
  return { ok: true, atMs, value, quantity: UNIT_FACTORS[reading.unit].quantity };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How a `meter` a gateway sends finds its device: by `uuid`, else by the first of `keys` that a
 * meter of the property has (devices.id_key), else — for an M-Bus address sent without its
 * manufacturer — by `serialPrefix` when exactly one meter's key starts with it.
 */
export type MeterLookup = { uuid?: string; keys: string[]; serialPrefix?: string };

/**
 * Reads `meter` the way the device form reads an id (device-ids.ts), so that the label's
 * KAM12345678, the gateway's 16-hex 123456782D2C1B04 (manufacturer in wire order) and
 * KAM12345678-1B-04 are the same key.
 */
export function meterLookup(meter: string): MeterLookup {
  const trimmed = meter.trim();
  if (UUID.test(trimmed)) return { uuid: trimmed.toLowerCase(), keys: [] };
  const address = readMbusAddress(trimmed);
  if (address) {
    const key = mbusKey(address);
    // With its manufacturer: that meter, or the one registered by its bare serial. Without: the
    // one meter of the property with that serial, whatever its manufacturer.
    return address.manufacturer
      ? { keys: [key, mbusKey({ serial: address.serial })] }
      : { keys: [key], serialPrefix: key };
  }
  // A meter kept with an id of no meter's form (confirmed, SPEC §5): as readDeviceId keys it.
  return { keys: [`other:${trimmed.toUpperCase().replace(/\s+/g, ' ')}`] };
}

/** A meter of the gateway's property, as the batch's one lookup query returns it. */
export type MeterCandidate = { id: string; idKey: string };

/** The device a lookup finds among the candidates, or undefined (UNKNOWN_METER). */
export function pickMeter<Meter extends MeterCandidate>(
  lookup: MeterLookup,
  candidates: readonly Meter[],
): Meter | undefined {
  if (lookup.uuid) return candidates.find((candidate) => candidate.id === lookup.uuid);
  for (const key of lookup.keys) {
    const found = candidates.find((candidate) => candidate.idKey === key);
    if (found) return found;
  }
  const { serialPrefix } = lookup;
  if (!serialPrefix) return undefined;
  const bySerial = candidates.filter((candidate) => candidate.idKey.startsWith(serialPrefix));
  return bySerial.length === 1 ? bySerial[0] : undefined;
}
