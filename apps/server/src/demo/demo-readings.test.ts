// The demo's readings (demo-readings.ts) on PGlite and PostgreSQL: registers that only climb, the
// derived use and rollups as the ingest keeps them, and the year's stories (an outage, a replaced
// meter, an implausible register, a leak, a silent gateway) where the screens will look for them.
// Windows of days around each story stand in for the whole year, which is measured, not tested
// here (docs/telemetry.md "Demo data").
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLogs } from '../db/schema/devices';
import { demoFeeds, meterReplacements } from '../db/schema/telemetry';
import { recomputeRollups } from '../modules/telemetry/rollups';
import { SecretBox } from '../secrets/secret-box';
import { createTestDatabase, type TestDatabase, testDrivers } from '../test/database';
import { catchUpDemoFeeds, DEMO_STORIES } from './demo-readings';
import { DEMO_SITE_MANAGER, seedDemo } from './seed-demo';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe.each(testDrivers)('demo readings on %s', (driver) => {
  let database: TestDatabase;
  let seed: number;
  const made: Record<string, number> = {};
  const db = () => database.db;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db().execute(query)) as unknown as { rows: T[] }).rows;
  /**
   * Generates (from, to] (times before the seed) as a portal would, on a clean slate: each story's
   * window of days stands alone, without a gap of months back to the window before.
   */
  const generate = async (
    fromBeforeSeed: number,
    toBeforeSeed: number,
    stopped: () => boolean = () => false,
  ) => {
    await db().execute(sql`delete from readings`);
    for (const rollup of ['use_hourly', 'use_daily', 'use_monthly'])
      await db().execute(sql`delete from ${sql.identifier(rollup)}`);
    await db()
      .update(demoFeeds)
      .set({ generatedTo: new Date(seed - fromBeforeSeed) });
    return catchUpDemoFeeds(database, seed - toBeforeSeed, stopped);
  };
  /** The rollups as they are equal the ingest's rebuild of them from the readings. */
  const expectRollupsRebuilt = async () => {
    const snapshot = async () => ({
      hours: await rows(sql`
        select device_id, hour, round(use::numeric, 6)::float8 as use,
          round(estimated_use::numeric, 6)::float8 as estimated_use
        from use_hourly order by 1, 2`),
      days: await rows(sql`
        select device_id, day::text, round(use::numeric, 6)::float8 as use from use_daily order by 1, 2`),
      months: await rows(sql`
        select device_id, month::text, round(use::numeric, 6)::float8 as use from use_monthly order by 1, 2`),
    });
    const own = await snapshot();
    const meters = await rows<{ id: string }>(sql`select distinct device_id as id from readings`);
    await recomputeRollups(
      db(),
      meters.map((meter) => meter.id),
    );
    expect(await snapshot()).toEqual(own);
  };
  /** The meter of a flat, by type. */
  const meterOf = async (flat: number, type: string) => {
    const [meter] = await rows<{ id: string }>(sql`
      select d.id from devices d join areas a on a.id = d.area_id
      where a.number = ${flat} and d.device_type = ${type}`);
    if (!meter) throw new Error(`no ${type} meter in flat ${flat}`);
    return meter.id;
  };
  const readingsOf = (deviceId: string, from: number, to: number) =>
    rows<{
      at: string;
      value: number;
      use: number;
      kind: number;
      prev_at: string | null;
      estimated: boolean;
    }>(sql`
      select at, value, use, kind, prev_at, estimated from readings
      where device_id = ${deviceId} and at >= ${new Date(from).toISOString()}::timestamptz
        and at <= ${new Date(to).toISOString()}::timestamptz
      order by at`);

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database, new SecretBox(randomBytes(32)));
    const [feed] = await db().select().from(demoFeeds);
    if (!feed) throw new Error('the demo registered no feed');
    seed = feed.seededAt.getTime();
  });
  afterAll(() => database.drop());

  it('registers a year of history before the seed, on a quarter hour', async () => {
    const fresh = await createTestDatabase(driver);
    try {
      const before = Date.now();
      await seedDemo(fresh, new SecretBox(randomBytes(32)));
      const [feed] = await fresh.db.select().from(demoFeeds);
      expect(feed?.seededAt.getTime() ?? 0).toBeLessThanOrEqual(Date.now());
      expect((feed?.seededAt.getTime() ?? 0) % (15 * 60_000)).toBe(0);
      expect(before - (feed?.generatedTo.getTime() ?? 0)).toBeGreaterThan(364 * DAY);
    } finally {
      await fresh.drop();
    }
  });

  it("leaves a gap where flat 1003's gateway was silent, its use estimated over the hours", async () => {
    const { pastOutage } = DEMO_STORIES;
    made.outage = await generate(
      pastOutage.startsBeforeSeedMs + DAY,
      pastOutage.startsBeforeSeedMs - 2 * DAY,
    );
    const heat = await meterOf(pastOutage.flat, 'hw');
    const start = seed - pastOutage.startsBeforeSeedMs;
    const gaps = await rows<{ flat: number; hours: number }>(sql`
      select a.number as flat, extract(epoch from r.at - r.prev_at)::int / 3600 as hours
      from readings r join devices d on d.id = r.device_id join areas a on a.id = d.area_id
      where r.estimated order by 1`);
    // Its three meters, each with one interval of the outage's length.
    expect(gaps).toEqual(Array.from({ length: 3 }, () => ({ flat: pastOutage.flat, hours: 30 })));
    const [hours] = await rows<{ estimated: number }>(sql`
      select count(*)::int as estimated from use_hourly
      where device_id = ${heat} and estimated_use > 0.001
        and hour >= ${new Date(start).toISOString()}::timestamptz`);
    // Hot water is used in the mornings and evenings of the day and a half without readings.
    expect(hours?.estimated).toBeGreaterThanOrEqual(30);
  });

  it("records flat 1005's new hot-water meter: no spike, the register starting again", async () => {
    const { replacement } = DEMO_STORIES;
    await generate(replacement.beforeSeedMs + DAY, replacement.beforeSeedMs - DAY);
    const meter = await meterOf(replacement.flat, 'hw');
    const at = seed - replacement.beforeSeedMs;
    const around = await readingsOf(meter, at - HOUR, at + HOUR);
    const [recorded] = await db()
      .select()
      .from(meterReplacements)
      .where(eq(meterReplacements.deviceId, meter));
    const first = around.find((reading) => reading.kind === 5);
    const before = around.filter((reading) => new Date(reading.at).getTime() < at).at(-1);
    expect(first).toMatchObject({ value: replacement.newFirstLitres });
    expect(recorded?.at.getTime()).toBe(at);
    expect(recorded?.newFirst).toBe(replacement.newFirstLitres);
    expect(recorded?.oldFinal).toBeCloseTo((before?.value ?? 0) + (first?.use ?? 0), 3);
    expect(Math.max(...around.map((reading) => reading.use))).toBeLessThan(100);
    const [entry] = await db()
      .select()
      .from(deviceLogs)
      .where(and(eq(deviceLogs.deviceId, meter), eq(deviceLogs.meterEvent, 'replacementRecorded')));
    expect(entry).toMatchObject({ action: 'updated', userEmail: DEMO_SITE_MANAGER.email });
  });

  it("keeps flat 1010's implausible register out of use, and logs it as the portal's", async () => {
    const { glitch } = DEMO_STORIES;
    await generate(glitch.beforeSeedMs + DAY, glitch.beforeSeedMs - DAY);
    const meter = await meterOf(glitch.flat, 'el');
    const at = seed - glitch.beforeSeedMs;
    const [before, odd, next] = await readingsOf(meter, at - 15 * 60_000, at + 15 * 60_000);
    expect(odd).toMatchObject({ kind: 4, use: 0 });
    expect(odd?.value).toBeCloseTo((before?.value ?? 0) + glitch.stepWh, 3);
    // The next reading's interval goes back to the last plausible one: nothing counted twice.
    expect(next?.prev_at && new Date(next.prev_at).getTime()).toBe(
      new Date(before?.at ?? 0).getTime(),
    );
    expect(next?.use).toBeLessThan(1000);
    const [entry] = await db()
      .select()
      .from(deviceLogs)
      .where(and(eq(deviceLogs.deviceId, meter), eq(deviceLogs.meterEvent, 'implausibleStep')));
    expect(entry).toMatchObject({ userEmail: '', userId: null });
    expect(entry?.meterEventAt?.getTime()).toBe(at);
  });

  it("makes every meter's quarter-hour registers, simulated, climbing, never negative use", async () => {
    made.lastDays = await generate(5 * DAY, 0);
    // 76 meters × 5 days of quarters, less the silent gateway's meters' last four hours.
    expect(made.lastDays).toBe(76 * 5 * 96 - 3 * 16);
    const [facts] = await rows<{
      meters: number;
      not_simulated: number;
      negative: number;
      falling: number;
    }>(sql`
      select count(distinct device_id)::int as meters,
        count(*) filter (where not simulated)::int as not_simulated,
        count(*) filter (where use < 0)::int as negative,
        count(*) filter (where kind = 0 and prev_value is not null and value < prev_value)::int as falling
      from (select *, lag(value) over (partition by device_id order by at) as prev_value from readings
            where kind not in (3, 4)) r`);
    expect(facts).toEqual({ meters: 76, not_simulated: 0, negative: 0, falling: 0 });
  });

  it('keeps hourly, daily and monthly use equal to the use of the readings, per meter', async () => {
    const mismatches = await rows<{ device_id: string }>(sql`
      with r as (select device_id, sum(use) as use from readings group by 1),
      h as (select device_id, sum(use) as use, sum(simulated_use) as simulated from use_hourly group by 1),
      d as (select device_id, sum(use) as use from use_daily group by 1),
      m as (select device_id, sum(use) as use from use_monthly group by 1)
      select r.device_id from r
      left join h using (device_id) left join d using (device_id) left join m using (device_id)
      where abs(r.use - coalesce(h.use, 0)) > 0.01 or abs(r.use - coalesce(d.use, 0)) > 0.01
        or abs(r.use - coalesce(m.use, 0)) > 0.01 or abs(r.use - coalesce(h.simulated, 0)) > 0.01`);
    expect(mismatches).toEqual([]);
  });

  it("writes the same rollups as the ingest's full recompute of the readings", async () => {
    const snapshot = () =>
      rows<{ device_id: string; hour: string; use: number; estimated_use: number }>(sql`
        select device_id, hour, round(use::numeric, 6)::float8 as use,
          round(estimated_use::numeric, 6)::float8 as estimated_use
        from use_hourly order by 1, 2`);
    const days = () =>
      rows<{ device_id: string; day: string; use: number }>(sql`
        select device_id, day::text, round(use::numeric, 6)::float8 as use from use_daily order by 1, 2`);
    const [ownHours, ownDays] = [await snapshot(), await days()];
    const meters = await rows<{ id: string }>(sql`select distinct device_id as id from readings`);
    await recomputeRollups(
      db(),
      meters.map((meter) => meter.id),
    );
    expect(await snapshot()).toEqual(ownHours);
    expect(await days()).toEqual(ownDays);
    expect(ownHours.length).toBeGreaterThan(70 * 5 * 24 * 0.5);
  });

  it('does not make a reading twice: a second run, or two at once, find nothing left to do', async () => {
    const again = await Promise.all([
      catchUpDemoFeeds(database, seed),
      catchUpDemoFeeds(database, seed),
    ]);
    expect(again).toEqual([0, 0]);
  });

  it("runs flat 1108's cold water every hour of the last nights (a leak)", async () => {
    const { leak } = DEMO_STORIES;
    const meter = await meterOf(leak.flat, 'cw');
    const [night] = await rows<{ hours: number; dry: number }>(sql`
      select count(*)::int as hours, count(*) filter (where use <= 0)::int as dry from use_hourly
      where device_id = ${meter} and hour > ${new Date(seed - 3 * DAY).toISOString()}::timestamptz
        and hour <= ${new Date(seed - HOUR).toISOString()}::timestamptz`);
    expect(night).toEqual({ hours: 71, dry: 0 });
  });

  it("leaves flat 1112's gateway and meters silent since four hours before the seed", async () => {
    const seen = await rows<{ flat: number; type: string; last_seen_at: string }>(sql`
      select a.number as flat, d.device_type as type, d.last_seen_at from devices d
      join areas a on a.id = d.area_id where a.number in (1111, 1112) order by 1, 2`);
    const silentSince = seed - DEMO_STORIES.silentGateway.beforeSeedMs;
    for (const device of seen)
      expect([device.flat, device.type, new Date(device.last_seen_at).getTime()]).toEqual([
        device.flat,
        device.type,
        device.flat === 1112 ? silentSince : seed,
      ]);
    expect(seen).toHaveLength(8);
  });
  it('continues a start cut off after its first transaction, meter by meter, to the same year', async () => {
    // 20 days of 76 meters is more than one transaction's share: the first stops part-way.
    const days = 20;
    let transactions = 0;
    const first = await generate(days * DAY, 0, () => transactions++ >= 1);
    const [progress] = await db().select().from(demoFeeds);
    const made = await rows<{ id: string; readings: number }>(sql`
      select device_id as id, count(*)::int as readings from readings group by 1 order by 1`);
    const meters = await rows<{ id: string }>(sql`
      select id from devices where device_type in ('heat', 'el', 'hw', 'cw') order by id`);
    // Whole meters (the silent gateway's without its last four hours), the first ones by id; the
    // feed has not moved on, since meters are left.
    expect(made.length).toBeGreaterThan(0);
    expect(made.length).toBeLessThan(76);
    expect(made.map((meter) => meter.id)).toEqual(
      meters.slice(0, made.length).map((meter) => meter.id),
    );
    for (const meter of made) expect([days * 96, days * 96 - 16]).toContain(meter.readings);
    expect(progress?.generatedTo.getTime()).toBe(seed - days * DAY);
    const rest = await catchUpDemoFeeds(database, seed);
    // 76 meters × 20 days of quarters, less the silent gateway's meters' last four hours.
    expect(first + rest).toBe(76 * days * 96 - 3 * 16);
    const [finished] = await db().select().from(demoFeeds);
    expect(finished?.generatedTo.getTime()).toBe(seed);
    await expectRollupsRebuilt();
  });

  it('goes on every quarter hour after the year: one reading a meter, measured from the last', async () => {
    const quarter = 15 * 60_000;
    const made = await catchUpDemoFeeds(database, seed + quarter);
    // Every meter but the silent gateway's three.
    expect(made).toBe(76 - 3);
    const [next] = await rows<{ readings: number; from_last: number }>(sql`
      select count(*)::int as readings,
        count(*) filter (where prev_at = ${new Date(seed).toISOString()}::timestamptz and kind = 0)::int as from_last
      from readings where at = ${new Date(seed + quarter).toISOString()}::timestamptz`);
    expect(next).toEqual({ readings: 73, from_last: 73 });
    await expectRollupsRebuilt();
  });
});
