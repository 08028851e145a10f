// A meter replacement recorded by a site manager (DESIGN §5 "Telemetry", docs/telemetry.md): the
// old meter's final register and the new meter's first, at the time of the exchange. Use across
// the exchange is then (oldFinal − the last reading before) + (the first reading after − newFirst):
// no negative use, no spike, nothing lost. The device keeps its id (the new meter is registered
// under the same device, as on site the new meter takes the old one's place and label).
import { READING_UNITS, type ReadingUnit } from './readings';
import { text, z } from './zod';

/** The largest register a meter's display shows (nine digits before the decimal point). */
export const READING_DISPLAY_MAX = 999_999_999;

export const MeterReplacementBodySchema = z
  .object({
    /** When the old meter came out (its final register) and the new went in (its first). */
    at: z.iso.datetime({
      offset: true,
      error: 'at must be an ISO 8601 date-time with an offset (2026-11-22T10:15:00+01:00).',
    }),
    oldFinal: z
      .number({ error: "The old meter's final reading must be a number." })
      .nonnegative({ error: "The old meter's final reading cannot be negative." })
      // No meter's display shows more; larger is a slip of the unit (and could overflow in Wh).
      .max(READING_DISPLAY_MAX, {
        error: "The old meter's final reading is larger than any meter shows.",
      }),
    newFirst: z
      .number({ error: "The new meter's first reading must be a number." })
      .nonnegative({ error: "The new meter's first reading cannot be negative." })
      // No meter's display shows more; larger is a slip of the unit (and could overflow in Wh).
      .max(READING_DISPLAY_MAX, {
        error: "The new meter's first reading is larger than any meter shows.",
      }),
    /** The unit of both readings, as on the meters' displays. */
    unit: z.enum(READING_UNITS, { error: `unit is one of: ${READING_UNITS.join(', ')}.` }),
  })
  .meta({ id: 'MeterReplacementBody' });
export type MeterReplacementBody = z.infer<typeof MeterReplacementBodySchema>;

/** A recorded replacement; the readings in the portal's units (Wh for heat and el, litres for water). */
export const MeterReplacementSchema = z
  .object({
    id: z.uuid(),
    deviceId: z.uuid(),
    at: z.iso.datetime({ offset: true }),
    oldFinal: z.number(),
    newFirst: z.number(),
    /** Wh or l. */
    unit: z.enum(['Wh', 'l']),
    /** Who recorded it ('' when their account is gone). */
    userEmail: text(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'MeterReplacement' });
export type MeterReplacement = z.infer<typeof MeterReplacementSchema>;

/** POST /api/devices/{deviceId}/meter-replacements → 201. */
export const MeterReplacementCreatedSchema = z
  .object({ replacement: MeterReplacementSchema })
  .meta({ id: 'MeterReplacementCreated' });
export type MeterReplacementCreated = z.infer<typeof MeterReplacementCreatedSchema>;

/** GET /api/devices/{deviceId}/meter-replacements: newest first. */
export const MeterReplacementListSchema = z
  .object({ replacements: z.array(MeterReplacementSchema) })
  .meta({ id: 'MeterReplacementList' });

/** The units a site manager may enter a replacement's readings in, per quantity (display units first). */
export const REPLACEMENT_UNITS = {
  energy: ['kWh', 'MWh', 'Wh', 'GJ'],
  volume: ['m3', 'l'],
} as const satisfies Record<'energy' | 'volume', readonly ReadingUnit[]>;
