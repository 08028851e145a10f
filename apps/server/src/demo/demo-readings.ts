// The demo's meter readings (issue 13): a year of 15-minute registers for Solrosen 1's meters up
// to the seed, then kept going while the portal runs, so the energy screens, the flags and the
// offline view have something true-to-life to show. Everything is flagged `simulated`.
//
// The readings are computed in memory (demo-chunk.ts: registers, the derived columns prev_at, use,
// kind and estimated as the ingest would set them, the use per hour), loaded in bulk
// (demo-chunk-store.ts: a binary COPY on PGlite) and their rollups added in the same transaction.
// The work goes meter by meter in id order, a few meters' whole window per transaction: requests
// are answered between chunks (PGlite has one connection), a start cut off half-way continues
// where it stopped, and the readings' primary key grows at its right edge (docs/demo-data.md).
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

import { localDateOf } from '@portal/contracts/periods';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/client';
import { demoFeeds } from '../db/schema/telemetry';
import { addToRollups } from '../modules/telemetry/rollups';
import {
  type DemoMeter,
  type GeneratedChunk,
  generateChunk,
  lastSentBy,
  QUARTER_MS,
  type StoryTimes,
} from './demo-chunk';
import { type ChunkLoader, inChunkTransaction } from './demo-chunk-store';
import {
  lockDemoMeters,
  logDemoGlitch,
  markDemoDevicesSeen,
  recordDemoReplacement,
} from './demo-feed.repository';
import { type LocalClock, localClocks } from './demo-meter-profiles';
import { type ChunkRollups, chunkRollups } from './demo-rollups';

const DAY_MS = 24 * 60 * 60_000;
/** A year of readings before the seed. */
const HISTORY_MS = 365 * DAY_MS;
/**
 * One transaction's share of the work, in readings (but at least one meter's whole window): a
 * meter's year (35 040) at a time, or every meter's last quarter hours. About a quarter of a second
 * on PGlite, so requests wait little; and in larger transactions PGlite's WebAssembly memory grew
 * (100 000 readings a transaction: 60 MB more, which it never gives back) for no gain in time.
 */
const CHUNK_READINGS = 36_000;

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
 * The quarter hours of a feed's window, their local clocks and the local date of each hour: worked
 * out once per catch-up, not once per chunk (the zone's offsets come from Intl, which is slow).
 */
type QuarterClock = {
  quarters: number[];
  clocks: LocalClock[];
  localDateOfHour: (hourMs: number) => string;
};

/** Each window's quarters, clocks and local dates up to `untilMs`, made on first use. */
function quarterClocks(untilMs: number) {
  const windows = new Map<string, QuarterClock>();
  return (fromMs: number, timeZone: string): QuarterClock => {
    const key = `${fromMs} ${timeZone}`;
    const known = windows.get(key);
    if (known) return known;
    const quarters: number[] = [];
    for (let atMs = fromMs + QUARTER_MS; atMs <= untilMs; atMs += QUARTER_MS) quarters.push(atMs);
    const dates = new Map<number, string>();
    const localDateOfHour = (hourMs: number) => {
      let date = dates.get(hourMs);
      if (date === undefined) {
        date = localDateOf(hourMs, timeZone);
        dates.set(hourMs, date);
      }
      return date;
    };
    const window = { quarters, clocks: localClocks(quarters, timeZone), localDateOfHour };
    windows.set(key, window);
    return window;
  };
}

/**
 * Generates every demo feed's readings from where it stopped up to `now` (floored to a quarter
 * hour), a few meters per transaction. Each chunk claims its feed's row first (`skip locked`), so
 * two portals on one PostgreSQL never make the same readings. Answers how many readings were made.
 */
export async function catchUpDemoFeeds(
  database: Database,
  now = Date.now(),
  stopped: () => boolean = () => false,
): Promise<number> {
  const untilMs = floorToQuarter(now);
  const feeds = await database.db.select({ propertyId: demoFeeds.propertyId }).from(demoFeeds);
  const quartersOf = quarterClocks(untilMs);
  let made = 0;
  for (const { propertyId } of feeds) {
    // A portal shutting down stops after the chunk under way; the next start continues.
    while (!stopped()) {
      const chunk = await inChunkTransaction(database, async (transaction, load) => {
        const [feed] = await transaction
          .select()
          .from(demoFeeds)
          .where(
            and(eq(demoFeeds.propertyId, propertyId), lt(demoFeeds.generatedTo, new Date(untilMs))),
          )
          .for('update', { skipLocked: true });
        if (!feed) return undefined;
        return writeChunk(transaction, load, feed, untilMs, quartersOf);
      });
      if (chunk === undefined) break;
      made += chunk;
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
    /** Stops the feed after the chunk under way; resolves when it is done, before the database
     * closes. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** The stories' instants for a feed seeded at `seedMs`. */
function storyTimes(seedMs: number): StoryTimes {
  const { pastOutage, replacement, glitch, leak, silentGateway } = DEMO_STORIES;
  const outageFromMs = seedMs - pastOutage.startsBeforeSeedMs;
  return {
    outage: {
      flat: pastOutage.flat,
      fromMs: outageFromMs,
      toMs: outageFromMs + pastOutage.durationMs,
    },
    replacement: {
      atMs: seedMs - replacement.beforeSeedMs,
      newFirst: replacement.newFirstLitres,
    },
    glitch: { atMs: seedMs - glitch.beforeSeedMs, stepWh: glitch.stepWh },
    leak: { fromMs: seedMs - leak.beforeSeedMs, litresPerQuarter: leak.litresPerQuarter },
    silentGateway: { flat: silentGateway.flat, fromMs: seedMs - silentGateway.beforeSeedMs },
  };
}

const STORY_METERS = {
  replaced: DEMO_STORIES.replacement,
  glitching: DEMO_STORIES.glitch,
  leaking: DEMO_STORIES.leak,
};

/**
 * The next few meters' readings of the feed's window (generatedTo, until], in id order: each
 * meter from its newest reading on, so a chunk cut off or a meter done before is not made again.
 * When no meter has readings left to make, the feed's progress moves to `until`.
 */
async function writeChunk(
  db: Queryable,
  load: ChunkLoader,
  feed: Feed,
  untilMs: number,
  quartersOf: (fromMs: number, timeZone: string) => QuarterClock,
) {
  const fromMs = feed.generatedTo.getTime();
  const stories = storyTimes(feed.seededAt.getTime());
  const { meters, gatewaysByArea, timeZone } = await lockDemoMeters(
    db,
    feed.propertyId,
    STORY_METERS,
  );
  const startOf = (meter: DemoMeter) => Math.max(fromMs, meter.latestAtMs ?? fromMs);
  const pending = meters.filter((meter) => lastSentBy(meter, untilMs, stories) > startOf(meter));
  const picked: DemoMeter[] = [];
  let readings = 0;
  for (const meter of pending) {
    const quarters = (untilMs - startOf(meter)) / QUARTER_MS;
    if (picked.length > 0 && readings + quarters > CHUNK_READINGS) break;
    picked.push(meter);
    readings += quarters;
  }
  if (picked.length > 0) {
    const window = quartersOf(fromMs, timeZone);
    const chunk = generateChunk(picked, window.quarters, window.clocks, stories);
    // Every picked meter has a reading to send in its window: none made would repeat forever.
    if (chunk.readings.count === 0)
      throw new Error('the demo meters picked made no readings (demo-chunk.ts lastSentBy)');
    const newestBefore = new Map(picked.map((meter) => [meter.id, meter.latestAtMs]));
    const rollups = chunkRollups(chunk.hours, newestBefore, window.localDateOfHour);
    await writeReadings(db, load, { chunk, rollups, meters: picked, gatewaysByArea, feed });
    readings = chunk.readings.count;
  } else readings = 0;
  if (picked.length === pending.length)
    await db
      .update(demoFeeds)
      .set({ generatedTo: new Date(untilMs) })
      .where(eq(demoFeeds.propertyId, feed.propertyId));
  return readings;
}

/** A chunk's readings, the stories' records, the rollups and the devices heard. */
async function writeReadings(
  db: Queryable,
  load: ChunkLoader,
  made: {
    chunk: GeneratedChunk;
    rollups: ChunkRollups;
    meters: readonly DemoMeter[];
    gatewaysByArea: ReadonlyMap<string, string[]>;
    feed: Feed;
  },
) {
  const { chunk, rollups, meters, gatewaysByArea, feed } = made;
  await load.readings(chunk.readings);
  if (chunk.replacement)
    await recordDemoReplacement(db, feed.organizationId, {
      ...chunk.replacement,
      newFirst: DEMO_STORIES.replacement.newFirstLitres,
    });
  if (chunk.glitch) await logDemoGlitch(db, chunk.glitch);
  await load.newHours(rollups.freshHours);
  await addToRollups(db, {
    hourly: rollups.addedHours,
    daily: rollups.daily,
    monthly: rollups.monthly,
  });
  await markDemoDevicesSeen(db, chunk.newest, meters, gatewaysByArea);
}
