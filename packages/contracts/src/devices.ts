// Devices of an area (SPEC §3 "Device", DESIGN §4.4, §5): meters, gateways, doors and keypads,
// and the log of their changes. Ids are read by device-ids.ts, the same in the form and the API.
import { DEVICE_ID_MAX_LENGTH, DEVICE_NAME_MAX_LENGTH } from './device-ids';
import { DEVICE_TYPES, METER_EVENTS, METER_ROLES, PIN_CODE_CHANGES } from './domain';
import { PageQuerySchema } from './paging';
import { text, z } from './zod';

/** DESIGN §4.4: a door or keypad has 1–250 PIN code slots, 30 unless chosen. */
export const MIN_SLOT_COUNT = 1;
export const MAX_SLOT_COUNT = 250;
export const DEFAULT_SLOT_COUNT = 30;

export const DeviceTypeSchema = z.enum(DEVICE_TYPES, {
  error: `Choose one of: ${DEVICE_TYPES.join(', ')}.`,
});
export const MeterRoleSchema = z.enum(METER_ROLES, {
  error: `Choose one of: ${METER_ROLES.join(', ')}.`,
});

export const DeviceSchema = z
  .object({
    id: z.uuid(),
    areaId: z.uuid(),
    propertyId: z.uuid(),
    organizationId: z.uuid(),
    deviceType: DeviceTypeSchema,
    /** As kept: normalised where it fits its type (docs/devices.md). */
    idNumber: text(),
    name: text(),
    /** Electricity meters: consumption, household or production; null for other devices. */
    role: MeterRoleSchema.nullable(),
    /** The property's main meter of its type. */
    main: z.boolean(),
    /** Doors and keypads: their PIN code slots; null for other devices. */
    slotCount: z.number().int().nullable(),
    /** Kept although the id does not fit the type, as its creator confirmed (SPEC §5). */
    idFormatConfirmed: z.boolean(),
    /** When a gateway last called or a meter last reported; null until then. */
    lastSeenAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Device' });
export type Device = z.infer<typeof DeviceSchema>;

const DeviceFieldsSchema = z.object({
  /** Read by device-ids.ts; blank is MISSING_ID ('Missing ID'), answered by the API. */
  idNumber: text().max(DEVICE_ID_MAX_LENGTH, {
    error: `The ID must be at most ${DEVICE_ID_MAX_LENGTH} characters long.`,
  }),
  name: text()
    .trim()
    .max(DEVICE_NAME_MAX_LENGTH, {
      error: `The name must be at most ${DEVICE_NAME_MAX_LENGTH} characters long.`,
    })
    .default(''),
  role: MeterRoleSchema.optional(),
  main: z.boolean().default(false),
  slotCount: z
    .number({ error: 'The number of slots must be a whole number.' })
    .int({ error: 'The number of slots must be a whole number.' })
    .min(MIN_SLOT_COUNT, { error: `The number of slots must be at least ${MIN_SLOT_COUNT}.` })
    .max(MAX_SLOT_COUNT, { error: `The number of slots must be at most ${MAX_SLOT_COUNT}.` })
    .optional(),
  /** The answer to SPEC §5's question: keep an id that does not fit the type. */
  confirmIdFormat: z.boolean().default(false),
});

/** POST /api/areas/{areaId}/devices. */
export const CreateDeviceSchema = DeviceFieldsSchema.extend({ deviceType: DeviceTypeSchema });
export type CreateDevice = z.input<typeof CreateDeviceSchema>;

/** PUT /api/devices/{deviceId}: the device's fields; its type and area stay. */
export const UpdateDeviceSchema = DeviceFieldsSchema;
export type UpdateDevice = z.input<typeof UpdateDeviceSchema>;

/** A gateway's ingestion key: in the answer that makes or renews it, and never again. */
export const GatewayKeySchema = z.object({ gatewayKey: text() });

export const DeviceCreatedSchema = z.object({
  device: DeviceSchema,
  gatewayKey: text().optional(),
});
export type DeviceCreated = z.infer<typeof DeviceCreatedSchema>;

export const DeviceLogEntrySchema = z
  .object({
    /** The entry's own id: a list of entries is keyed by it. */
    id: z.uuid(),
    time: z.iso.datetime({ offset: true }),
    action: z.enum(['created', 'updated', 'deleted']),
    deviceId: z.uuid(),
    deviceType: DeviceTypeSchema,
    idNumber: text(),
    /** Null once the account that made the change is gone; its e-mail stays. */
    userId: z.uuid().nullable(),
    userEmail: text(),
    /** An entry about a PIN code (action 'updated'): its slot and what was done — never the
     * code; null for other entries. */
    pinSlot: z.number().int().nullable(),
    pinChange: z.enum(PIN_CODE_CHANGES).nullable(),
    /** An entry about a meter's readings (action 'updated'): a step above the plausible maximum
     * kept out of use (written by the portal itself: userId null, userEmail ''), or a meter
     * replacement recorded; null for other entries. */
    meterEvent: z.enum(METER_EVENTS).nullable(),
    /** The time of the reading or of the replacement the entry is about. */
    meterEventAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'DeviceLogEntry' });
export type DeviceLogEntry = z.infer<typeof DeviceLogEntrySchema>;

/** GET /api/properties/{propertyId}/device-logs?limit&cursor&deviceId: one device's entries
 * when `deviceId` is given (a device that is gone keeps its entries). */
export const DeviceLogQuerySchema = PageQuerySchema.extend({
  deviceId: z.uuid({ error: 'deviceId must be a device id.' }).optional(),
});

export const DeviceLogPageSchema = z.object({
  entries: z.array(DeviceLogEntrySchema),
  /** The cursor of the next page; absent on the last. */
  nextCursor: text().optional(),
});
export type DeviceLogPage = z.infer<typeof DeviceLogPageSchema>;

/**
 * POST /api/areas/{areaId}/devices/import: the CSV file's text (`text/csv` or `text/plain`) or
 * the file as multipart/form-data in the field `file`, at most IMPORT_BODY_LIMIT bytes. `?preview=true` reads it and answers what would be made and
 * every problem, making nothing; without it, all lines are made, or none and 422 IMPORT_INVALID
 * with `details.problems`.
 */
export const IMPORT_BODY_LIMIT = 1024 * 1024;
/** Lines of devices in one import, at most (the header not counted). */
export const MAX_IMPORT_LINES = 1000;
export const ImportQuerySchema = z.object({
  preview: z
    .enum(['true', 'false'], { error: 'preview is true or false.' })
    .default('false')
    .transform((value) => value === 'true'),
});

/** Why a line cannot be imported (docs/devices.md "Importing devices"). */
export const ImportProblemSchema = z.object({
  line: z.number().int(),
  field: text(),
  code: text(),
});

export type ImportProblem = z.infer<typeof ImportProblemSchema>;

export const ImportPreviewSchema = z.object({
  devices: z.array(
    z.object({
      line: z.number().int(),
      deviceType: DeviceTypeSchema,
      idNumber: text(),
      name: text(),
      role: MeterRoleSchema.nullable(),
    }),
  ),
  problems: z.array(ImportProblemSchema),
});

export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportResultSchema = z.object({
  devices: z.array(DeviceCreatedSchema),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;
