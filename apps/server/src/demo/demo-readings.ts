// The demo's meter readings (issue 13): a year of 15-minute registers for Solrosen 1's meters up
// to the seed, then kept going while the portal runs, so the energy screens, the flags and the
// offline view have something true-to-life to show. Everything is flagged `simulated`.
//
// The readings are made in SQL (generate_series over the meters × quarter hours) with their derived
// columns (prev_at, use, kind, estimated) set as the ingest would set them, and the rollups are
// added from them in the same transaction: no HTTP, no walk in JavaScript, about a second per week
// of the year on PGlite. The work goes a week per transaction, so requests are answered between
// weeks (PGlite has one connection) and a start cut off half-way continues where it stopped.
//
// The year's stories, placed relative to the seed so that every start shows them:
// - heating by a cosine over the year (most in January), hot water with morning and evening peaks,
//   household electricity with an evening peak, solar production from March to October;
// - flat 1003's gateway and meters silent for 30 hours 280 days before the seed (a gap: estimated);
// - flat 1005's hot-water meter replaced 190 days before (a recorded replacement, its register
//   starting again at 0.012 m³);
// - flat 1010's electricity meter sending one implausible register 100 days before (kept out of
//   use, logged);
// - flat 1108's cold water running day and night for the last four days (a leak);
// - flat 1112's gateway silent since four hours before the seed (offline, with its meters).
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/client';
import { demoFeeds } from '../db/schema/telemetry';

const QUARTER_MS = 15 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** A year of readings before the seed. */
const HISTORY_MS = 365 * DAY_MS;
/** One transaction's share of the work. */
const CHUNK_MS = 7 * DAY_MS;

/** The stories, as flat numbers and times before the seed. */
export const DEMO_STORIES = {
  pastOutage: { flat: 1003, startsBeforeSeedMs: 280 * DAY_MS, durationMs: 30 * 60 * 60_000 },
  replacement: { flat: 1005, deviceType: 'hw', beforeSeedMs: 190 * DAY_MS, newFirstLitres: 12 },
  glitch: { flat: 1010, deviceType: 'el', beforeSeedMs: 100 * DAY_MS, stepWh: 5_000_000 },
  leak: { flat: 1108, deviceType: 'cw', beforeSeedMs: 4 * DAY_MS, litresPerQuarter: 4 },
  silentGateway: { flat: 1112, beforeSeedMs: 4 * 60 * 60_000 },
} as const;

const floorToQuarter = (ms: number) => Math.floor(ms / QUARTER_MS) * QUARTER_MS;

/** Registers a demo property's feed: its readings start a year before `now`. */
export async function registerDemoFeed(
  db: Queryable,
  property: { id: string; organizationId: string },
  now = Date.now(),
) {
  const seededAt = new Date(floorToQuarter(now));
  await db.insert(demoFeeds).values({
    propertyId: property.id,
    organizationId: property.organizationId,
    seededAt,
    generatedTo: new Date(seededAt.getTime() - HISTORY_MS),
  });
}

type Feed = typeof demoFeeds.$inferSelect;

/**
 * Generates every demo feed's readings from where it stopped up to `now` (floored to a quarter
 * hour), a week per transaction. Each week claims its feed's row first (`skip locked`), so two
 * portals on one PostgreSQL never make the same readings. Answers how many readings were made.
 */
export async function catchUpDemoFeeds(
  database: Database,
  now = Date.now(),
  stopped: () => boolean = () => false,
): Promise<number> {
  const until = new Date(floorToQuarter(now));
  const feeds = await database.db.select({ propertyId: demoFeeds.propertyId }).from(demoFeeds);
  let made = 0;
  for (const { propertyId } of feeds) {
    // A portal shutting down stops after the week under way; the next start continues.
    while (!stopped()) {
      const week = await database.db.transaction(async (transaction) => {
        const [feed] = await transaction
          .select()
          .from(demoFeeds)
          .where(and(eq(demoFeeds.propertyId, propertyId), lt(demoFeeds.generatedTo, until)))
          .for('update', { skipLocked: true });
        if (!feed) return undefined;
        const from = feed.generatedTo.getTime();
        return generateWeek(transaction, feed, from, Math.min(from + CHUNK_MS, until.getTime()));
      });
      if (week === undefined) break;
      made += week;
    }
  }
  return made;
}

/** Keeps the demo's meters reporting while the portal runs: now, then every quarter of an hour. */
export function startDemoFeeds(database: Database, log: FastifyBaseLogger) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    const began = performance.now();
    running = catchUpDemoFeeds(database, Date.now(), () => stopped)
      .then((made) => {
        const seconds = Math.round((performance.now() - began) / 100) / 10;
        // The bench times a first start's year by this line (bench/workloads/demo-year.mjs).
        if (made > 1000) log.info({ made, seconds }, 'demo readings generated');
      })
      .catch((error: unknown) => {
        if (!stopped) log.error({ err: error }, 'the demo readings could not be generated');
      });
  };
  const timer = setInterval(run, QUARTER_MS).unref();
  run();
  return {
    /** Stops the feed after the week under way; resolves when it is done, before the database
     * closes. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** The readings of (from, to] for one feed's meters, their rollups and the feed's progress. */
async function generateWeek(db: Queryable, feed: Feed, fromMs: number, toMs: number) {
  const seed = feed.seededAt.getTime();
  const from = new Date(fromMs).toISOString();
  const to = new Date(toMs).toISOString();
  const at = (beforeSeedMs: number) => new Date(seed - beforeSeedMs).toISOString();
  const { pastOutage, replacement, glitch, leak, silentGateway } = DEMO_STORIES;
  const outageFrom = at(pastOutage.startsBeforeSeedMs);
  const outageTo = at(pastOutage.startsBeforeSeedMs - pastOutage.durationMs);
  const replacedAt = at(replacement.beforeSeedMs);
  const glitchAt = at(glitch.beforeSeedMs);
  const leakFrom = at(leak.beforeSeedMs);
  const silentFrom = at(silentGateway.beforeSeedMs);

  const inserted = await db.execute(sql`
    with meter as (
      select d.id, d.device_type as type, d.role, d.main, coalesce(a.number, 0) as flat,
        (d.device_type = ${replacement.deviceType} and a.number = ${replacement.flat}) as replaced,
        (d.device_type = ${glitch.deviceType} and a.number = ${glitch.flat}) as glitching,
        (d.device_type = ${leak.deviceType} and a.number = ${leak.flat}) as leaking,
        -- where the meter's register stands: its latest reading so far, if any
        latest.at as last_at, latest.value as last_value
      from devices d
      join areas a on a.id = d.area_id
      left join lateral (
        select r.at, r.value from readings r where r.device_id = d.id order by r.at desc limit 1
      ) latest on true
      where d.property_id = ${feed.propertyId} and d.device_type in ('heat', 'el', 'hw', 'cw')
    ),
    clock as (
      -- The local time of each quarter hour, worked out once for all meters.
      select t, extract(hour from local) as hour, extract(minute from local) as minute,
        extract(doy from local) as doy, extract(month from local) as month
      from generate_series(${from}::timestamptz + interval '15 minutes', ${to}::timestamptz, interval '15 minutes') t
      cross join lateral (select t at time zone (select time_zone from properties where id = ${feed.propertyId}) as local) l
    ),
    quarter as (
      select m.*, c.*, random() as noise from meter m cross join clock c
    ),
    use_per_quarter as (
      select q.id, q.t, q.replaced, q.flat, q.glitching, q.last_at, q.last_value,
        greatest(0, case
          -- district heating, Wh: 12 kW all year (hot water) + up to 55 kW of heating in winter
          when q.type = 'heat' then (12000 + 55000 * (0.5 + 0.5 * cos(2 * pi() * (q.doy - 20) / 365.0)))
            * (case when q.hour between 6 and 8 then 1.15 else 1 end) * (0.9 + 0.2 * q.noise) * 0.25
          -- solar, Wh: a bell over the day, a season from March to October
          when q.type = 'el' and q.role = 'production' then case
            when q.month between 3 and 10 and q.hour between 5 and 20
            then 22000 * sin(pi() * (q.hour + q.minute / 60.0 - 5) / 16)
              * sin(pi() * (q.doy - 60) / 245.0) * (0.4 + 0.6 * q.noise) * 0.25
            else 0 end
          -- the building's electricity, Wh: more in winter and in the evening
          when q.type = 'el' and q.main then (5000 + 3000 * (0.5 + 0.5 * cos(2 * pi() * (q.doy - 355) / 365.0))
            + case when q.hour between 17 and 22 then 2000 else 0 end) * (0.9 + 0.2 * q.noise) * 0.25
          -- a flat's electricity, Wh
          when q.type = 'el' then (200 + case when q.hour between 17 and 22 then 500 when q.hour between 6 and 8 then 250 else 0 end
            + 100 * (0.5 + 0.5 * cos(2 * pi() * (q.doy - 355) / 365.0))) * (0.7 + 0.6 * q.noise) * 0.25
          -- the building's cold water, litres: all flats' water, quiet at night
          when q.main then case
            when q.hour between 6 and 8 then 200 when q.hour between 18 and 21 then 160
            when q.hour between 9 and 17 then 55 when q.noise < 0.1 then 10 else 0 end * (0.5 + q.noise)
          -- a flat's water, litres: morning and evening peaks, now and then a glass at night
          else case
            when q.hour between 6 and 8 then 4 when q.hour between 18 and 21 then 3
            when q.hour between 9 and 17 then 0.4 when q.noise < 0.03 then 1 / (2 * q.noise + 0.01) else 0 end
            * (case when q.type = 'cw' then 1.4 else 1 end) * 2 * q.noise
            + case when q.leaking and q.t > ${leakFrom}::timestamptz then ${leak.litresPerQuarter} else 0 end
        end) as use
      from quarter q
    ),
    register as (
      -- A replaced meter's register starts again at the new meter's first reading.
      select u.id, u.t, u.use, u.flat, u.glitching, u.last_at, u.last_value, u.new_meter,
        case when u.new_meter
          then ${replacement.newFirstLitres} + sum(u.use) over new_series - first_value(u.use) over new_series
          else coalesce(u.last_value, 1000000 + 37 * abs(hashtext(u.id::text) % 100000)) + sum(u.use) over new_series
        end as value
      from (
        select *, replaced and t >= ${replacedAt}::timestamptz and coalesce(last_at < ${replacedAt}::timestamptz, true) as new_meter
        from use_per_quarter
      ) u
      window new_series as (partition by u.id, u.new_meter order by u.t)
    ),
    sent as (
      -- What the gateways delivered: not during the outage, not from the silent gateway's area.
      select * from register r
      where not (r.flat = ${pastOutage.flat} and r.t > ${outageFrom}::timestamptz and r.t < ${outageTo}::timestamptz)
        and not (r.flat = ${silentGateway.flat} and r.t > ${silentFrom}::timestamptz)
        and not (r.glitching and r.t = ${glitchAt}::timestamptz)
    ),
    derived as (
      select s.id, s.t, s.value,
        coalesce(lag(s.t) over w, s.last_at) as prev_at,
        coalesce(lag(s.value) over w, s.last_value) as prev_value,
        s.new_meter and s.t = ${replacedAt}::timestamptz as replaced_here, s.use as own_use
      from sent s
      window w as (partition by s.id order by s.t)
    )
    , inserted as (
      insert into readings (device_id, at, value, prev_at, use, kind, estimated, simulated)
      select id, t, round(value * 1000) / 1000, prev_at,
        case when prev_at is null then 0 when replaced_here then own_use else greatest(0, value - prev_value) end,
        case when prev_at is null then 1 when replaced_here then 5 else 0 end,
        prev_at is not null and t - prev_at > interval '90 minutes',
        true
      from derived
      on conflict do nothing
      returning 1
    )
    select count(*)::int as made from inserted
  `);
  await recordReplacementAndGlitch(db, feed, { from, to, replacedAt, glitchAt });
  await addRollups(db, feed.propertyId, from, to);
  await markSeen(db, feed.propertyId, from, to);
  await db
    .update(demoFeeds)
    .set({ generatedTo: new Date(toMs) })
    .where(eq(demoFeeds.propertyId, feed.propertyId));
  return (inserted as unknown as { rows: { made: number }[] }).rows[0]?.made ?? 0;
}

const within = (at: string, from: string, to: string) => at > from && at <= to;

/**
 * The stories that leave a record besides readings: the replaced meter (its replacement, as a site
 * manager records it, and the log entry) and the implausible register (the reading, kept out of
 * use, and the log entry the ingest writes for one).
 */
async function recordReplacementAndGlitch(
  db: Queryable,
  feed: Feed,
  window: { from: string; to: string; replacedAt: string; glitchAt: string },
) {
  const { from, to, replacedAt, glitchAt } = window;
  const { replacement, glitch } = DEMO_STORIES;
  if (within(replacedAt, from, to))
    await db.execute(sql`
      with meter as (
        select d.* from devices d join areas a on a.id = d.area_id
        where d.property_id = ${feed.propertyId} and d.device_type = ${replacement.deviceType} and a.number = ${replacement.flat}
      ),
      first_of_new as (
        select r.device_id, r.at, r.use, previous.value as before
        from readings r join meter m on m.id = r.device_id
        cross join lateral (select p.value from readings p where p.device_id = r.device_id and p.at < r.at order by p.at desc limit 1) previous
        where r.at = ${replacedAt}::timestamptz
      ),
      manager as (
        select u.id, u.email from organization_memberships o join users u on u.id = o.user_id
        where o.organization_id = ${feed.organizationId} and o.role = 'site-manager' order by o.created_at limit 1
      ),
      recorded as (
        insert into meter_replacements (organization_id, device_id, at, old_final, new_first, user_id)
        select ${feed.organizationId}, f.device_id, f.at, f.before + f.use, ${replacement.newFirstLitres}, (select id from manager)
        from first_of_new f
        returning device_id, at
      )
      insert into device_logs (organization_id, property_id, device_id, device_type, id_number, action, meter_event, meter_event_at, user_id, user_email, created_at)
      select m.organization_id, m.property_id, m.id, m.device_type, m.id_number, 'updated', 'replacementRecorded', r.at,
        (select id from manager), coalesce((select email from manager), ''), r.at + interval '2 hours'
      from recorded r join meter m on m.id = r.device_id
    `);
  if (within(glitchAt, from, to))
    await db.execute(sql`
      with meter as (
        select d.* from devices d join areas a on a.id = d.area_id
        where d.property_id = ${feed.propertyId} and d.device_type = ${glitch.deviceType} and a.number = ${glitch.flat}
      ),
      kept as (
        insert into readings (device_id, at, value, prev_at, use, kind, estimated, simulated)
        select m.id, ${glitchAt}::timestamptz, previous.value + ${glitch.stepWh}, previous.at, 0, 4, false, true
        from meter m
        cross join lateral (select p.at, p.value from readings p where p.device_id = m.id and p.at < ${glitchAt}::timestamptz order by p.at desc limit 1) previous
        returning device_id, at
      )
      insert into device_logs (organization_id, property_id, device_id, device_type, id_number, action, meter_event, meter_event_at, user_email, created_at)
      select m.organization_id, m.property_id, m.id, m.device_type, m.id_number, 'updated', 'implausibleStep', k.at, '', k.at
      from kept k join meter m on m.id = k.device_id
    `);
}

/**
 * Adds the use of the readings made for (from, to] to the hourly, daily and monthly rollups: each
 * interval (prev_at, at] spread over the hours it covers in proportion to time (a gap's use is
 * estimated), the days and months local to the property's time zone. Additive, like the ingest's.
 */
async function addRollups(db: Queryable, propertyId: string, from: string, to: string) {
  await db.execute(sql`
    with zone as (select time_zone from properties where id = ${propertyId}),
    interval_use as (
      select r.device_id, r.at, r.prev_at, r.use, r.estimated, r.simulated
      from readings r join devices d on d.id = r.device_id
      where d.property_id = ${propertyId} and r.at > ${from}::timestamptz and r.at <= ${to}::timestamptz
        and r.prev_at is not null and r.use > 0
    ),
    hourly as (
      select i.device_id, h.hour, sum(i.use * h.share) as use,
        sum(case when i.estimated then i.use * h.share else 0 end) as estimated_use,
        sum(case when i.simulated then i.use * h.share else 0 end) as simulated_use
      from interval_use i
      cross join lateral (
        select hour, extract(epoch from least(hour + interval '1 hour', i.at) - greatest(hour, i.prev_at))
          / extract(epoch from i.at - i.prev_at) as share
        from generate_series(date_trunc('hour', i.prev_at, 'UTC'), i.at - interval '1 microsecond', interval '1 hour') hour
      ) h
      group by 1, 2
    ),
    add_hours as (
      insert into use_hourly (device_id, hour, use, estimated_use, simulated_use)
      select device_id, hour, use, estimated_use, simulated_use from hourly
      on conflict (device_id, hour) do update set use = use_hourly.use + excluded.use,
        estimated_use = use_hourly.estimated_use + excluded.estimated_use,
        simulated_use = use_hourly.simulated_use + excluded.simulated_use
    ),
    add_days as (
      insert into use_daily (device_id, day, use, estimated_use, simulated_use)
      select device_id, (hour at time zone (select time_zone from zone))::date, sum(use), sum(estimated_use), sum(simulated_use)
      from hourly group by 1, 2
      on conflict (device_id, day) do update set use = use_daily.use + excluded.use,
        estimated_use = use_daily.estimated_use + excluded.estimated_use,
        simulated_use = use_daily.simulated_use + excluded.simulated_use
    )
    insert into use_monthly (device_id, month, use, estimated_use, simulated_use)
    select device_id, date_trunc('month', hour at time zone (select time_zone from zone))::date, sum(use), sum(estimated_use), sum(simulated_use)
    from hourly group by 1, 2
    on conflict (device_id, month) do update set use = use_monthly.use + excluded.use,
      estimated_use = use_monthly.estimated_use + excluded.estimated_use,
      simulated_use = use_monthly.simulated_use + excluded.simulated_use
  `);
}

/** The meters that sent readings in (from, to], and their areas' gateways, were heard then. */
async function markSeen(db: Queryable, propertyId: string, from: string, to: string) {
  await db.execute(sql`
    with newest as (
      select r.device_id, max(r.at) as at
      from readings r join devices d on d.id = r.device_id
      where d.property_id = ${propertyId} and r.at > ${from}::timestamptz and r.at <= ${to}::timestamptz
      group by 1
    ),
    heard as (
      select device_id as id, at from newest
      union all
      select g.id, max(n.at)
      from newest n join devices m on m.id = n.device_id
      join devices g on g.area_id = m.area_id and g.device_type = 'gw'
      group by g.id
    )
    update devices d set last_seen_at = greatest(d.last_seen_at, heard.at)
    from heard where d.id = heard.id
  `);
}
