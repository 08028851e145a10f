// Statistics of a property or an area (DESIGN §4.4 "Statistics"): the query and the answer of
// GET /api/properties/{propertyId}/statistics and GET /api/areas/{areaId}/statistics, answered
// from the rollups only (docs/telemetry.md). The periods and their buckets: periods.ts.
import { isCalendarDate, PERIODS, RESOLUTIONS } from './periods';
import { text, z } from './zod';

/** What a series can be: a meter type, or `solar`, the production of el meters with role
 * `production` (`el` is then the consumption). */
export const STATISTICS_TYPES = ['heat', 'el', 'hw', 'cw', 'solar'] as const;
export type StatisticsType = (typeof STATISTICS_TYPES)[number];

export const STATISTICS_GROUPINGS = ['type', 'area', 'device'] as const;
export type StatisticsGrouping = (typeof STATISTICS_GROUPINGS)[number];

export const PeriodSchema = z.enum(PERIODS, { error: `period is one of: ${PERIODS.join(', ')}.` });

/** The days a statistics query may name: no reading is older than 2000 (readings.ts refuses it
 * OUT_OF_RANGE), and beyond four-digit years dates stop being `YYYY-MM-DD`. */
export const STATISTICS_FIRST_DATE = '2000-01-01';
export const STATISTICS_LAST_DATE = '2999-12-31';

export const StatisticsQuerySchema = z.object({
  /** The period; `day` if absent. */
  period: PeriodSchema.default('day'),
  /** A day in the period, `YYYY-MM-DD` in the property's time zone; today if absent. */
  date: text()
    .refine(isCalendarDate, { error: 'date is a date, YYYY-MM-DD.', abort: true })
    .refine((date) => date >= STATISTICS_FIRST_DATE && date <= STATISTICS_LAST_DATE, {
      error: `date is a day from ${STATISTICS_FIRST_DATE} to ${STATISTICS_LAST_DATE}.`,
    })
    .optional(),
  /** Comma-separated types (`heat,el`); all if absent or empty. */
  types: text()
    .optional()
    .transform((value, context) => {
      const types = (value ?? '')
        .split(',')
        .map((type) => type.trim())
        .filter(Boolean);
      const unknown = types.filter(
        (type) => !(STATISTICS_TYPES as readonly string[]).includes(type),
      );
      if (unknown.length > 0) {
        context.issues.push({
          code: 'custom',
          input: value,
          message: `types are any of: ${STATISTICS_TYPES.join(', ')}.`,
        });
        return z.NEVER;
      }
      return types.length > 0 ? [...new Set(types as StatisticsType[])] : [...STATISTICS_TYPES];
    }),
  /** One series per type (default), per area or per device. */
  by: z
    .enum(STATISTICS_GROUPINGS, { error: `by is one of: ${STATISTICS_GROUPINGS.join(', ')}.` })
    .default('type'),
});
export type StatisticsQuery = z.input<typeof StatisticsQuerySchema>;

export const StatisticsBucketSchema = z.object({
  /** When the bucket starts, with the property's offset then. */
  start: z.iso.datetime({ offset: true }),
  /** Use in the bucket: Wh for heat, el and solar, litres for hw and cw. */
  value: z.number(),
  /** Holds use interpolated across a gap between readings. */
  estimated: z.boolean(),
  /** Holds generated demo data. */
  simulated: z.boolean(),
});
export type StatisticsBucket = z.infer<typeof StatisticsBucketSchema>;

export const StatisticsSeriesSchema = z.object({
  type: z.enum(STATISTICS_TYPES),
  /** The type, the area's id or the device's id, as `by` asks. */
  key: text(),
  /** The type code (the client translates it); the area's name, or its number when it has none
   * (its type code when it has neither: a client names it from the area `key` gives); the
   * device's name with its id number, `Varmvatten (AXI60001001)`, or the id number alone. */
  label: text(),
  unit: z.enum(['Wh', 'l']),
  /** The sum of the buckets. */
  total: z.number(),
  buckets: z.array(StatisticsBucketSchema),
});
export type StatisticsSeries = z.infer<typeof StatisticsSeriesSchema>;

export const StatisticsSchema = z
  .object({
    period: PeriodSchema,
    /** The window, its first instant and the instant after it, with offsets. */
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    /** The IANA zone the days, months and years are counted in (the property's). */
    timeZone: text(),
    /** What one bucket spans; `total` is the whole window in one. */
    resolution: z.enum(RESOLUTIONS),
    series: z.array(StatisticsSeriesSchema),
    /** Heat and electricity used (roles consumption and household, not production) in the
     * window, Wh. */
    totalEnergyWh: z.number(),
    /** Mean power of those meters in the window's last complete hour, W (0 without readings). */
    totalPowerW: z.number(),
  })
  .meta({ id: 'Statistics' });
export type Statistics = z.infer<typeof StatisticsSchema>;
