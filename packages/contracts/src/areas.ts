// Areas inside a property (SPEC §3; DESIGN §4.2, §5): apartments and shared rooms, created one by
// one or as a numbered range.
import { AREA_TYPES } from './domain';
import { PageQuerySchema, SearchQuerySchema } from './paging';
import { text, z } from './zod';

/** DESIGN §5: at most this many areas in one range. */
export const MAX_AREAS_AT_ONCE = 500;
export const MAX_AREA_NUMBER = 99_999_999;
export const AREA_NAME_MAX_LENGTH = 200;
export const AREA_NAME_PREFIX_MAX_LENGTH = 100;
/** An area's floor area in m²: greater than 0, at most this. */
export const FLOOR_AREA_MAX = 1_000_000;
/** A property's areas come in one answer (DESIGN §4.2 bounds what it does not paginate). */
export const MAX_AREAS_PER_PROPERTY = 5000;
/** The 409 text when a property would pass MAX_AREAS_PER_PROPERTY; the web app recognises it. */
export const TOO_MANY_AREAS_MESSAGE = `A property can have at most ${MAX_AREAS_PER_PROPERTY} areas.`;

export const AreaTypeSchema = z.enum(AREA_TYPES, {
  error: `Choose one of: ${AREA_TYPES.join(', ')}.`,
});

export const AreaSchema = z
  .object({
    id: z.uuid(),
    propertyId: z.uuid(),
    organizationId: z.uuid(),
    /** May be empty: the portal then names the area by its type and number. */
    name: text(),
    areaType: AreaTypeSchema,
    /** Unique within the property; null for an area without a number. */
    number: z.number().int().nullable(),
    /** Floor area in m²; null until known. */
    floorArea: z.number().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Area' });
export type Area = z.infer<typeof AreaSchema>;

const AreaNumberSchema = z
  .number({ error: 'The number must be a whole number.' })
  .int({ error: 'The number must be a whole number.' })
  .min(0, { error: 'The number must be 0 or greater.' })
  .max(MAX_AREA_NUMBER, { error: `The number must be at most ${MAX_AREA_NUMBER}.` });

const AreaNameSchema = text()
  .trim()
  .max(AREA_NAME_MAX_LENGTH, {
    error: `The name must be at most ${AREA_NAME_MAX_LENGTH} characters long.`,
  });

const FloorAreaSchema = z
  .number({ error: 'The floor area must be a number.' })
  .positive({ error: 'The floor area must be greater than 0 m².' })
  .max(FLOOR_AREA_MAX, { error: 'The floor area must be at most 1 000 000 m².' })
  .nullable()
  .default(null);

/** POST /api/properties/{propertyId}/areas; PUT /api/areas/{areaId} sends the whole area. An
 * area needs a name or a number to be told apart. */
export const CreateAreaSchema = z
  .object({
    name: AreaNameSchema.default(''),
    areaType: AreaTypeSchema,
    number: AreaNumberSchema.nullable().default(null),
    floorArea: FloorAreaSchema,
  })
  .refine((area) => area.name !== '' || area.number !== null, {
    error: 'Enter a name or a number.',
    path: ['name'],
  });
export type CreateArea = z.input<typeof CreateAreaSchema>;

export const UpdateAreaSchema = CreateAreaSchema;
export type UpdateArea = z.input<typeof UpdateAreaSchema>;

/** POST /api/properties/{propertyId}/areas/bulk: one area per number from `from` to `to`
 * inclusive, all or none (DESIGN §5). `namePrefix` + number names each ('Lgh ' → 'Lgh 1001'). */
export const CreateAreasSchema = z
  .object({
    areaType: AreaTypeSchema,
    from: AreaNumberSchema,
    to: AreaNumberSchema,
    namePrefix: text()
      .max(AREA_NAME_PREFIX_MAX_LENGTH, {
        error: `The name prefix must be at most ${AREA_NAME_PREFIX_MAX_LENGTH} characters long.`,
      })
      .default(''),
    floorArea: FloorAreaSchema,
  })
  .refine((range) => range.from <= range.to, {
    error: "'From' must not be greater than 'to'.",
    path: ['to'],
  })
  .refine((range) => range.to - range.from < MAX_AREAS_AT_ONCE, {
    error: `At most ${MAX_AREAS_AT_ONCE} areas can be created at once.`,
    path: ['to'],
  });
export type CreateAreas = z.input<typeof CreateAreasSchema>;

/**
 * Pages of a property's areas by type, number (unnumbered last) and name; `type` narrows to one
 * type, `q` looks in names and numbers.
 */
export const AreaListQuerySchema = PageQuerySchema.extend({
  type: AreaTypeSchema.optional(),
  q: SearchQuerySchema,
});
