// Alerts (issue 13 item 6; docs/telemetry.md "Alerts"): a gateway or meter that has gone silent,
// and a water meter that looks like a leak, each open from when the rule first held until it no
// longer does, and kept as history afterwards.
import { ALERT_KINDS, AREA_TYPES, DEVICE_TYPES } from './domain';
import { text, z } from './zod';

/**
 * Why a device is offline: silent longer than its property's threshold (the portal's job), or
 * its MQTT connection dropped without a clean disconnect (the broker's last will).
 */
export const OFFLINE_REASONS = ['silent', 'disconnected'] as const;
export type OfflineReason = (typeof OFFLINE_REASONS)[number];

/**
 * What made a water meter a possible leak: flow in every hour from 02:00 to 05:00 (local) on three
 * nights running, or flow in every one of 24 hours running.
 */
export const LEAK_RULES = ['nights', 'continuous'] as const;
export type LeakRule = (typeof LEAK_RULES)[number];

/** Alerts ended this many days ago or less are still answered, as recent history. */
export const ALERT_HISTORY_DAYS = 7;
/** At most this many open alerts in an answer (openTotal says how many there are). */
export const OPEN_ALERTS_LIMIT = 200;
/** At most this many ended alerts in an answer, the most recently ended first. */
export const RECENT_ALERTS_LIMIT = 50;

const time = () => z.iso.datetime({ offset: true });

export const AlertSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(ALERT_KINDS),
    /** Offline: when the threshold ran out (or the connection dropped); leak: when the flow the
     * rule saw began (02:00 of the first night, or the first of the 24 hours). */
    startedAt: time(),
    /** Null while open. */
    endedAt: time().nullable(),
    device: z.object({
      id: z.uuid(),
      deviceType: z.enum(DEVICE_TYPES),
      idNumber: text(),
      name: text(),
      /** When it was last heard from (its newest reading); null: never. */
      lastSeenAt: time().nullable(),
    }),
    area: z.object({
      id: z.uuid(),
      name: text(),
      areaType: z.enum(AREA_TYPES),
      number: z.number().int().nullable(),
    }),
    /** Offline alerts: why; null for a leak. */
    reason: z.enum(OFFLINE_REASONS).nullable(),
    /**
     * An offline gateway: the meters of its area silent with it, which are not listed one by one
     * (while open: every gateway of the area is offline). Empty otherwise.
     */
    silentMeterIds: z.array(z.uuid()),
    /** A leak: the rules that held when it opened. Empty for offline alerts. */
    leakRules: z.array(z.enum(LEAK_RULES)),
  })
  .meta({ id: 'Alert' });
export type Alert = z.infer<typeof AlertSchema>;

/** GET /api/properties/{propertyId}/alerts */
export const PropertyAlertsSchema = z
  .object({
    /** Open alerts, the most recently started first (at most OPEN_ALERTS_LIMIT). */
    open: z.array(AlertSchema),
    /** How many open alerts there are in all (meters silent with their gateway not counted). */
    openTotal: z.number().int().nonnegative(),
    /** Ended in the last ALERT_HISTORY_DAYS days, the most recently ended first (at most
     * RECENT_ALERTS_LIMIT). */
    recent: z.array(AlertSchema),
  })
  .meta({ id: 'PropertyAlerts' });
export type PropertyAlerts = z.infer<typeof PropertyAlertsSchema>;

export const PropertyAlertsQuerySchema = z.object({
  /** Only the alerts of this area of the property. */
  areaId: z.uuid({ error: 'areaId must be a UUID.' }).optional(),
});
export type PropertyAlertsQuery = z.input<typeof PropertyAlertsQuerySchema>;

/** Devices of a property with an open alert, per kind (every device counted, meters silent with
 * their gateway too). */
export const OpenAlertCountsSchema = z.object({
  offline: z.number().int().nonnegative(),
  leak: z.number().int().nonnegative(),
});
export type OpenAlertCounts = z.infer<typeof OpenAlertCountsSchema>;

export const NO_OPEN_ALERTS: OpenAlertCounts = { offline: 0, leak: 0 };
