// Data export (DESIGN §4.4 "Export", SPEC §3 "Data export record"): a property's metered use as an
// Excel or CSV file, built as a job and kept 30 days. The rows' grain follows the optional
// fields: per meter when the meter's id or register is asked for, else per area when the area is,
// else one row per time bucket for everything chosen (the statistics API's `by` device, area,
// type). Decisions: docs/export.md.
import { AREA_TYPES, LANGUAGES } from './domain';
import { STATISTICS_TYPES } from './statistics';
import { text, z } from './zod';

export const EXPORT_STYLES = ['xlsx', 'csv'] as const;
export type ExportStyle = (typeof EXPORT_STYLES)[number];

export const EXPORT_RESOLUTIONS = ['hour', 'day', 'month'] as const;
export type ExportResolution = (typeof EXPORT_RESOLUTIONS)[number];

/**
 * Optional columns: the area's name and number, the meter's id, its register at the bucket's end,
 * and whether the bucket's use was estimated (a gap) or simulated (demo data).
 */
export const EXPORT_FIELDS = ['area', 'device', 'register', 'estimated', 'simulated'] as const;
export type ExportField = (typeof EXPORT_FIELDS)[number];

export const EXPORT_STATUSES = ['pending', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** Days a file is kept after it was asked for; then the export and its file are removed. */
export const EXPORT_KEPT_DAYS = 30;
/** The longest window one export spans (whole local dates, from and to included): five years, what
 * an energy declaration or a board compares at most. */
export const EXPORT_MAX_DAYS = 5 * 366;
/** Most areas one export names (more: choose all). */
export const EXPORT_MAX_AREAS = 5000;

/** The grain of the rows, from the fields asked for (see the module's comment). */
export function exportGrain(fields: readonly ExportField[]): 'device' | 'area' | 'total' {
  if (fields.includes('device') || fields.includes('register')) return 'device';
  return fields.includes('area') ? 'area' : 'total';
}

const localDate = (what: string) =>
  text().regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${what} must be a date (YYYY-MM-DD).` });

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** POST /api/properties/{propertyId}/exports. */
export const CreateExportSchema = z
  .object({
    /** The areas whose meters are exported; empty: every area of the property. */
    areas: z
      .array(z.uuid({ error: 'An area is named by its id.' }), {
        error: 'areas must be a list of area ids.',
      })
      .max(EXPORT_MAX_AREAS, {
        error: `Choose at most ${EXPORT_MAX_AREAS} areas, or all of them.`,
      })
      .default([]),
    /** Only areas of these types (with `areas` too: the named areas of these types); empty: any. */
    areaTypes: z
      .array(z.enum(AREA_TYPES, { error: `An area type is one of: ${AREA_TYPES.join(', ')}.` }))
      .max(AREA_TYPES.length, { error: 'An area type is named once.' })
      .refine((types) => new Set(types).size === types.length, {
        error: 'An area type is named once.',
      })
      .default([]),
    /** First local date of the window, in the property's time zone. */
    from: localDate('The first date').refine(isRealDate, { error: 'The first date is no date.' }),
    /** Last local date of the window (included). */
    to: localDate('The last date').refine(isRealDate, { error: 'The last date is no date.' }),
    types: z
      .array(
        z.enum(STATISTICS_TYPES, { error: `A type is one of: ${STATISTICS_TYPES.join(', ')}.` }),
      )
      .min(1, { error: 'Choose at least one type.' })
      .max(STATISTICS_TYPES.length, { error: 'A type is named once.' })
      .refine((types) => new Set(types).size === types.length, {
        error: 'A type is named once.',
      }),
    style: z.enum(EXPORT_STYLES, { error: 'The style is xlsx or csv.' }),
    resolution: z.enum(EXPORT_RESOLUTIONS, { error: 'The resolution is hour, day or month.' }),
    fields: z
      .array(z.enum(EXPORT_FIELDS, { error: `A field is one of: ${EXPORT_FIELDS.join(', ')}.` }))
      .max(EXPORT_FIELDS.length, { error: 'A field is named once.' })
      .refine((fields) => new Set(fields).size === fields.length, {
        error: 'A field is named once.',
      })
      .default([]),
    /** The language of the file's headers and numbers; the caller's own when left out. */
    language: z.enum(LANGUAGES, { error: 'The language is sv or en.' }).optional(),
  })
  .refine((body) => body.from <= body.to, {
    error: 'The last date cannot be before the first.',
    path: ['to'],
  })
  .refine((body) => daysBetween(body.from, body.to) < EXPORT_MAX_DAYS, {
    error: `An export spans at most ${EXPORT_MAX_DAYS} days.`,
    path: ['to'],
  });
export type CreateExport = z.input<typeof CreateExportSchema>;

/** An export as its history and its own call show it. */
export const ExportSchema = z
  .object({
    id: z.uuid(),
    propertyId: z.uuid(),
    /** The areas chosen; empty: all (of `areaTypes`). */
    areas: z.array(z.uuid()),
    areaTypes: z.array(z.enum(AREA_TYPES)),
    /** The first few chosen areas as they are now, for the history to name (areas gone since are
     * left out; an area without a name of its own is named by its type and number); empty when
     * all were chosen. */
    chosenAreas: z.array(
      z.object({ name: text(), areaType: z.enum(AREA_TYPES), number: z.number().int().nullable() }),
    ),
    from: text(),
    to: text(),
    types: z.array(z.enum(STATISTICS_TYPES)),
    style: z.enum(EXPORT_STYLES),
    resolution: z.enum(EXPORT_RESOLUTIONS),
    fields: z.array(z.enum(EXPORT_FIELDS)),
    language: z.enum(LANGUAGES),
    status: z.enum(EXPORT_STATUSES),
    /** How far the file is built, 0–1 (1 when ready). */
    progress: z.number(),
    /** Where the file is downloaded from, while it is ready; null otherwise. */
    url: text().nullable(),
    /** The file's name, when ready. */
    fileName: text().nullable(),
    /** Its size in bytes, when ready. */
    size: z.number().int().nullable(),
    /** When it was asked for. */
    time: z.iso.datetime({ offset: true }),
    /** Who asked for it (null when that account is gone). */
    userId: z.uuid().nullable(),
    userName: text().nullable(),
    userEmail: text().nullable(),
    /** Data rows in the file (headers not counted), when ready. */
    rows: z.number().int().nullable(),
    /** When the file is removed. */
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Export' });
export type Export = z.infer<typeof ExportSchema>;
