// A property's energy figures (DESIGN §4.4 "Energy views", §5 "Energy figures"): GET
// /api/properties/{propertyId}/energy-summary for a calendar year or the last 12 months — total
// energy demand, average energy use per m² Atemp, the primary energy number with the weighting
// factors and Fgeo of a named, versioned rule set, the energy class A–G against the requirement
// for the building type, and how complete the metered data is. An estimate from metered data, not
// normal-year corrected and not an energy declaration. How it is computed: docs/energy.md.
import { HEATING_CARRIERS, PROPERTY_TYPES } from './domain';
import { text, z } from './zod';

/** The years an energy view may name (readings older than 2000 are refused at ingest). */
export const ENERGY_FIRST_YEAR = 2000;
export const ENERGY_LAST_YEAR = 2999;

/** `last12Months`: the 12 whole months before the current one. */
export const LAST_12_MONTHS = 'last12Months';

/**
 * `?year=2025` for a calendar year, `?year=last12Months` (the default) for the 12 whole months
 * before the current one, in the property's time zone.
 */
export const EnergyYearQuerySchema = z.object({
  year: z
    .union(
      [
        z.literal(LAST_12_MONTHS),
        z.coerce
          .number({ error: `year is a year or ${LAST_12_MONTHS}.` })
          .int({ error: `year is a year or ${LAST_12_MONTHS}.` })
          .min(ENERGY_FIRST_YEAR, { error: `year is from ${ENERGY_FIRST_YEAR}.` })
          .max(ENERGY_LAST_YEAR, { error: `year is at most ${ENERGY_LAST_YEAR}.` }),
      ],
      // What neither branch takes (`2025.5`, `lastYear`) is named too, not zod's "Invalid input".
      { error: `year is a year or ${LAST_12_MONTHS}.` },
    )
    .default(LAST_12_MONTHS),
});
export type EnergyYearQuery = z.input<typeof EnergyYearQuerySchema>;

export const ENERGY_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type EnergyClass = (typeof ENERGY_CLASSES)[number];

/**
 * What a share of delivered energy is for, as BBR's formula separates it: heating (divided by
 * Fgeo), hot water (its heat, inside the heat meters' reading, told apart by the rule set's kWh
 * per m³ of metered hot water), and the property's electricity (net of the solar it covers).
 */
export const ENERGY_PURPOSES = ['heating', 'hotWater', 'property'] as const;
export type EnergyPurpose = (typeof ENERGY_PURPOSES)[number];

/** The carriers of BBR 9:2's weighting factors: the heating carriers, and electricity. */
export const ENERGY_CARRIERS = [
  'district-heating',
  'electricity',
  'biofuel',
  'oil',
  'gas',
  'district-cooling',
] as const;
export type EnergyCarrier = (typeof ENERGY_CARRIERS)[number];

/** A rule set as the answer names it: data with a name and a validity, never code. */
export const EnergyRuleSetSchema = z.object({
  /** Stable id: `bbr-29-31`. */
  id: text(),
  /** What the screen shows: `BBR 29–31`. */
  name: text(),
  /** The regulations it stands for: `BFS 2011:6 as amended by BFS 2020:4 … BFS 2024:14`. */
  reference: text(),
  /** The first and last day it applies to (`YYYY-MM-DD`); null where open. */
  validFrom: text().nullable(),
  validTo: text().nullable(),
});
export type EnergyRuleSet = z.infer<typeof EnergyRuleSetSchema>;

export const EnergyCarrierShareSchema = z.object({
  carrier: z.enum(ENERGY_CARRIERS),
  purpose: z.enum(ENERGY_PURPOSES),
  /** Delivered energy in the window, kWh. */
  energyKwh: z.number(),
  /** Divided by the property's Fgeo (heating only). */
  geoFactorApplied: z.boolean(),
  /** The rule set's weighting factor for the carrier (energy-weighted where it changed within
   * the window, e.g. electricity 1.6 → 1.8 on 2020-09-01). */
  weightingFactor: z.number(),
  /** energyKwh (÷ Fgeo where applied) × weightingFactor. */
  weightedKwh: z.number(),
});
export type EnergyCarrierShare = z.infer<typeof EnergyCarrierShareSchema>;

/** One step of the class scale: the class, and the most EP may be as a share of the requirement
 * (A ≤ 0.5, … F ≤ 2.35; G has null: above). */
export const EnergyClassStepSchema = z.object({
  energyClass: z.enum(ENERGY_CLASSES),
  upToShare: z.number().nullable(),
});

/** Why a figure could not be given. */
export const ENERGY_SUMMARY_GAPS = [
  /** No heated floor area Atemp: nothing per m², no EP, no class (the screen links to the form). */
  'NO_HEATED_AREA',
  /** The building type has no EP requirement in the rule set (a small house, `other`). */
  'NO_REQUIREMENT',
  /** No meter measures the heating carrier's energy (heat meters; with electric heating the
   * building's el meters): no EP and no class, which the rest alone would flatter. */
  'NO_METERS',
] as const;

export const EnergySummarySchema = z
  .object({
    /** The calendar year; null for the last 12 months. */
    year: z.number().int().nullable(),
    /** The window, local dates in the property's time zone, `to` exclusive. */
    from: text(),
    to: text(),
    timeZone: text(),
    propertyType: z.enum(PROPERTY_TYPES),
    heatingCarrier: z.enum(HEATING_CARRIERS),
    /** Atemp, m²; null until known. */
    heatedArea: z.number().nullable(),
    /** Fgeo as the property holds it. */
    geoFactor: z.number(),
    ruleSet: EnergyRuleSetSchema,
    /** Delivered energy counted in the window, kWh: heat meters (not for electric heating, whose
     * heat meters measure heat the pump made) and the building's electricity net of solar. */
    totalEnergyDemandKwh: z.number(),
    /** totalEnergyDemandKwh / Atemp; null without Atemp. */
    averageEnergyUseKwhPerM2: z.number().nullable(),
    /** EP, kWh/m² Atemp/year; null without Atemp or without a meter of the heating carrier
     * (gap NO_METERS). */
    primaryEnergyNumber: z.number().nullable(),
    /** Null without EP (no Atemp, NO_METERS) or without a requirement. */
    energyClass: z.enum(ENERGY_CLASSES).nullable(),
    /** The requirement EP is measured against (kWh/m² Atemp/year); null where none applies. */
    requirement: z
      .object({ kwhPerM2: z.number(), propertyType: z.enum(PROPERTY_TYPES) })
      .nullable(),
    /** The class scale of the rule set, A first. */
    classScale: z.array(EnergyClassStepSchema),
    byCarrier: z.array(EnergyCarrierShareSchema),
    /** What was metered but left out or netted, kWh. */
    excluded: z.object({
      /** Flats' electricity (el meters with role household): not in EP. */
      householdElectricityKwh: z.number(),
      /** Solar produced, the part of it that covered the building's own use hour by hour, and the
       * rest (exported or unused), which does not count. */
      solarProductionKwh: z.number(),
      solarOwnUseKwh: z.number(),
      solarSurplusKwh: z.number(),
    }),
    coverage: z.object({
      /** The window as above. */
      from: text(),
      to: text(),
      days: z.number().int(),
      /** Days of the window on which a counted meter has no use recorded at all, days not yet
       * come included (a year still running is incomplete). */
      missingDays: z.number().int(),
      /** The share of the counted energy interpolated across gaps (0–1). */
      estimatedShare: z.number(),
      /** The share of it generated demo data (0–1). */
      simulatedShare: z.number(),
    }),
    gaps: z.array(z.enum(ENERGY_SUMMARY_GAPS)),
  })
  .meta({ id: 'EnergySummary' });
export type EnergySummary = z.infer<typeof EnergySummarySchema>;
