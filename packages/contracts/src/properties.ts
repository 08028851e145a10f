// Properties (SPEC §3; DESIGN §4.2, §5): a building or estate of one organization, with what its
// energy figures need (heated floor area Atemp, heating carrier, geographic factor Fgeo).
import { NO_OPEN_ALERTS, OpenAlertCountsSchema } from './alerts';
import { AREA_TYPES, DEVICE_TYPES, HEATING_CARRIERS, PROPERTY_TYPES } from './domain';
import { AddressSchema } from './organizations';
import { PageQuerySchema, SearchQuerySchema } from './paging';
import { text, z } from './zod';

export const DEFAULT_TIME_ZONE = 'Europe/Stockholm';
export const PROPERTY_NAME_MAX_LENGTH = 200;
/** Heated floor area Atemp in m²: greater than 0, at most this. */
export const HEATED_AREA_MAX = 10_000_000;
export const BUILD_YEAR_MIN = 1000;
/** How far ahead of this year a build year may lie (a planned building). */
export const BUILD_YEAR_YEARS_AHEAD = 10;
/** Fgeo (BBR 9:2) lies between these; 1 where unknown. */
export const GEO_FACTOR_MIN = 0.5;
export const GEO_FACTOR_MAX = 3;
export const DEFAULT_GEO_FACTOR = 1;
/**
 * A gateway or meter silent this long is offline (docs/telemetry.md "Alerts"): 3 hours by default;
 * at least 15 minutes (the most frequent regular reporting) and at most a week.
 */
export const DEFAULT_OFFLINE_AFTER_MINUTES = 180;
export const OFFLINE_AFTER_MINUTES_MIN = 15;
export const OFFLINE_AFTER_MINUTES_MAX = 7 * 24 * 60;

/** Any IANA zone the runtime knows ('Europe/Stockholm', 'UTC'). */
export function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

export const PropertyTypeSchema = z.enum(PROPERTY_TYPES, {
  error: `Choose one of: ${PROPERTY_TYPES.join(', ')}.`,
});
export const HeatingCarrierSchema = z.enum(HEATING_CARRIERS, {
  error: `Choose one of: ${HEATING_CARRIERS.join(', ')}.`,
});

/** Areas per type code, every code present (0 when none). */
export const AreaCountsSchema = z.object(
  Object.fromEntries(AREA_TYPES.map((type) => [type, z.number().int().nonnegative()])) as Record<
    (typeof AREA_TYPES)[number],
    z.ZodNumber
  >,
);
export type AreaCounts = z.infer<typeof AreaCountsSchema>;

/** Devices per type code, every code present (0 when none). */
export const DeviceCountsSchema = z.object(
  Object.fromEntries(DEVICE_TYPES.map((type) => [type, z.number().int().nonnegative()])) as Record<
    (typeof DEVICE_TYPES)[number],
    z.ZodNumber
  >,
);
export type DeviceCounts = z.infer<typeof DeviceCountsSchema>;

export const PropertySchema = z
  .object({
    id: z.uuid(),
    name: text(),
    organizationId: z.uuid(),
    organizationName: text(),
    address: text(),
    propertyType: PropertyTypeSchema,
    /** Heated floor area Atemp in m² (BBR); null until known. */
    heatedArea: z.number().nullable(),
    buildYear: z.number().int().nullable(),
    timeZone: text(),
    heatingCarrier: HeatingCarrierSchema,
    /** Geographic adjustment factor Fgeo (BBR 9:2), by municipality; 1 where unknown. */
    geoFactor: z.number(),
    /** A gateway or meter silent this many minutes is offline. The default stands in for an
     * answer cached before the field existed. */
    offlineAfterMinutes: z.number().int().default(DEFAULT_OFFLINE_AFTER_MINUTES),
    areaCounts: AreaCountsSchema,
    deviceCounts: DeviceCountsSchema,
    /** Devices with an open alert, per kind (the dashboard's "needs attention"). */
    openAlerts: OpenAlertCountsSchema.default(NO_OPEN_ALERTS),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Property' });
export type Property = z.infer<typeof PropertySchema>;

const OFFLINE_AFTER_RANGE_MESSAGE = `A device counts as offline after ${OFFLINE_AFTER_MINUTES_MIN} to ${OFFLINE_AFTER_MINUTES_MAX} minutes of silence.`;
const GEO_FACTOR_RANGE_MESSAGE = `The geographic adjustment factor must be between ${GEO_FACTOR_MIN} and ${GEO_FACTOR_MAX}.`;

const currentYear = () => new Date().getFullYear();

/** POST /api/properties; PUT /api/properties/{id} sends the whole property. */
export const CreatePropertySchema = z.object({
  name: text()
    .trim()
    .min(1, { error: 'Enter a name.' })
    .max(PROPERTY_NAME_MAX_LENGTH, {
      error: `The name must be at most ${PROPERTY_NAME_MAX_LENGTH} characters long.`,
    }),
  organizationId: z.uuid({ error: 'Choose an organization.' }),
  address: AddressSchema.default(''),
  propertyType: PropertyTypeSchema,
  heatedArea: z
    .number({ error: 'The heated floor area must be a number.' })
    .positive({ error: 'The heated floor area must be greater than 0 m².' })
    .max(HEATED_AREA_MAX, { error: 'The heated floor area must be at most 10 000 000 m².' })
    .nullable()
    .default(null),
  buildYear: z
    .number({ error: 'The build year must be a number.' })
    .int({ error: 'The build year must be a whole year.' })
    .min(BUILD_YEAR_MIN, { error: `The build year must be ${BUILD_YEAR_MIN} or later.` })
    .refine((year) => year <= currentYear() + BUILD_YEAR_YEARS_AHEAD, {
      error: 'The build year is too far in the future.',
    })
    .nullable()
    .default(null),
  timeZone: text()
    .max(64)
    .refine(isTimeZone, { error: 'Choose a valid time zone.' })
    .default(DEFAULT_TIME_ZONE),
  heatingCarrier: HeatingCarrierSchema.default('district-heating'),
  geoFactor: z
    .number({ error: 'The geographic adjustment factor must be a number.' })
    .min(GEO_FACTOR_MIN, { error: GEO_FACTOR_RANGE_MESSAGE })
    .max(GEO_FACTOR_MAX, { error: GEO_FACTOR_RANGE_MESSAGE })
    .default(DEFAULT_GEO_FACTOR),
  offlineAfterMinutes: z
    .number({ error: 'The offline threshold must be a number of minutes.' })
    .int({ error: 'The offline threshold must be a whole number of minutes.' })
    .min(OFFLINE_AFTER_MINUTES_MIN, { error: OFFLINE_AFTER_RANGE_MESSAGE })
    .max(OFFLINE_AFTER_MINUTES_MAX, { error: OFFLINE_AFTER_RANGE_MESSAGE })
    .default(DEFAULT_OFFLINE_AFTER_MINUTES),
});
export type CreateProperty = z.input<typeof CreatePropertySchema>;

export const UpdatePropertySchema = CreatePropertySchema;
export type UpdateProperty = z.input<typeof UpdatePropertySchema>;

/** Pages of properties by name; `q` looks in the name, the address and the organization's name;
 * `alerts=open` keeps those with a device offline or a possible leak (the dashboard's). */
export const PropertyListQuerySchema = PageQuerySchema.extend({
  organizationId: z.uuid({ error: 'organizationId must be a UUID.' }).optional(),
  q: SearchQuerySchema,
  alerts: z.enum(['open'], { error: "alerts must be 'open'." }).optional(),
});
