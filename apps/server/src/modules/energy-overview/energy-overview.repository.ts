// SQL for properties' energy at a glance (docs/energy.md "Overview and dashboard"): this month's
// use per meter type and role so far, and the same days a year earlier, for several properties of
// the caller's organizations in one statement over the daily rollup. Each property's "today" is
// its own time zone's, taken from the instant the service passes (tests set it).
import type { MeterRole } from '@portal/contracts/domain';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

export type MonthUseRow = {
  propertyId: string;
  /** Null for a property without meters (one row, so it still answers). */
  deviceType: 'heat' | 'el' | 'hw' | 'cw' | null;
  role: MeterRole | null;
  /** The rows of the property's main meters of the type (and role), or of its others: which
   * count is decided per window by the service, against `mainSince`. */
  main: boolean;
  /** The type and role's main-since day: the first daily row of any of its main meters, over all
   * time; null without main meters or where they have no rows at all. */
  mainSince: string | null;
  /** This month from its 1st to today inclusive, and the same days a year earlier (local dates,
   * `to` exclusive); the use is read up to the current hour's start, and a year earlier to the
   * same local time. */
  from: string;
  to: string;
  lastYearFrom: string;
  lastYearTo: string;
  thisMonth: number;
  /** Rollup rows of this month's window (days and today's hours). */
  thisMonthRows: number;
  estimatedUse: number;
  simulatedUse: number;
  lastYear: number;
  /** Rollup rows of the year-earlier window (days and today's hours): none means nothing was
   * recorded then. */
  lastYearDays: number;
};

/**
 * Every meter type and role the named properties have meters of, with the use of their meters in
 * both windows (a property without meters: one row without a type). A property outside the caller's organizations gives no rows. The year-earlier
 * window is the same dates (29 February falls on the 28th).
 */
export async function selectMonthUse(
  db: Queryable,
  parameters: { userId: string; propertyIds: string[]; now: Date },
): Promise<MonthUseRow[]> {
  const result = await db.execute(sql`
    with scope as (
      select p.id, p.organization_id, p.time_zone as zone,
             ${parameters.now.toISOString()}::timestamptz at time zone p.time_zone as local_now
      from properties p
      where p.id = any(${sql.param(parameters.propertyIds)}::uuid[])
        and p.organization_id in (select organization_id from organization_memberships
                                  where user_id = ${parameters.userId})
    ),
    days as (
      select id, organization_id, zone, local_now, local_now::date as today,
             (local_now::date - interval '1 year')::date as last_year_today
      from scope
    ),
    -- Materialized: each property's dates worked out once, not again for every row they filter.
    -- Both windows end at the same local time: the complete days before today from the daily
    -- rollup, and today's complete hours from the hourly one (a part of today against the whole
    -- day a year earlier would read as less every morning).
    windows as materialized (
      select id, organization_id,
             date_trunc('month', today)::date as "from",
             today,
             today + 1 as "to",
             (date_trunc('month', today) - interval '1 year')::date as last_year_from,
             last_year_today,
             last_year_today + 1 as last_year_to,
             today::timestamp at time zone zone as today_from,
             date_trunc('hour', local_now) at time zone zone as today_to,
             last_year_today::timestamp at time zone zone as last_year_today_from,
             (last_year_today::timestamp + (date_trunc('hour', local_now) - today::timestamp))
               at time zone zone as last_year_today_to
      from days
    )
    select w.id as "propertyId", d.device_type as "deviceType", d.role, coalesce(d.main, false) as main,
           w."from"::text as "from", w."to"::text as "to",
           w.last_year_from::text as "lastYearFrom", w.last_year_to::text as "lastYearTo",
           (coalesce(sum(u.use), 0) + coalesce(sum(uh.use), 0))::float8 as "thisMonth",
           (coalesce(sum(u.rows), 0) + coalesce(sum(uh.rows), 0))::int as "thisMonthRows",
           (coalesce(sum(u.estimated_use), 0) + coalesce(sum(uh.estimated_use), 0))::float8 as "estimatedUse",
           (coalesce(sum(u.simulated_use), 0) + coalesce(sum(uh.simulated_use), 0))::float8 as "simulatedUse",
           (coalesce(sum(y.use), 0) + coalesce(sum(yh.use), 0))::float8 as "lastYear",
           (coalesce(sum(y.rows), 0) + coalesce(sum(yh.rows), 0))::int as "lastYearDays",
           -- Over the main and the other rows of the type and role: a window over the groups.
           (min(min(first_day.day)) over (partition by w.id, d.device_type, d.role))::text
             as "mainSince"
    from windows w
    left join devices d on d.property_id = w.id and d.organization_id = w.organization_id
                       and d.device_type in ('heat', 'el', 'hw', 'cw')
    -- Each range of a meter's rollup rows read as one range of its primary key (device, time):
    -- both windows in one condition were a scan of the 13 months between, row by row.
    left join lateral (
      select sum(r.use) as use, sum(r.estimated_use) as estimated_use,
             sum(r.simulated_use) as simulated_use, count(*) as rows
      from use_daily r
      where r.device_id = d.id and r.day >= w."from" and r.day < w.today
    ) u on true
    left join lateral (
      select sum(r.use) as use, sum(r.estimated_use) as estimated_use,
             sum(r.simulated_use) as simulated_use, count(*) as rows
      from use_hourly r
      where r.device_id = d.id and r.hour >= w.today_from and r.hour < w.today_to
    ) uh on true
    left join lateral (
      select sum(r.use) as use, count(*) as rows
      from use_daily r
      where r.device_id = d.id and r.day >= w.last_year_from and r.day < w.last_year_today
    ) y on true
    left join lateral (
      select sum(r.use) as use, count(*) as rows
      from use_hourly r
      where r.device_id = d.id and r.hour >= w.last_year_today_from
        and r.hour < w.last_year_today_to
    ) yh on true
    -- A main meter's first daily row: one index range of use_daily's primary key (device, day).
    left join lateral (
      select min(r.day) as day from use_daily r where d.main and r.device_id = d.id
    ) first_day on true
    group by w.id, w."from", w."to", w.last_year_from, w.last_year_to, d.device_type, d.role, d.main`);
  return (result as unknown as { rows: MonthUseRow[] }).rows;
}
