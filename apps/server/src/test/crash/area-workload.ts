// The crash test's bulk area creation (POST /api/properties/{id}/areas/bulk): apartments 1001–1024
// in one call, then 2001–2024, and so on. All or nothing: every area of a call answered 201 is
// kept; of a call the kill cut off, either every area or none.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PortalDb } from '../../db/client';
import { areas } from '../../db/schema';
import { createProperty } from '../factories';
import { CallLoop, type CrashWorkload, type ServerLife } from './workload';

const AREAS_PER_CALL = 24;
const NAME_PREFIX = 'Lgh ';

type BulkCall = { from: number; to: number; acknowledged: boolean };

export class AreaWorkload implements CrashWorkload {
  readonly name = 'bulk areas';
  readonly #propertyId: string;
  readonly #calls: BulkCall[] = [];
  /** Of the calls cut off: how many the database kept whole, and how many not at all. */
  #cutKept = 0;
  #cutLost = 0;
  #checked = 0;

  private constructor(propertyId: string) {
    this.#propertyId = propertyId;
  }

  /** A property of its own, to fill with apartments. */
  static async create(db: PortalDb, organizationId: string) {
    const property = await createProperty(db, organizationId, { name: 'Kv. Lägenheten 2' });
    return new AreaWorkload(property.id);
  }

  start(life: ServerLife) {
    return new CallLoop(life, async (acknowledged) => {
      const from = (this.#calls.length + 1) * 1000 + 1;
      const call: BulkCall = { from, to: from + AREAS_PER_CALL - 1, acknowledged: false };
      this.#calls.push(call);
      const response = await fetch(`${life.url}/api/properties/${this.#propertyId}/areas/bulk`, {
        method: 'POST',
        headers: { ...life.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          areaType: 'apt',
          from: call.from,
          to: call.to,
          namePrefix: NAME_PREFIX,
        }),
      });
      const created = (await response.json()) as unknown[];
      expect(response.status, JSON.stringify(created)).toBe(201);
      expect(created).toHaveLength(AREAS_PER_CALL);
      call.acknowledged = true;
      acknowledged();
      return true;
    });
  }

  async checkStored(db: PortalDb) {
    const rows = await db
      .select({ number: areas.number, name: areas.name, areaType: areas.areaType })
      .from(areas)
      .where(eq(areas.propertyId, this.#propertyId));
    const stored = new Map(rows.map((row) => [row.number, row]));
    let inCalls = 0;
    for (const call of this.#calls) {
      const kept: number[] = [];
      for (let number = call.from; number <= call.to; number++) {
        const row = stored.get(number);
        if (!row) continue;
        expect(row).toEqual({ number, name: `${NAME_PREFIX}${number}`, areaType: 'apt' });
        kept.push(number);
      }
      inCalls += kept.length;
      const range = `${call.from}–${call.to}`;
      if (call.acknowledged) expect(kept.length, range).toBe(AREAS_PER_CALL);
      else expect([0, AREAS_PER_CALL], `${range}: ${kept.join(', ')}`).toContain(kept.length);
      if (!call.acknowledged) {
        if (kept.length > 0) this.#cutKept += 1;
        else this.#cutLost += 1;
      }
    }
    // And no area from anywhere else.
    expect(rows).toHaveLength(inCalls);
    this.#checked = rows.length;
  }

  async finish() {}

  summary() {
    const acknowledged = this.#calls.filter((call) => call.acknowledged).length;
    return `${acknowledged} bulk calls acknowledged of ${this.#calls.length} (of those cut off, ${this.#cutKept} kept whole, ${this.#cutLost} not at all), ${this.#checked} areas`;
  }
}
