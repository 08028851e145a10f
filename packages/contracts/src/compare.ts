// Comparisons of a property (DESIGN §4.4 "Energy views"): GET
// /api/properties/{propertyId}/compare?kind=… answers series in the statistics shape —
//   areas:      the property's areas against each other for one type, per m² of floor area where
//               every ranked area has one, ranked, with the median;
//   periods:    the period against the same period a year earlier, or the one before it;
//   properties: the organization's properties against each other per m² Atemp;
//   main:       a type's main meter against the sum of the property's other meters of that type,
//               and the difference (a leak in the pipes, a meter missing from the list).

import { AREA_TYPES } from './domain';
import { RESOLUTIONS } from './periods';
import {
  PeriodSchema,
  STATISTICS_TYPES,
  StatisticsQuerySchema,
  StatisticsSeriesSchema,
} from './statistics';
import { text, z } from './zod';

export const COMPARE_KINDS = ['areas', 'periods', 'properties', 'main'] as const;
export type CompareKind = (typeof COMPARE_KINDS)[number];

/** What a period is compared against: the same period a year earlier, or the one before it. */
export const COMPARE_AGAINST = ['lastYear', 'previous'] as const;

/** The types a comparison can be of: one meter type (solar is production). */
export const COMPARE_TYPES = ['heat', 'el', 'hw', 'cw', 'solar'] as const;

export const CompareQuerySchema = StatisticsQuerySchema.pick({ period: true, date: true }).extend({
  kind: z.enum(COMPARE_KINDS, { error: `kind is one of: ${COMPARE_KINDS.join(', ')}.` }),
  /** areas, properties, main: the one type compared (default heat); periods: ignored (all). */
  type: z
    .enum(COMPARE_TYPES, { error: `type is one of: ${COMPARE_TYPES.join(', ')}.` })
    .default('heat'),
  /** areas: only areas of this type (apartments' hot water). */
  areaType: z
    .enum(AREA_TYPES, { error: `areaType is one of: ${AREA_TYPES.join(', ')}.` })
    .optional(),
  /** periods: what the period is compared against (default lastYear). */
  against: z
    .enum(COMPARE_AGAINST, { error: `against is one of: ${COMPARE_AGAINST.join(', ')}.` })
    .default('lastYear'),
});
export type CompareQuery = z.input<typeof CompareQuerySchema>;

/** One entry of a ranking (areas, properties): highest first. */
export const RankedSchema = z.object({
  /** The series' key: an area's or a property's id. */
  key: text(),
  label: text(),
  /** Use in the window, in the series' unit. */
  total: z.number(),
  /** The floor area (areas) or Atemp (properties) it is divided by; null where unknown. */
  squareMetres: z.number().nullable(),
  /** total / squareMetres; null where unknown. */
  perSquareMetre: z.number().nullable(),
  /** What it is ranked by (perSquareMetre where `basis` says so, else total) against the median:
   * 1.0 is the median, 2.0 twice it. Null where the median is 0 or unknown. */
  ofMedian: z.number().nullable(),
  estimated: z.boolean(),
  simulated: z.boolean(),
});

export const CompareSchema = z
  .object({
    kind: z.enum(COMPARE_KINDS),
    period: PeriodSchema,
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    timeZone: text(),
    resolution: z.enum(RESOLUTIONS),
    /** The type compared (periods: all types are in the series). */
    type: z.enum(COMPARE_TYPES),
    /**
     * areas: one series per area; periods: per type the window's (`key` the type) and the other
     * window's (`key` `{type}:lastYear` or `{type}:previous`, its buckets starting at the other
     * window's starts); properties: one per property; main: `main`, `others` and `difference`
     * (main − others, never hidden when negative).
     */
    series: z.array(StatisticsSeriesSchema),
    /** periods: the other window. */
    against: z
      .object({
        kind: z.enum(COMPARE_AGAINST),
        from: z.iso.datetime({ offset: true }),
        to: z.iso.datetime({ offset: true }),
        /**
         * A window still running (this month so far): each type's use in both windows only as far
         * as this one has come — to `until`, the start of the current hour — and in the other
         * window as many days in and to the same time of day (`otherUntil`). These totals, not
         * the series' (a part against a whole), are what the two windows compare by. Null when
         * the window is over.
         */
        toDate: z
          .object({
            until: z.iso.datetime({ offset: true }),
            otherUntil: z.iso.datetime({ offset: true }),
            byType: z.array(
              z.object({
                type: z.enum(STATISTICS_TYPES),
                /** Wh or litres, as the type's series. */
                total: z.number(),
                otherTotal: z.number(),
              }),
            ),
          })
          .nullable(),
      })
      .nullable(),
    /** areas and properties: ranked, highest first; by per m² where every one has an area. */
    ranking: z.array(RankedSchema).nullable(),
    basis: z.enum(['perSquareMetre', 'total']).nullable(),
    /** The median of what the ranking is by. */
    median: z.number().nullable(),
    /** main: the main meters compared (0: none marked; the screen says how to mark one). */
    mainMeters: z.number().int().nullable(),
  })
  .meta({ id: 'Compare' });
export type Compare = z.infer<typeof CompareSchema>;
