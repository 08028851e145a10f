// W1: meter readings through POST /api/ingest/readings, as a gateway sends them (batches of
// 5 000 in-order 15-minute registers of 285 meters, rollups on), against a plain multi-row INSERT
// of the same rows into a table of the readings' shape in the same kind of database, in the same
// run: ≥ 0.5× on PGlite; ≥ 0.3× and ≥ 50 000 readings/s on PostgreSQL (DESIGN §7).
//
// Beside the budget it records what docs/telemetry.md reports: how the cost per reading grows with
// the batch size (100, 1 000, 5 000) and with the table's size (the first and the last batches of
// the run), and the server's resident memory while it ingests.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createPostgresDatabase } from '../lib/environments.mjs';
import { comparedFigure, failedFigure } from '../lib/figures.mjs';
import { callApi, signIn, startPortal } from '../lib/portal.mjs';
import { memoryOf, resetPeak } from '../lib/processes.mjs';
import { POSTGRES_ADMIN_URL } from '../lib/settings.mjs';

const METERS = 285;
const BATCH = 5000;
/** Batches of BATCH per measured round: 250 000 readings, about 3 weeks of 285 meters. */
const BATCHES_PER_ROUND = 50;
const SMALLER_BATCHES = [100, 1000];
const QUARTER_MS = 15 * 60_000;
const DRIVER_NAMES = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const POSTGRES_MINIMUM_RATE = 50_000;

/** @param {number} index */
const meterId = (index) => `KAM${String(20_000_000 + index).padStart(8, '0')}`;

/**
 * An endless, in-order stream of readings: every meter's register each quarter hour, in kWh.
 * @param {number} startMs
 */
export function readingStream(startMs) {
  let quarter = 0;
  let meter = 0;
  return {
    /** @param {number} count */
    next(count) {
      const readings = [];
      for (let index = 0; index < count; index++) {
        const at = new Date(startMs + quarter * QUARTER_MS).toISOString();
        readings.push({
          meter: meterId(meter),
          at,
          value: 1000 + quarter * 0.25 + meter,
          unit: 'kWh',
        });
        meter += 1;
        if (meter === METERS) {
          meter = 0;
          quarter += 1;
        }
      }
      return readings;
    },
  };
}

/**
 * A property with a gateway and METERS electricity meters, made through the API.
 * @param {string} url
 */
export async function addMeters(url) {
  const session = await signIn(url);
  const token = session.accessToken;
  /** @type {{ id: string, organizationId: string, name: string }[]} */
  const properties = await callApi(url, 'GET', '/api/properties', { token });
  const organizationId = properties[0]?.organizationId;
  const property = await callApi(url, 'POST', '/api/properties', {
    token,
    body: { name: 'Bench W1', organizationId, propertyType: 'multi-dwelling' },
  });
  const area = await callApi(url, 'POST', `/api/properties/${property.id}/areas`, {
    token,
    body: { areaType: 'misc', name: 'Undercentral' },
  });
  const gateway = await callApi(url, 'POST', `/api/areas/${area.id}/devices`, {
    token,
    body: { deviceType: 'gw', idNumber: '00:1F:7B:99:00:01' },
  });
  const csv = [
    'deviceType;idNumber;name;role',
    ...Array.from(
      { length: METERS },
      (_, index) => `el;${meterId(index)};Mätare ${index};consumption`,
    ),
  ].join('\n');
  const imported = await fetch(`${url}/api/areas/${area.id}/devices/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  if (!imported.ok)
    throw new Error(`the meters' import answered ${imported.status}: ${await imported.text()}`);
  return /** @type {string} */ (gateway.gatewayKey);
}

/**
 * Sends `batches` batches of `size` readings one after another; readings per second, and the
 * milliseconds of each batch.
 * @param {string} url
 * @param {string} key
 * @param {ReturnType<typeof readingStream>} stream
 * @param {number} size
 * @param {number} batches
 */
async function ingest(url, key, stream, size, batches) {
  const bodies = Array.from({ length: batches }, () =>
    JSON.stringify({ readings: stream.next(size) }),
  );
  const times = [];
  const began = performance.now();
  for (const body of bodies) {
    const sent = performance.now();
    const response = await fetch(`${url}/api/ingest/readings`, {
      method: 'POST',
      headers: { authorization: `Gateway ${key}`, 'content-type': 'application/json' },
      body,
    });
    const answer = await response.json();
    if (response.status !== 200 || answer.accepted !== size) {
      throw new Error(
        `a batch answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`,
      );
    }
    times.push(performance.now() - sent);
  }
  return { rate: (size * batches) / ((performance.now() - began) / 1000), times };
}

/**
 * The baseline: the same rows as multi-row INSERTs of BATCH rows into a table like `readings`
 * (its primary key, no derived work), one statement per batch.
 * @param {{ query: (text: string, values?: unknown[]) => Promise<unknown> }} client
 * @param {ReturnType<typeof readingStream>} stream
 * @param {number} batches
 */
async function insertBaseline(client, stream, batches) {
  await client.query(`create table if not exists w1_baseline (
    meter text not null, at timestamptz not null, value double precision not null,
    received_at timestamptz not null default now(), primary key (meter, at))`);
  const statements = Array.from({ length: batches }, () => {
    const rows = stream.next(BATCH);
    const values = rows.flatMap((row) => [row.meter, row.at, row.value * 1000]);
    const tuples = rows.map(
      (_, index) => `($${index * 3 + 1}, $${index * 3 + 2}, $${index * 3 + 3})`,
    );
    return {
      text: `insert into w1_baseline (meter, at, value) values ${tuples.join(', ')}`,
      values,
    };
  });
  const began = performance.now();
  for (const statement of statements) await client.query(statement.text, statement.values);
  return (BATCH * batches) / ((performance.now() - began) / 1000);
}

/** @param {number[]} values */
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);

/**
 * @param {import('../lib/context.mjs').Context} context
 * @param {'pglite' | 'postgres'} driver
 * @returns {Promise<import('../lib/figures.mjs').Figure[]>}
 */
async function measure(context, driver) {
  const name = DRIVER_NAMES[driver];
  const id = (/** @type {string} */ figure) => `W1.${figure}.${driver}`;
  const label = `readings/s through the API, batches of ${BATCH}, on ${name}`;
  const directory = path.join(context.workDirectory, `w1-${driver}`);
  mkdirSync(directory, { recursive: true });
  const database =
    driver === 'postgres'
      ? await createPostgresDatabase(POSTGRES_ADMIN_URL, `bench_w1_${process.pid}`)
      : null;
  if (driver === 'postgres' && !database) {
    return [failedFigure({ id: id('rate'), workload: 'W1', label, error: 'no PostgreSQL' })];
  }
  const dataDir = path.join(directory, 'data');
  /** @type {import('../lib/portal.mjs').DatabasePlace} */
  const place = database
    ? { driver: 'postgres', databaseUrl: database.url, dataDir }
    : { driver: 'pglite', dataDir };
  const portal = context.track(
    await startPortal({ ...place, name: `portal (W1, ${name})`, demo: true }),
  );
  /** @type {PGlite | pg.Client | undefined} */
  let baselineClient;
  try {
    const key = await addMeters(portal.url);
    context.log(`  ${label}`);
    const stream = readingStream(Date.parse('2026-01-01T00:00:00Z'));
    // One batch first, so what a first call sets up is not counted.
    await ingest(portal.url, key, stream, BATCH, 1);
    resetPeak(portal.pid);
    const rounds = [];
    for (let round = 0; round < context.repeats; round++) {
      rounds.push(await ingest(portal.url, key, stream, BATCH, BATCHES_PER_ROUND));
    }
    const memory = memoryOf(portal.pid);
    /** @type {Record<number, number>} */
    const bySize = {};
    for (const size of SMALLER_BATCHES) {
      const batches = Math.max(5, Math.round(50_000 / size / 4));
      bySize[size] = Math.round((await ingest(portal.url, key, stream, size, batches)).rate);
    }
    await portal.stop();

    baselineClient =
      driver === 'postgres' && database
        ? new pg.Client({ connectionString: database.url })
        : new PGlite(path.join(directory, 'baseline-pgdata'));
    if (baselineClient instanceof pg.Client) await baselineClient.connect();
    const baselineStream = readingStream(Date.parse('2026-01-01T00:00:00Z'));
    const baseline = [];
    for (let round = 0; round < context.repeats; round++) {
      baseline.push(await insertBaseline(baselineClient, baselineStream, BATCHES_PER_ROUND));
    }
    const candidate = rounds.map((round) => round.rate);
    const first = rounds[0]?.times.slice(0, 10) ?? [];
    const last = rounds.at(-1)?.times.slice(-10) ?? [];
    const figures = [
      comparedFigure({
        id: id('rate'),
        workload: 'W1',
        label,
        unit: 'readings/s',
        candidate,
        baseline,
        baselineLabel: `multi-row INSERT of the same rows (${BATCH} a statement)`,
        minimumRatio: driver === 'postgres' ? 0.3 : 0.5,
        details: {
          readingsPerBatchSize: { ...bySize, [BATCH]: Math.round(mean(candidate)) },
          batchMs: {
            firstTen: Math.round(mean(first)),
            lastTen: Math.round(mean(last)),
            readingsBefore: BATCH * (1 + BATCHES_PER_ROUND * (context.repeats - 1)),
          },
          serverMemoryMiB: { rss: Math.round(memory.rssMiB), peak: Math.round(memory.peakMiB) },
        },
      }),
    ];
    if (driver === 'postgres') {
      figures.push(
        comparedFigure({
          id: id('minimum'),
          workload: 'W1',
          label: `readings/s through the API on PostgreSQL, against the floor of ${POSTGRES_MINIMUM_RATE}`,
          unit: 'readings/s',
          candidate,
          baseline: candidate.map(() => POSTGRES_MINIMUM_RATE),
          baselineLabel: 'the budget',
          minimumRatio: 1,
          budgetText: `≥ ${POSTGRES_MINIMUM_RATE} readings/s`,
        }),
      );
    }
    return figures;
  } finally {
    await portal.stop();
    if (baselineClient instanceof pg.Client) await baselineClient.end();
    else await baselineClient?.close();
    await database?.drop();
  }
}

/** @type {import('./workload.mjs').Workload} */
export default {
  id: 'W1',
  title: 'meter readings through the ingest API against a plain multi-row INSERT',
  async run(context) {
    const figures = [];
    for (const driver of context.drivers) figures.push(...(await measure(context, driver)));
    return figures;
  },
};
