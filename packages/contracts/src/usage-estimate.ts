// The usage estimate (DESIGN §4.4 "Energy views"): GET /api/properties/{propertyId}/usage-estimate
// — per meter type, the use of the year (or of a month) so far, projected to its end from last
// year's profile with a band, last year's use, and what it costs at the property's prices
// (prices.ts). How the projection is made: docs/energy.md "Usage estimate".
import { ENERGY_FIRST_YEAR, ENERGY_LAST_YEAR } from './energy-summary';
import { PRICED_TYPES } from './prices';
import { text, z } from './zod';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `?year=2026` (default: this year) or `?month=2026-11`, in the property's time zone. */
export const UsageEstimateQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'year is a year.' })
    .int({ error: 'year is a year.' })
    .min(ENERGY_FIRST_YEAR, { error: `year is from ${ENERGY_FIRST_YEAR}.` })
    .max(ENERGY_LAST_YEAR, { error: `year is at most ${ENERGY_LAST_YEAR}.` })
    .optional(),
  month: text()
    .regex(MONTH, { error: 'month is a month, YYYY-MM.' })
    .refine(
      (month) =>
        Number(month.slice(0, 4)) >= ENERGY_FIRST_YEAR &&
        Number(month.slice(0, 4)) <= ENERGY_LAST_YEAR,
      { error: `month is a month from ${ENERGY_FIRST_YEAR} to ${ENERGY_LAST_YEAR}.` },
    )
    .optional(),
});
export type UsageEstimateQuery = z.input<typeof UsageEstimateQuerySchema>;

/** A figure with its band: the projection, and the lowest and highest it is likely to be. */
export const ProjectionSchema = z.object({ value: z.number(), low: z.number(), high: z.number() });

/** Kronor: what the use costs at the prices (the fixed part per month included). */
export const CostSchema = z.object({
  toDate: z.number(),
  projected: ProjectionSchema,
  lastYear: z.number().nullable(),
});

export const UsageEstimateBucketSchema = z.object({
  /** The bucket's first local date (a month's 1st for a year, a day for a month). */
  start: text(),
  /** Measured use; null for a bucket not yet come. */
  actual: z.number().nullable(),
  /** Projected use for a bucket with days still to project — days to come, or measured days
   * without a rollup row (a gap) — added to what was measured in it; null for a bucket wholly
   * measured. */
  projected: ProjectionSchema.nullable(),
  /** Use of the same bucket a year earlier; null where none was recorded. */
  lastYear: z.number().nullable(),
  estimated: z.boolean(),
  simulated: z.boolean(),
});

export const UsageEstimateTypeSchema = z.object({
  type: z.enum(PRICED_TYPES),
  /** Wh for heat and el, litres for water, as statistics. */
  unit: z.enum(['Wh', 'l']),
  /** Use from the start of the window to the start of today (complete days). */
  toDate: z.number(),
  /** The window's use at its end. */
  projected: ProjectionSchema,
  /** The whole window a year earlier; null where nothing was recorded. */
  lastYear: z.number().nullable(),
  /** How the projection was made: from last year's profile, or (without one) from the rate so
   * far, with a wider band. */
  method: z.enum(['lastYearProfile', 'rateSoFar', 'none']),
  /** Null where the type has no price. */
  cost: CostSchema.nullable(),
  buckets: z.array(UsageEstimateBucketSchema),
});
export type UsageEstimateType = z.infer<typeof UsageEstimateTypeSchema>;

export const UsageEstimateSchema = z
  .object({
    /** The window: a year or a month, local dates, `to` exclusive. */
    period: z.enum(['year', 'month']),
    from: text(),
    to: text(),
    /** The day up to which use is measured (exclusive): today, or the window's end if over. */
    toDate: text(),
    timeZone: text(),
    currency: z.literal('SEK'),
    /** The meter types the property has, heat, el, hw, cw in that order. */
    types: z.array(UsageEstimateTypeSchema),
    /** The sum of the types' costs; null where none has a price. */
    totalCost: CostSchema.nullable(),
  })
  .meta({ id: 'UsageEstimate' });
export type UsageEstimate = z.infer<typeof UsageEstimateSchema>;
