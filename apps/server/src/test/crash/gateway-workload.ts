// The crash test's gateway (issue 13): batches of readings sent one after the other, a batch cut
// off by a kill sent again to the next server, as a gateway does with a batch it got no answer
// to. Every reading acknowledged must be stored, with rollups and series as a rebuild makes them.
import type { Reading } from '@portal/contracts/readings';
import { inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PortalDb } from '../../db/client';
import { readings } from '../../db/schema/telemetry';
import {
  createMeter,
  createMeterSite,
  expectRollupsAsRebuilt,
  expectSeriesAsWalked,
  type MeterSite,
} from '../../modules/telemetry/telemetry-fixtures';
import { CallLoop, type CrashWorkload, type ServerLife } from './workload';

const SLOTS_PER_BATCH = 40;
const START = Date.parse('2026-01-01T00:00:00Z');
const METERS = [
  { type: 'heat', id: 'KAM61000001', unit: 'kWh', step: 2.5 },
  { type: 'el', id: 'KAM61000002', unit: 'kWh', step: 0.75 },
  { type: 'hw', id: 'KAM61000003', unit: 'm3', step: 0.01 },
  { type: 'cw', id: 'KAM61000004', unit: 'm3', step: 0.02 },
] as const;

/** A register at a 15-minute slot: rising, with a wobble so that hours differ. */
const registerAt = (step: number, slot: number) =>
  Math.round((1000 + slot * step + Math.sin(slot) * step * 0.4) * 1000) / 1000;

/**
 * Batch k holds the even slots of its 40 and, late, the odd slots of the batch before: a
 * buffering gateway's order, so that each batch fills gaps the one before left (estimated use
 * replaced) as well as adding new readings.
 */
function batch(k: number): Reading[] {
  const slots: number[] = [];
  for (let slot = k * SLOTS_PER_BATCH; slot < (k + 1) * SLOTS_PER_BATCH; slot += 2)
    slots.push(slot);
  if (k > 0)
    for (let slot = (k - 1) * SLOTS_PER_BATCH + 1; slot < k * SLOTS_PER_BATCH; slot += 2)
      slots.push(slot);
  return METERS.flatMap((meter) =>
    slots.map((slot) => ({
      meter: meter.id,
      at: new Date(START + slot * 900_000).toISOString(),
      value: registerAt(meter.step, slot),
      unit: meter.unit,
    })),
  );
}

export class GatewayWorkload implements CrashWorkload {
  readonly name = 'ingest';
  readonly #site: MeterSite;
  readonly #meterIds: string[];
  readonly #acknowledged: Reading[] = [];
  #next = 0;
  #checked = 0;

  private constructor(site: MeterSite, meterIds: string[]) {
    this.#site = site;
    this.#meterIds = meterIds;
  }

  /** A property with a gateway and four meters, in the organization. */
  static async create(db: PortalDb, organizationId: string) {
    const site = await createMeterSite(db, organizationId);
    const meterIds: string[] = [];
    for (const meter of METERS)
      meterIds.push((await createMeter(db, site, meter.type, meter.id)).id);
    return new GatewayWorkload(site, meterIds);
  }

  get property() {
    return this.#site.property;
  }

  /** The meters, as devices to photograph too. */
  get meterIds() {
    return this.#meterIds;
  }

  start(life: ServerLife, until = Number.POSITIVE_INFINITY) {
    return new CallLoop(life, async (acknowledged) => {
      if (this.#next >= until) return false;
      const readingsOfBatch = batch(this.#next);
      const response = await fetch(`${life.url}/api/ingest/readings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Gateway ${this.#site.key}` },
        body: JSON.stringify({ readings: readingsOfBatch }),
      });
      const answer = (await response.json()) as {
        accepted: number;
        duplicates: number;
        rejected: unknown[];
      };
      expect(response.status, JSON.stringify(answer)).toBe(200);
      expect(answer.rejected).toEqual([]);
      expect(answer.accepted + answer.duplicates).toBe(readingsOfBatch.length);
      this.#acknowledged.push(...readingsOfBatch);
      this.#next += 1;
      acknowledged();
      return true;
    });
  }

  async checkStored(db: PortalDb) {
    const stored = await db
      .select({ deviceId: readings.deviceId, at: readings.at, value: readings.value })
      .from(readings)
      .where(inArray(readings.deviceId, this.#meterIds));
    const held = new Map(
      stored.map((row) => [`${row.deviceId} ${row.at.toISOString()}`, row.value]),
    );
    const idOf = new Map<string, string | undefined>(
      METERS.map((meter, index) => [meter.id, this.#meterIds[index]]),
    );
    const missing = this.#acknowledged.filter((reading) => {
      const value = held.get(`${idOf.get(reading.meter)} ${reading.at}`);
      const unitFactor = reading.unit === 'kWh' || reading.unit === 'm3' ? 1000 : 1;
      return value === undefined || Math.abs(value - reading.value * unitFactor) > 1e-6;
    });
    expect(missing).toEqual([]);
    this.#checked = this.#acknowledged.length;
    await expectSeriesAsWalked(db, this.#meterIds);
    await expectRollupsAsRebuilt(db, this.#meterIds);
  }

  /** The batch cut off by the last kill goes through. */
  async finish(life: ServerLife) {
    await this.start(life, this.#next + 1).done;
  }

  summary() {
    return `${this.#checked} readings`;
  }
}
