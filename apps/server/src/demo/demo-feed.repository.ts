// The SQL of one chunk of demo readings besides the bulk loads (demo-chunk-store.ts): the demo
// property's meters locked and where their registers stand, the records two stories leave (a
// recorded meter replacement, a logged implausible register) and the devices heard.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import type { DemoMeter } from './demo-chunk';
import { profileOf } from './demo-meter-profiles';

/** The flats whose meters the stories pick out, by the story's meter type. */
export type StoryMeters = {
  replaced: { flat: number; deviceType: string };
  glitching: { flat: number; deviceType: string };
  leaking: { flat: number; deviceType: string };
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The property's meters, locked as the ingest locks them (in id order, `for no key update`), each
 * with its anchor and newest reading; its gateways by area; and the property's time zone.
 */
export async function lockDemoMeters(db: Queryable, propertyId: string, stories: StoryMeters) {
  await db.execute(sql`
    select id from devices
    where property_id = ${propertyId} and device_type in ('heat', 'el', 'hw', 'cw')
    order by id for no key update`);
  const devices = rowsOf<{
    id: string;
    area_id: string;
    device_type: string;
    role: string | null;
    main: boolean;
    flat: number;
    time_zone: string;
    anchor_ms: number | null;
    anchor_value: number | null;
    latest_ms: number | null;
  }>(
    await db.execute(sql`
      select d.id, d.area_id, d.device_type, d.role, d.main, coalesce(a.number, 0) as flat,
        p.time_zone, anchor.ms as anchor_ms, anchor.value as anchor_value, latest.ms as latest_ms
      from devices d
      join areas a on a.id = d.area_id
      join properties p on p.id = d.property_id
      left join lateral (
        select (extract(epoch from r.at) * 1000)::float8 as ms, r.value from readings r
        where r.device_id = d.id and r.kind not in (3, 4) order by r.at desc limit 1
      ) anchor on true
      left join lateral (
        select (extract(epoch from r.at) * 1000)::float8 as ms from readings r
        where r.device_id = d.id order by r.at desc limit 1
      ) latest on true
      where d.property_id = ${propertyId} and d.device_type in ('heat', 'el', 'hw', 'cw', 'gw')
      order by d.id`),
  );
  const picks = (device: (typeof devices)[number], story: { flat: number; deviceType: string }) =>
    device.flat === story.flat && device.device_type === story.deviceType;
  const meters: DemoMeter[] = [];
  const gatewaysByArea = new Map<string, string[]>();
  for (const device of devices) {
    if (device.device_type === 'gw') {
      gatewaysByArea.set(device.area_id, [
        ...(gatewaysByArea.get(device.area_id) ?? []),
        device.id,
      ]);
      continue;
    }
    meters.push({
      id: device.id,
      areaId: device.area_id,
      flat: device.flat,
      profile: profileOf({ deviceType: device.device_type, role: device.role, main: device.main }),
      anchor:
        device.anchor_ms === null || device.anchor_value === null
          ? null
          : { atMs: device.anchor_ms, value: device.anchor_value },
      latestAtMs: device.latest_ms,
      replaced: picks(device, stories.replaced),
      glitching: picks(device, stories.glitching),
      leaking: picks(device, stories.leaking),
    });
  }
  return { meters, gatewaysByArea, timeZone: devices[0]?.time_zone ?? 'Europe/Stockholm' };
}

/**
 * The replaced meter's replacement as the organization's first site manager records it, and the
 * log entry recording one writes (two hours after the fact, as a person would).
 */
export async function recordDemoReplacement(
  db: Queryable,
  organizationId: string,
  replacement: { deviceId: string; atMs: number; oldFinal: number; newFirst: number },
) {
  await db.execute(sql`
    with manager as (
      select u.id, u.email from organization_memberships o join users u on u.id = o.user_id
      where o.organization_id = ${organizationId} and o.role = 'site-manager'
      order by o.created_at limit 1
    ),
    recorded as (
      insert into meter_replacements (organization_id, device_id, at, old_final, new_first, user_id)
      values (${organizationId}, ${replacement.deviceId}, ${iso(replacement.atMs)}::timestamptz,
              ${replacement.oldFinal}, ${replacement.newFirst}, (select id from manager))
      returning device_id, at
    )
    insert into device_logs (organization_id, property_id, device_id, device_type, id_number, action,
                             meter_event, meter_event_at, user_id, user_email, created_at)
    select m.organization_id, m.property_id, m.id, m.device_type, m.id_number, 'updated',
      'replacementRecorded', r.at, (select id from manager), coalesce((select email from manager), ''),
      r.at + interval '2 hours'
    from recorded r join devices m on m.id = r.device_id`);
}

/** The log entry the ingest writes for an implausible register: by the portal itself. */
export async function logDemoGlitch(db: Queryable, glitch: { deviceId: string; atMs: number }) {
  const at = iso(glitch.atMs);
  await db.execute(sql`
    insert into device_logs (organization_id, property_id, device_id, device_type, id_number, action,
                             meter_event, meter_event_at, user_email, created_at)
    select organization_id, property_id, id, device_type, id_number, 'updated', 'implausibleStep',
      ${at}::timestamptz, '', ${at}::timestamptz
    from devices where id = ${glitch.deviceId}`);
}

/** The meters heard in the chunk, at their newest reading, and their areas' gateways with them. */
export async function markDemoDevicesSeen(
  db: Queryable,
  newest: ReadonlyMap<string, number>,
  meters: readonly DemoMeter[],
  gatewaysByArea: ReadonlyMap<string, string[]>,
) {
  const heard = new Map(newest);
  for (const meter of meters) {
    const at = newest.get(meter.id);
    if (at === undefined) continue;
    for (const gateway of gatewaysByArea.get(meter.areaId) ?? [])
      heard.set(gateway, Math.max(heard.get(gateway) ?? at, at));
  }
  if (heard.size === 0) return;
  await db.execute(sql`
    update devices d set last_seen_at = greatest(d.last_seen_at, u.at)
    from unnest(${sql.param([...heard.keys()])}::uuid[],
                ${sql.param([...heard.values()].map(iso))}::timestamptz[]) as u(id, at)
    where d.id = u.id`);
}
