// SQL for alerts outside the rules of alert-rules.ts: a property's alerts as people read them
// (scoped to the caller's memberships, meters silent with their gateway folded into it), and the
// MQTT broker's two writes, a gateway disconnected and connected again.
import { ALERT_HISTORY_DAYS } from '@portal/contracts/alerts';
import type { AlertKind, AreaType, DeviceType } from '@portal/contracts/domain';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

/**
 * Opens an offline alert for the gateway, reason 'disconnected', from `at` (MQTT: the connection
 * dropped without a clean disconnect, so the broker's last will fired). Nothing happens when the
 * gateway already has an open offline alert (it stays as it is) or is no gateway. Whether one was
 * opened.
 */
export async function openGatewayDisconnected(
  db: Queryable,
  gatewayId: string,
  at: Date,
): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into alerts (organization_id, property_id, area_id, device_id, kind, started_at, details)
    select d.organization_id, d.property_id, d.area_id, d.id, 'offline', ${at.toISOString()}::timestamptz,
           jsonb_build_object('reason', 'disconnected')
    from devices d
    where d.id = ${gatewayId}::uuid and d.device_type = 'gw'
    on conflict (device_id, kind) where ended_at is null do nothing
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/**
 * Ends the gateway's open 'disconnected' alert, if any (MQTT: it connected again). A 'silent' one
 * stays: connecting is not being heard from; its first reading ends that. Whether one was ended.
 */
export async function closeGatewayDisconnected(db: Queryable, gatewayId: string): Promise<boolean> {
  const result = (await db.execute(sql`
    update alerts set ended_at = greatest(now(), started_at)
    where device_id = ${gatewayId}::uuid and kind = 'offline' and ended_at is null
      and details->>'reason' = 'disconnected'
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** An alert as listed, with its device and area; times as epoch milliseconds. */
export type ListedAlertRow = {
  id: string;
  kind: AlertKind;
  started_at: number;
  ended_at: number | null;
  details: Record<string, unknown>;
  device_id: string;
  device_type: DeviceType;
  id_number: string;
  device_name: string;
  last_seen_at: number | null;
  area_id: string;
  area_name: string;
  area_type: AreaType;
  area_number: number | null;
  silent_meter_ids: string[];
  is_open: boolean;
  /** How many alerts of its part (open, or ended) there are in all. */
  total: number;
};

export type PropertyAlertsFilter = {
  propertyId: string;
  userId: string;
  areaId?: string;
  now: Date;
  openLimit: number;
  recentLimit: number;
};

/** How close to its gateway's alert's end a meter's may end and still count as silent with it:
 * the meters' readings arrive with the gateway's, and are seen by the same run of the job or the
 * one after it (every 5 minutes). */
const ENDED_WITH_GATEWAY = sql.raw(`interval '15 minutes'`);
const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/**
 * The property's open alerts and those ended in the last ALERT_HISTORY_DAYS days, each part
 * limited, open ones newest started first and ended ones newest ended first. A meter's offline
 * alert is not listed alone but folded into its area's gateway's (silent_meter_ids): while open,
 * when every gateway of its area is offline; once ended, when a gateway's alert of its area ended
 * within 15 minutes of it. A meter is listed alone while a gateway of its area is online.
 */
export async function listPropertyAlerts(
  db: Queryable,
  filter: PropertyAlertsFilter,
): Promise<ListedAlertRow[]> {
  const since = new Date(filter.now.getTime() - ALERT_HISTORY_DAYS * 86_400_000).toISOString();
  const result = (await db.execute(sql`
    with shown as (
      select a.id, a.kind, a.started_at, a.ended_at, a.details,
             d.id as device_id, d.device_type, d.id_number, d.name as device_name, d.last_seen_at,
             ar.id as area_id, ar.name as area_name, ar.area_type, ar.number as area_number
      from alerts a
      join devices d on d.id = a.device_id
      join areas ar on ar.id = d.area_id
      where a.property_id = ${filter.propertyId}::uuid
        and a.organization_id in (select organization_id from organization_memberships
                                  where user_id = ${filter.userId}::uuid)
        and (a.ended_at is null or a.ended_at >= ${since}::timestamptz)
        ${filter.areaId ? sql`and d.area_id = ${filter.areaId}::uuid` : sql``}
    ),
    dark_areas as (
      select g.area_id
      from devices g
      where g.property_id = ${filter.propertyId}::uuid and g.device_type = 'gw'
      group by g.area_id
      having bool_and(exists (select 1 from alerts x
                              where x.device_id = g.id and x.kind = 'offline' and x.ended_at is null))
    ),
    marked as (
      select s.*, s.kind = 'offline' and s.device_type = 'gw' as gateway_offline,
             s.kind = 'offline' and s.device_type <> 'gw' as meter_offline
      from shown s
    ),
    -- The gateway alert a meter's goes under, by window functions over the area's alerts rather
    -- than a join of alerts to alerts: no plan can make it quadratic (5 000 alerts on tables not
    -- yet analyzed took 2.5 s as a join).
    placed as (
      select m.*,
             case when m.meter_offline and m.ended_at is null
                       and m.area_id in (select area_id from dark_areas)
                  then first_value(case when m.gateway_offline then m.id end) over open_in_area
                  when m.meter_offline and m.ended_at is not null
                  then (max(case when m.gateway_offline then m.id::text end) over ended_together)::uuid
             end as under
      from marked m
      window open_in_area as (partition by m.area_id, m.ended_at is null
                              order by m.gateway_offline desc, m.started_at desc, m.id
                              rows between unbounded preceding and unbounded following),
             ended_together as (partition by m.area_id, m.ended_at is null order by m.ended_at
                                range between ${ENDED_WITH_GATEWAY} preceding
                                          and ${ENDED_WITH_GATEWAY} following)
    ),
    -- A gateway's row and the meter rows under it share a partition: the gateway's id.
    grouped as (
      select p.*,
             array_agg(p.device_id::text) filter (where p.under is not null)
               over (partition by coalesce(p.under, p.id)) as silent_meter_ids
      from placed p
    ),
    listed as (
      select g.*, g.ended_at is null as is_open,
             row_number() over (partition by g.ended_at is null
                                order by coalesce(g.ended_at, g.started_at) desc, g.id) as position,
             count(*) over (partition by g.ended_at is null) as total
      from grouped g
      where g.under is null
    )
    select l.id, l.kind, ${epochMs('l.started_at')} as started_at, ${epochMs('l.ended_at')} as ended_at,
           l.details, l.device_id, l.device_type, l.id_number, l.device_name,
           ${epochMs('l.last_seen_at')} as last_seen_at,
           l.area_id, l.area_name, l.area_type, l.area_number, l.is_open, l.total::int as total,
           coalesce(l.silent_meter_ids, '{}'::text[]) as silent_meter_ids
    from listed l
    where l.position <= case when l.is_open then ${filter.openLimit}::int else ${filter.recentLimit}::int end
    order by l.is_open desc, l.position`)) as unknown as { rows: ListedAlertRow[] };
  return result.rows;
}
