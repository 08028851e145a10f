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
  /** The rows of the property's main meters of the type (and role), or of its others. */
  main: boolean;
  /** This month from its 1st to today inclusive, and the same days a year earlier (local dates,
   * `to` exclusive). */
  from: string;
  to: string;
  lastYearFrom: string;
  lastYearTo: string;
  thisMonth: number;
  estimatedUse: number;
  simulatedUse: number;
  lastYear: number;
  /** Rollup rows of the year-earlier days: none means nothing was recorded then. */
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
      select p.id, p.organization_id,
             (${parameters.now.toISOString()}::timestamptz at time zone p.time_zone)::date as today
      from properties p
      where p.id = any(${sql.param(parameters.propertyIds)}::uuid[])
        and p.organization_id in (select organization_id from organization_memberships
                                  where user_id = ${parameters.userId})
    ),
    -- Materialized: each property's dates worked out once, not again for every row they filter.
    windows as materialized (
      select id, organization_id,
             date_trunc('month', today)::date as "from",
             today + 1 as "to",
             (date_trunc('month', today) - interval '1 year')::date as last_year_from,
             (today - interval '1 year')::date + 1 as last_year_to
      from scope
    )
    select w.id as "propertyId", d.device_type as "deviceType", d.role, coalesce(d.main, false) as main,
           w."from"::text as "from", w."to"::text as "to",
           w.last_year_from::text as "lastYearFrom", w.last_year_to::text as "lastYearTo",
           coalesce(sum(u.use), 0)::float8 as "thisMonth",
           coalesce(sum(u.estimated_use), 0)::float8 as "estimatedUse",
           coalesce(sum(u.simulated_use), 0)::float8 as "simulatedUse",
           coalesce(sum(y.use), 0)::float8 as "lastYear",
           coalesce(sum(y.days), 0)::int as "lastYearDays"
    from windows w
    left join devices d on d.property_id = w.id and d.organization_id = w.organization_id
                       and d.device_type in ('heat', 'el', 'hw', 'cw')
    -- Each window's daily rows of a meter, read as one range of the primary key (device, day):
    -- both windows in one condition were a scan of the 13 months between, row by row.
    left join lateral (
      select sum(r.use) as use, sum(r.estimated_use) as estimated_use,
             sum(r.simulated_use) as simulated_use
      from use_daily r
      where r.device_id = d.id and r.day >= w."from" and r.day < w."to"
    ) u on true
    left join lateral (
      select sum(r.use) as use, count(*) as days
      from use_daily r
      where r.device_id = d.id and r.day >= w.last_year_from and r.day < w.last_year_to
    ) y on true
    group by w.id, w."from", w."to", w.last_year_from, w.last_year_to, d.device_type, d.role, d.main`);
  return (result as unknown as { rows: MonthUseRow[] }).rows;
}
