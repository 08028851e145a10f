// Solar production of a property (DESIGN §4.4 "Energy views"): GET
// /api/properties/{propertyId}/solar?period=&date= — what its production meters (el, role
// production) gave per bucket of a statistics period, against the same period a year earlier,
// how much of the building's own electricity it covered hour by hour, and the best day.

import { RESOLUTIONS } from './periods';
import { PeriodSchema, StatisticsQuerySchema, StatisticsSeriesSchema } from './statistics';
import { text, z } from './zod';

export const SolarQuerySchema = StatisticsQuerySchema.pick({ period: true, date: true });
export type SolarQuery = z.input<typeof SolarQuerySchema>;

export const SolarSchema = z
  .object({
    period: PeriodSchema,
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    timeZone: text(),
    resolution: z.enum(RESOLUTIONS),
    /** The property's production meters; 0 means none (the screen says how to add one). */
    productionMeters: z.number().int(),
    /** Wh produced in the window. Of a window still running this and the building's use, own use,
     * share and the `solar` and `covered` series run to `until` (its complete hours). */
    productionWh: z.number(),
    /** A window still running: the start of the current hour, where its figures stop; null for a
     * window that is over, has not begun, or is lifetime. */
    until: z.iso.datetime({ offset: true }).nullable(),
    /** Wh produced in the same window a year earlier — of a window still running, only as far
     * in: as many days and to the same local time (`lastYearUntil`). Null for lifetime. The
     * `solarLastYear` series is the whole window still. */
    lastYearProductionWh: z.number().nullable(),
    /** Where `lastYearProductionWh` stops when the window is still running; null otherwise. */
    lastYearUntil: z.iso.datetime({ offset: true }).nullable(),
    /** Wh of the building's own electricity (el, role consumption) in the window. */
    buildingUseWh: z.number(),
    /** Wh of it the production covered, hour by hour (the least of the two in each hour). */
    ownUseCoveredWh: z.number(),
    /** ownUseCoveredWh / buildingUseWh (0–1); null without building use. */
    coveredShare: z.number().nullable(),
    /** The day with the most production in the window; null without any. */
    bestDay: z.object({ date: text(), productionWh: z.number() }).nullable(),
    /**
     * Statistics series of the window (`key` `solar`: production; `solarLastYear`: the same
     * buckets a year earlier, starts as this window's; `covered`: own use covered).
     */
    series: z.array(StatisticsSeriesSchema),
  })
  .meta({ id: 'Solar' });
export type Solar = z.infer<typeof SolarSchema>;
