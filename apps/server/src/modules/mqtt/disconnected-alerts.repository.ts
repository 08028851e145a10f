// The `offline` alert of a gateway whose MQTT connection dropped (details.reason 'disconnected',
// the alerts' shared rule in docs/telemetry.md "Alerts"): opened by its last will, closed when it
// connects again. An open `offline` alert of the silence rule ('silent') is left as it is: one
// open alert of a kind per device (the alerts_open index).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { alerts } from '../../db/schema/telemetry';

/** Opens the gateway's 'disconnected' alert from `at`, unless an offline alert is open. */
export async function openGatewayDisconnected(db: Queryable, gatewayId: string, at: Date) {
  await db.execute(sql`
    insert into ${alerts} (organization_id, property_id, area_id, device_id, kind, started_at, details)
    select organization_id, property_id, area_id, id, 'offline', ${at.toISOString()}::timestamptz,
      '{"reason": "disconnected"}'::jsonb
    from ${devices} where id = ${gatewayId} and device_type = 'gw'
    on conflict (device_id, kind) where ended_at is null do nothing`);
}

/** Ends the gateway's open 'disconnected' alert, if it has one. */
export async function closeGatewayDisconnected(db: Queryable, gatewayId: string) {
  await db
    .update(alerts)
    .set({ endedAt: sql`now()` })
    .where(
      and(
        eq(alerts.deviceId, gatewayId),
        eq(alerts.kind, 'offline'),
        isNull(alerts.endedAt),
        sql`${alerts.details}->>'reason' = 'disconnected'`,
      ),
    );
}
