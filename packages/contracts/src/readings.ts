// Meter readings from gateways (DESIGN §4.4 "Readings from gateways", §5 "Telemetry"): the body of
// POST /api/ingest/readings (and of an MQTT publish), its answer, the units a reading may carry and
// what they are in the portal's own units (Wh, litres). Decisions: docs/telemetry.md.
import type { MeterType } from './device-ids';
import { text, z } from './zod';

/** Readings in one call, at most (DESIGN §4.4); at least one. */
export const MAX_READINGS_PER_CALL = 5000;
/** The ingest call accepts bodies up to this many bytes (DESIGN §4.4). */
export const READINGS_BODY_LIMIT = 4 * 1024 * 1024;

/** The units a gateway may send. */
export const READING_UNITS = ['Wh', 'kWh', 'MWh', 'GJ', 'm3', 'l'] as const;
export type ReadingUnit = (typeof READING_UNITS)[number];

/** Energy is kept in Wh, volume in litres. */
export type Quantity = 'energy' | 'volume';

/** Each unit's quantity and how many Wh or litres one of it is. GJ: 10⁹ J / 3600 J per Wh. */
export const UNIT_FACTORS = {
  Wh: { quantity: 'energy', factor: 1 },
  kWh: { quantity: 'energy', factor: 1_000 },
  MWh: { quantity: 'energy', factor: 1_000_000 },
  GJ: { quantity: 'energy', factor: 1e9 / 3600 },
  m3: { quantity: 'volume', factor: 1_000 },
  l: { quantity: 'volume', factor: 1 },
} as const satisfies Record<ReadingUnit, { quantity: Quantity; factor: number }>;

/** What each meter type measures: heat and electricity energy, hot and cold water volume. */
export const METER_QUANTITY = {
  heat: 'energy',
  el: 'energy',
  hw: 'volume',
  cw: 'volume',
} as const satisfies Record<MeterType, Quantity>;

/** The portal's unit of a quantity, as statistics name it. */
export const BASE_UNIT = { energy: 'Wh', volume: 'l' } as const satisfies Record<Quantity, string>;

export const unitFitsMeter = (unit: ReadingUnit, type: MeterType) =>
  UNIT_FACTORS[unit].quantity === METER_QUANTITY[type];

/** Normalised values keep this many decimals (mWh, ml): below any meter's resolution. */
export const VALUE_DECIMALS = 3;
const VALUE_SCALE = 10 ** VALUE_DECIMALS;

/**
 * A register in Wh or litres, rounded to VALUE_DECIMALS so that the same reading sent twice (or in
 * kWh and in Wh: 18234.561 kWh is 18234561 Wh, not 18234560.999999996) is the same number. Values
 * too large to round exactly in a double (above 9·10¹² Wh) are kept as computed.
 */
export function normaliseValue(value: number, unit: ReadingUnit): number {
  const base = value * UNIT_FACTORS[unit].factor;
  const scaled = base * VALUE_SCALE;
  if (!Number.isFinite(scaled) || Math.abs(scaled) > Number.MAX_SAFE_INTEGER) return base;
  // Math.round rounds halves up; on a negative value that would be toward zero, so round the size.
  return (Math.sign(scaled) * Math.round(Math.abs(scaled))) / VALUE_SCALE || 0;
}

/** Why a reading was not kept: its index in the body and one of these. */
export const ReadingRejection = {
  /** The same meter and time is stored with another value; the first stays. */
  conflict: 'CONFLICT',
  /** No meter of the gateway's property has this id or UUID (or it is no meter). */
  unknownMeter: 'UNKNOWN_METER',
  /** Energy for a water meter, or volume for a heat or electricity meter. */
  wrongUnit: 'WRONG_UNIT',
  /** Negative or not finite, or a time more than a day ahead or before READINGS_EARLIEST. */
  outOfRange: 'OUT_OF_RANGE',
  /** A time without an offset: which instant it is cannot be known. */
  noTimezone: 'NO_TIMEZONE',
} as const;
export const READING_REJECTION_CODES = Object.values(ReadingRejection) as [
  ReadingRejectionCode,
  ...ReadingRejectionCode[],
];
export type ReadingRejectionCode = (typeof ReadingRejection)[keyof typeof ReadingRejection];

/** How far ahead of the server's clock a reading's time may be. */
export const READING_MAX_AHEAD_MS = 24 * 60 * 60 * 1000;
/**
 * Earlier readings are a gateway's clock that lost its time: it stamps 1970 or 2000 (plus its
 * uptime), and a reading from then with today's register would rewrite every meter's series
 * before it. No reading of a meter in the portal predates 2010.
 */
export const READINGS_EARLIEST = '2010-01-01T00:00:00Z';

/**
 * A reading as sent. `at` is any ISO 8601 date-time, with or without an offset: one without is
 * rejected by its index (NO_TIMEZONE), not the whole body. `value` lets a number JSON reads as
 * Infinity (1e400) through, to be rejected by index as OUT_OF_RANGE.
 */
export const ReadingSchema = z.object({
  /** The meter's id as registered (any written form of its M-Bus address) or its UUID. */
  meter: text(),
  at: z.iso.datetime({
    offset: true,
    local: true,
    error: 'at must be an ISO 8601 date-time with an offset (2026-11-22T10:15:00+01:00).',
  }),
  value: z
    .custom<number>((value) => typeof value === 'number' && !Number.isNaN(value), {
      error: 'value must be a number.',
    })
    .meta({ type: 'number', description: "The meter's register (cumulative) in `unit`." }),
  unit: z.enum(READING_UNITS, { error: `unit is one of: ${READING_UNITS.join(', ')}.` }),
});
export type Reading = z.infer<typeof ReadingSchema>;

/** POST /api/ingest/readings, and the payload of an MQTT publish to gateways/{id}/readings. */
export const IngestReadingsSchema = z
  .object({
    readings: z
      .array(ReadingSchema)
      .min(1, { error: 'Send at least one reading.' })
      .max(MAX_READINGS_PER_CALL, {
        error: `Send at most ${MAX_READINGS_PER_CALL} readings a call.`,
      }),
  })
  .meta({ id: 'IngestReadings' });
export type IngestReadings = z.infer<typeof IngestReadingsSchema>;

export const ReadingRejectedSchema = z.object({
  /** The reading's position in `readings`, from 0. */
  index: z.number().int(),
  code: z.enum(READING_REJECTION_CODES),
});

/** The answer, sent only after the accepted readings and their rollups are committed. */
export const IngestResultSchema = z
  .object({
    /** Readings stored by this call. */
    accepted: z.number().int(),
    /** Readings already stored with the same value (or sent twice in this call). */
    duplicates: z.number().int(),
    /** Every other reading, by index, in index order. */
    rejected: z.array(ReadingRejectedSchema),
  })
  .meta({ id: 'IngestResult' });
export type IngestResult = z.infer<typeof IngestResultSchema>;
