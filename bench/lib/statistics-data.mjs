// The data W4 and W5 measure statistics on: a property of 285 meters (94 flats with hot water,
// cold water and household electricity; the building's heat, electricity and solar meters) with
// a calendar year of use, in a database of its own on PGlite or PostgreSQL, and a portal serving
// it. Made once per run and driver, shared by W4 and W5, dropped when the run ends.
//
// The accounts, property and areas are made through the API as a site manager would; the meters,
// readings and rollups straight in SQL while no portal runs, from one closed-form register per
// meter (a daily and a yearly cycle around its mean use, rising monotonically, rounded to 3
// decimals as the ingest stores registers), so the readings hold neither gaps nor resets and the
// raw-readings baseline of W5 computes exactly what the rollups say.
//
// On PostgreSQL: a year of 15-minute readings (285 × 35 041 ≈ 10 M rows) made with
// generate_series; the hourly rollup from the same registers (an hour's use is the register at its
// end less the one at its start: what its readings sum to, without reading 10 M rows again), the
// daily one from the hours by local date and the monthly one from the days, as the ingest keeps
// them. Once the ingest is merged, its recomputeRollups(db, deviceIds) replaces hourlyFromRegisters,
// dailyFromHourly and monthlyFromDaily here. On PGlite no readings: 10 M rows take PGlite
// (WebAssembly, one thread) minutes and gigabytes (about 11 s and 390 MB per million rows on the
// project's machine), and statistics never read readings — the daily rollup is written from the
// registers at local midnights, the monthly one from it. W5's comparison with the raw readings is
// therefore measured on PostgreSQL only.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createPostgresDatabase } from './environments.mjs';
import { callApi, signIn, startPortal } from './portal.mjs';
import { POSTGRES_ADMIN_URL } from './settings.mjs';

export const TIME_ZONE = 'Europe/Stockholm';
/** The year of use: complete, so a year by month has twelve full months. */
export const YEAR = 2025;
const FLATS = { from: 1001, to: 1094 };
export const METERS = (FLATS.to - FLATS.from + 1) * 3 + 3;
/** Quarter-hours in the year (365 days); readings k = 0 … QUARTERS, the first opens the series. */
const QUARTERS = 365 * 96;
/** Local midnight of 1 January: the instant k = 0. */
const YEAR_START = `${YEAR}-01-01T00:00:00+01:00`;

/**
 * @typedef {{ query: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>,
 *   close: () => Promise<void> }} Sql
 * @typedef {{ from: string, to: string, totalEnergyWh: number,
 *   series: { type: string, total: number, buckets: { start: string, value: number }[] }[] }}
 *   StatisticsAnswer the parts of DESIGN §4.4's statistics answer the workloads read
 * @typedef {object} StatisticsEnvironment
 * @property {'pglite' | 'postgres'} driver
 * @property {import('./processes.mjs').RunningProcess} portal serving the data
 * @property {string} accessToken the demo site manager's
 * @property {string} propertyId
 * @property {number} meters
 * @property {number} readings 0 on PGlite
 * @property {Record<string, number>} seconds how long each step of preparing took
 * @property {string | undefined} databaseUrl PostgreSQL: for W5's raw-readings baseline
 */

/**
 * The register of a meter (its parameters in `p`) at quarter-hour `k` of the year, Wh or litres:
 * base + rate × (h − daily·24/2π·cos(2πh/24 + phase) − seasonal·8760/2π·cos(2πh/8760 + season)),
 * h = k/4, whose slope rate × (1 + daily·sin(…) + seasonal·sin(…)) is never negative as
 * daily + seasonal ≤ 1. Rounded to mWh or ml.
 * @param {string} k SQL for the quarter-hour
 */
const register = (k) =>
  `round((p.base + p.rate * ((${k})::float8 / 4
    - p.daily * ${24 / (2 * Math.PI)} * cos(2 * pi() * (${k})::float8 / 96 + p.phase)
    - p.seasonal * ${8760 / (2 * Math.PI)} * cos(2 * pi() * (${k})::float8 / ${QUARTERS} + p.season))) * 1000) / 1000`;

/**
 * Each meter of the property with its register's parameters: mean use per hour by type and role,
 * varied by flat (0.6–1.4×); heat mostly yearly (winter), water and household electricity mostly
 * daily, solar by day and summer. $1 is the property.
 */
const METER_PARAMETERS = `
  with m as (
    select d.id, d.device_type, d.role, coalesce(a.number, 0) as n
    from devices d join areas a on a.id = d.area_id
    where d.property_id = $1 and d.device_type in ('heat', 'el', 'hw', 'cw')
  ), p as (
    select id,
      (case when device_type = 'heat' then 60000 when device_type = 'hw' then 6
        when device_type = 'cw' then 12 when role = 'production' then 1500
        when role = 'household' then 250 else 5000 end) * (0.6 + 0.8 * (n % 17) / 17.0) as rate,
      case when device_type = 'heat' then 0.15 when role = 'production' then 0.7
        when device_type in ('hw', 'cw') then 0.8 else 0.5 end as daily,
      case when device_type = 'heat' then 0.8 when role = 'production' then 0.3
        else 0.15 end as seasonal,
      2 * pi() * (n % 24) / 24.0 as phase,
      case when role = 'production' then -pi() / 2 else pi() / 2 end as season,
      1 + n % 5 as years
    from m
  ), parameters as (
    select id, rate::float8, daily::float8, seasonal::float8, phase::float8, season::float8,
      (rate * 8760 * years)::float8 as base
    from p
  )`;

/**
 * The meters in SQL, M-Bus ids as the device form stores them (KAM20001001, key
 * mbus:20001001:KAM): per flat hot water, cold water and household electricity, and in the
 * technical room the heat, the building's electricity and the solar production meter. Serials
 * starting 1–4 are not the demo's (5–9), whose organization this property shares.
 * @param {Sql} sql
 * @param {string} propertyId
 */
async function insertMeters(sql, propertyId) {
  await sql.query(
    `insert into devices (organization_id, property_id, area_id, device_type, id_number, id_key, name, role)
     select a.organization_id, a.property_id, a.id, m.type,
       m.maker || m.digit || lpad(coalesce(a.number, m.serial)::text, 7, '0'),
       'mbus:' || m.digit || lpad(coalesce(a.number, m.serial)::text, 7, '0') || ':' || m.maker,
       m.name, m.role
     from areas a join (values
       ('apt', 'hw', 'AXI', '4', 0, 'Varmvatten', null),
       ('apt', 'cw', 'AXI', '3', 0, 'Kallvatten', null),
       ('apt', 'el', 'KAM', '2', 0, 'Hushållsel', 'household'),
       ('misc', 'heat', 'KAM', '1', 1, 'Fjärrvärme', null),
       ('misc', 'el', 'KAM', '1', 2, 'Fastighetsel', 'consumption'),
       ('misc', 'el', 'ELV', '1', 3, 'Solceller', 'production')
     ) as m(area_type, type, maker, digit, serial, name, role) on m.area_type = a.area_type
     where a.property_id = $1`,
    [propertyId],
  );
  const [row] = await sql.query(
    `select count(*)::int as meters from devices where property_id = $1`,
    [propertyId],
  );
  if (row?.meters !== METERS) throw new Error(`made ${row?.meters} meters, not ${METERS}`);
}

/**
 * A year of 15-minute readings of every meter, as the ingest stores them: the register, the
 * interval it closes and the use in it (the first reading of each meter opens its series).
 * @param {Sql} sql
 * @param {string} propertyId
 */
async function insertReadings(sql, propertyId) {
  // Every reading's meter exists, by construction: its foreign key's check per row (half the
  // load's time) is left out as pg_restore --disable-triggers does, where the role may (superuser).
  const unchecked = await sql
    .query(`set session_replication_role = replica`)
    .then(() => true)
    .catch(() => false);
  await sql.query(
    `${METER_PARAMETERS}
     insert into readings (device_id, at, value, prev_at, use, kind)
     select p.id, $2::timestamptz + k * interval '15 minutes', r.value,
       case when k > 0 then $2::timestamptz + (k - 1) * interval '15 minutes' end,
       case when k > 0 then r.value - r.previous else 0 end,
       case when k > 0 then 0 else 1 end
     from parameters p cross join generate_series(0, $3::int) as k
     cross join lateral (select ${register('k')} as value, ${register('k - 1')} as previous) r`,
    [propertyId, YEAR_START, QUARTERS],
  );
  if (unchecked) await sql.query(`set session_replication_role = origin`);
}

/**
 * The hourly rollup from the registers: each UTC hour's use is the register at its end less the
 * register at its start (hours fall on every fourth quarter-hour of the year) — what summing the
 * hour's readings gives, computed without reading them; W5 checks the two agree.
 * @param {Sql} sql
 * @param {string} propertyId
 */
async function hourlyFromRegisters(sql, propertyId) {
  await sql.query(
    `${METER_PARAMETERS}
     insert into use_hourly (device_id, hour, use)
     select p.id, $2::timestamptz + h * interval '1 hour', ${register('4 * h + 4')} - ${register('4 * h')}
     from parameters p cross join generate_series(0, $3::int - 1) as h`,
    [propertyId, YEAR_START, QUARTERS / 4],
  );
}

/**
 * The daily rollup from the hourly one, as the ingest keeps it: an hour counts on the local date
 * it starts on.
 * @param {Sql} sql
 * @param {string} propertyId
 */
async function dailyFromHourly(sql, propertyId) {
  await sql.query(
    `insert into use_daily (device_id, day, use, estimated_use, simulated_use)
     select h.device_id, (h.hour at time zone $2)::date, sum(h.use), sum(h.estimated_use), sum(h.simulated_use)
     from use_hourly h join devices d on d.id = h.device_id
     where d.property_id = $1
     group by 1, 2`,
    [propertyId, TIME_ZONE],
  );
}

/**
 * PGlite: the daily rollup straight from the registers, each local day's use the register at its
 * end less the register at its start (local midnights fall on whole quarter-hours, even on the
 * 23- and 25-hour days).
 * @param {Sql} sql
 * @param {string} propertyId
 */
async function dailyFromRegisters(sql, propertyId) {
  await sql.query(
    `${METER_PARAMETERS}
     insert into use_daily (device_id, day, use)
     select p.id, d.day, ${register('d.k1')} - ${register('d.k0')}
     from parameters p cross join (
       select day, extract(epoch from (day::timestamp at time zone $3) - $2::timestamptz) / 900 as k0,
         extract(epoch from ((day + 1)::timestamp at time zone $3) - $2::timestamptz) / 900 as k1
       from (select $2::date + i as day from generate_series(0, 364) as i) as days
     ) as d`,
    [propertyId, `${YEAR}-01-01`, TIME_ZONE],
  );
}

/** @param {Sql} sql @param {string} propertyId */
async function monthlyFromDaily(sql, propertyId) {
  await sql.query(
    `insert into use_monthly (device_id, month, use, estimated_use, simulated_use)
     select u.device_id, date_trunc('month', u.day)::date, sum(u.use), sum(u.estimated_use), sum(u.simulated_use)
     from use_daily u join devices d on d.id = u.device_id
     where d.property_id = $1
     group by 1, 2`,
    [propertyId],
  );
}

/**
 * A connection to the data while no portal runs (PGlite allows one process at a time).
 * @param {import('./portal.mjs').DatabasePlace} place
 * @returns {Promise<Sql>}
 */
async function openSql(place) {
  if (place.driver === 'postgres') {
    const client = new pg.Client({ connectionString: place.databaseUrl });
    await client.connect();
    // Sorting and hashing millions of rows in memory rather than in temporary files.
    await client.query(`set work_mem = '256MB'`);
    return {
      query: async (text, params) => (await client.query(text, params)).rows,
      close: () => client.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create({ dataDir: path.join(place.dataDir, 'pgdata') });
  return {
    query: async (text, params) => (await client.query(text, params)).rows,
    close: () => client.close(),
  };
}

/**
 * The accounts (the demo's), the property and its 95 areas, through the API.
 * @param {import('./portal.mjs').DatabasePlace} place
 * @param {string} driver
 */
async function createProperty(place, driver) {
  const portal = await startPortal({
    ...place,
    name: `portal (${driver}, preparing statistics)`,
    demo: true,
  });
  try {
    const { accessToken: token } = await signIn(portal.url);
    /** @type {{ name: string, organizationId: string }[]} */
    const properties = await callApi(portal.url, 'GET', '/api/properties', { token });
    const demo = properties.find((property) => property.name === 'Solrosen 1');
    if (!demo) throw new Error('the demo property Solrosen 1 is missing: is the demo seeded?');
    const property = await callApi(portal.url, 'POST', '/api/properties', {
      token,
      body: {
        name: `Bench ${METERS} meters`,
        organizationId: demo.organizationId,
        propertyType: 'multi-dwelling',
        timeZone: TIME_ZONE,
      },
    });
    await callApi(portal.url, 'POST', `/api/properties/${property.id}/areas/bulk`, {
      token,
      body: { areaType: 'apt', from: FLATS.from, to: FLATS.to, namePrefix: 'Lgh ' },
    });
    await callApi(portal.url, 'POST', `/api/properties/${property.id}/areas`, {
      token,
      body: { areaType: 'misc', name: 'Undercentral' },
    });
    return /** @type {string} */ (property.id);
  } finally {
    await portal.stop();
  }
}

/**
 * @param {{ driver: 'pglite' | 'postgres', directory: string, postgresAdminUrl: string,
 *   log: (line: string) => void, track: (process: import('./processes.mjs').RunningProcess) =>
 *   import('./processes.mjs').RunningProcess, onClose: (cleanup: () => Promise<void>) => void }}
 *   options
 * @returns {Promise<StatisticsEnvironment | null>} null: PostgreSQL was asked for and none answers
 */
export async function prepareStatisticsEnvironment(options) {
  const { driver, log } = options;
  mkdirSync(options.directory, { recursive: true });
  const dataDir = path.join(options.directory, 'data');
  /** @type {import('./portal.mjs').DatabasePlace} */
  let place = { driver: 'pglite', dataDir };
  if (driver === 'postgres') {
    const database = await createPostgresDatabase(
      options.postgresAdminUrl,
      `bench_statistics_${process.pid}_${Date.now().toString(36)}`,
    );
    if (!database) return null;
    options.onClose(database.drop);
    place = { driver: 'postgres', databaseUrl: database.url, dataDir };
  }
  options.onClose(async () => rmSync(options.directory, { recursive: true, force: true }));

  /** @type {Record<string, number>} */
  const seconds = {};
  /** @template T @param {string} step @param {() => Promise<T>} work @returns {Promise<T>} */
  const timed = async (step, work) => {
    const began = performance.now();
    const result = await work();
    seconds[step] = Math.round((performance.now() - began) / 100) / 10;
    return result;
  };

  log(`  preparing ${driver}: a property of ${METERS} meters with a year of use`);
  const propertyId = await timed('property', () => createProperty(place, driver));
  const sql = await openSql(place);
  let readings = 0;
  try {
    await timed('meters', () => insertMeters(sql, propertyId));
    if (driver === 'postgres') {
      await timed('readings', () => insertReadings(sql, propertyId));
      const [row] = await sql.query(`select count(*)::int as readings from readings`);
      readings = Number(row?.readings ?? 0);
      await timed('hourly', () => hourlyFromRegisters(sql, propertyId));
      await timed('daily', () => dailyFromHourly(sql, propertyId));
    } else {
      await timed('daily', () => dailyFromRegisters(sql, propertyId));
    }
    await timed('monthly', () => monthlyFromDaily(sql, propertyId));
    await timed('analyze', async () => {
      await sql.query('analyze');
      // Writes the load's dirty pages now rather than during a measurement (superusers and
      // pg_checkpoint members only: skipped otherwise).
      if (driver === 'postgres') await sql.query('checkpoint').catch(() => {});
    });
  } finally {
    await sql.close();
  }
  log(`  prepared in ${JSON.stringify(seconds)} s`);

  const portal = options.track(
    await startPortal({ ...place, name: `portal (${driver}, ${METERS} meters)` }),
  );
  const session = await signIn(portal.url);
  return {
    driver,
    portal,
    accessToken: session.accessToken,
    propertyId,
    meters: METERS,
    readings,
    seconds,
    databaseUrl: place.driver === 'postgres' ? place.databaseUrl : undefined,
  };
}

/**
 * The statistics data of a driver, made the first time W4 or W5 asks; null when the run does not
 * measure on that driver (or no PostgreSQL answers).
 * @param {import('./context.mjs').Context} context
 * @param {'pglite' | 'postgres'} driver
 * @returns {Promise<StatisticsEnvironment | null>}
 */
export function statisticsEnvironment(context, driver) {
  return context.shared(`statistics:${driver}`, async () => {
    if (!context.drivers.includes(driver)) return null;
    return prepareStatisticsEnvironment({
      driver,
      directory: path.join(context.workDirectory, `statistics-${driver}`),
      postgresAdminUrl: POSTGRES_ADMIN_URL,
      log: context.log,
      track: context.track,
      onClose: context.onClose,
    });
  });
}

/** The call W4 and W5 time: the property's year by month, every type, one series per type. */
export const YEAR_BY_MONTH = (/** @type {string} */ propertyId) =>
  `/api/properties/${propertyId}/statistics?period=year&date=${YEAR}-06-15`;
