// Domain codes fixed by SPEC §3, shared by the server and the web app. Plain constants on
// purpose: the web app's first screen must not pay for the validation library to know them.

/** apartment, bicycle room, entrance, garbage disposal room, laundry room, miscellaneous */
export const AREA_TYPES = ['apt', 'bic', 'ent', 'sop', 'lau', 'misc'] as const;
export type AreaType = (typeof AREA_TYPES)[number];

/** heat, electricity, hot water, cold water meters; gateway; smart door; keypad */
export const DEVICE_TYPES = ['heat', 'el', 'hw', 'cw', 'gw', 'door', 'keypad'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Doors and keypads: the devices with PIN code slots (DESIGN §5). */
export const hasPinSlots = (type: DeviceType) => type === 'door' || type === 'keypad';

/** A PIN code slot's code opens the lock, or is kept but does not (Z-Wave User Code status). */
export const PIN_CODE_STATUSES = ['enabled', 'disabled'] as const;
export type PinCodeStatus = (typeof PIN_CODE_STATUSES)[number];

/** Where a slot's latest change stands on the lock: waiting for the gateway, or its answer. */
export const PIN_SYNC_STATES = ['pending', 'applied', 'failed'] as const;
export type PinSyncState = (typeof PIN_SYNC_STATES)[number];

/** What a device-log entry about a PIN code slot says was done to it. */
export const PIN_CODE_CHANGES = ['added', 'changed', 'enabled', 'disabled', 'deleted'] as const;
export type PinCodeChange = (typeof PIN_CODE_CHANGES)[number];

/**
 * What an electricity meter measures (DESIGN §5): the building's own use, a flat's (left out of
 * the primary energy number) or solar production. Other devices have no role.
 */
export const METER_ROLES = ['consumption', 'household', 'production'] as const;
export type MeterRole = (typeof METER_ROLES)[number];
export const DEFAULT_METER_ROLE: MeterRole = 'consumption';

/** What a property is used for (DESIGN §5 energy figures: the requirement depends on it). */
export const PROPERTY_TYPES = ['multi-dwelling', 'single-family', 'commercial', 'other'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** The property's main heating carrier (Boverket BBR 9:2 weights the primary energy by it). */
export const HEATING_CARRIERS = [
  'district-heating',
  'electricity',
  'heat-pump',
  'biofuel',
  'oil',
  'gas',
] as const;
export type HeatingCarrier = (typeof HEATING_CARRIERS)[number];

export const ROLES = ['site-manager', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const LANGUAGES = ['sv', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (values as readonly string[]).includes(value);

export const isAreaType = isOneOf(AREA_TYPES);
export const isDeviceType = isOneOf(DEVICE_TYPES);
export const isMeterRole = isOneOf(METER_ROLES);
export const isLanguage = isOneOf(LANGUAGES);
export const isPropertyType = isOneOf(PROPERTY_TYPES);
export const isHeatingCarrier = isOneOf(HEATING_CARRIERS);

/**
 * What a device-log entry about a meter's readings says happened (docs/telemetry.md): a step
 * above the type's plausible maximum kept out of use, or a meter replacement a site manager
 * recorded (final reading of the old meter, first of the new), or removed again.
 */
export const METER_EVENTS = [
  'implausibleStep',
  'replacementRecorded',
  'replacementRemoved',
] as const;
export type MeterEvent = (typeof METER_EVENTS)[number];

/** Why a device is news (docs/telemetry.md "Alerts"): silent too long, or water that never stops. */
export const ALERT_KINDS = ['offline', 'leak'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
