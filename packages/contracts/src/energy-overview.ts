// Properties' energy at a glance (SPEC §2 overview and dashboard): GET /api/energy-overview
// ?propertyIds=a,b — for each named property of the caller's organizations, this month's use
// per meter type so far against the same days a year earlier, and the energy class of the last
// 12 months (energy-summary.ts). One call for the whole dashboard; a property the caller cannot
// see is left out, as if it did not exist.
import { ENERGY_CLASSES } from './energy-summary';
import { PRICED_TYPES } from './prices';
import { text, z } from './zod';

/** At most this many properties in one call (the dashboard's first page). */
export const ENERGY_OVERVIEW_MAX_PROPERTIES = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const EnergyOverviewQuerySchema = z.object({
  /** Comma-separated property ids, 1 to ENERGY_OVERVIEW_MAX_PROPERTIES. */
  propertyIds: text().transform((value, context) => {
    const ids = [
      ...new Set(
        value
          .split(',')
          .map((id) => id.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    if (
      ids.length === 0 ||
      ids.length > ENERGY_OVERVIEW_MAX_PROPERTIES ||
      !ids.every((id) => UUID.test(id))
    ) {
      context.issues.push({
        code: 'custom',
        input: value,
        message: `propertyIds are 1 to ${ENERGY_OVERVIEW_MAX_PROPERTIES} property ids, comma-separated.`,
      });
      return z.NEVER;
    }
    return ids;
  }),
});
export type EnergyOverviewQuery = z.input<typeof EnergyOverviewQuerySchema>;

export const MonthUseSchema = z.object({
  type: z.enum([...PRICED_TYPES, 'solar']),
  unit: z.enum(['Wh', 'l']),
  /** This month from its 1st to today, inclusive. */
  thisMonth: z.number(),
  /** The same days a year earlier; null where nothing was recorded then. */
  lastYear: z.number().nullable(),
  /** thisMonth / lastYear − 1 (0.12: 12 % more); null without last year's use. */
  change: z.number().nullable(),
  estimated: z.boolean(),
  simulated: z.boolean(),
});
export type MonthUse = z.infer<typeof MonthUseSchema>;

export const PropertyEnergyGlanceSchema = z.object({
  propertyId: z.uuid(),
  /** This month so far and the same days a year earlier, local dates, `to` exclusive. */
  month: z.object({ from: text(), to: text(), lastYearFrom: text(), lastYearTo: text() }),
  /** The types the property has meters of, heat, el, hw, cw, solar in that order. */
  byType: z.array(MonthUseSchema),
  /** From the last 12 months' energy summary; null where it cannot be given (no Atemp, …). */
  energyClass: z.enum(ENERGY_CLASSES).nullable(),
  primaryEnergyNumber: z.number().nullable(),
});
export type PropertyEnergyGlance = z.infer<typeof PropertyEnergyGlanceSchema>;

export const EnergyOverviewSchema = z
  .object({ properties: z.array(PropertyEnergyGlanceSchema) })
  .meta({ id: 'EnergyOverview' });
export type EnergyOverview = z.infer<typeof EnergyOverviewSchema>;
