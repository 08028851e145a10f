// Readings from a gateway, over HTTP or MQTT (DESIGN §4.4, docs/telemetry.md "One ingest batch"):
// each reading checked and its meter found (step 1), then in one transaction the series of its
// meters updated (steps 2–7, series-update.ts) and the last contact of the meters and the gateway
// written (step 8). A fixed number of statements whatever the batch's size; the answer comes only
// after the commit.
import {
  type IngestReadings,
  type IngestResult,
  ReadingRejection,
  unitFitsMeter,
} from '@portal/contracts/readings';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { PortalTransaction } from '../../db/client';
import { closeHeardOffline } from '../alerts/alert-rules';
import type { GatewayCaller } from '../gateways/gateway-authentication';
import { checkReading, type MeterLookup, meterLookup, pickMeter } from './reading-checks';
import { findMeters, type MeterRow, markSeen, markSeenReturning } from './readings.repository';
import { ConcurrentReadings, type SeriesWork, updateSeries } from './series-update';

type Rejected = IngestResult['rejected'][number];

/** A reading that passed every check but the stored readings': its meter, time and value. */
type Candidate = { index: number; meter: MeterRow; atMs: number; value: number };

export class ReadingIngestService {
  constructor(
    private readonly context: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get db() {
    return this.context.database.db;
  }

  /** Stores a batch the caller has validated with IngestReadingsSchema. */
  async ingest(gateway: GatewayCaller, body: IngestReadings): Promise<IngestResult> {
    const rejected: Rejected[] = [];
    const candidates = await this.check(gateway, body, rejected);
    const written =
      candidates.length === 0
        ? { accepted: 0, duplicates: 0, rejected: [] }
        : await this.write(gateway, candidates).catch((error: unknown) => {
            // Readings written meanwhile by something that does not lock the meter (not the
            // ingest): decide the batch again against what is stored now, once.
            if (error instanceof ConcurrentReadings) return this.write(gateway, candidates);
            throw error;
          });
    // A gateway whose batch brought nothing new (meters not registered yet, a batch sent again)
    // is still there: heard at its arrival, so it is not reported silent while it calls.
    if (written.accepted === 0)
      await markSeen(this.db, [{ deviceId: gateway.id, newestMs: Date.now() }]);
    rejected.push(...written.rejected);
    rejected.sort((a, b) => a.index - b.index);
    return { accepted: written.accepted, duplicates: written.duplicates, rejected };
  }

  /** Step 1: the checks that need no lock — time, value, meter, unit — in the order of
   * docs/telemetry.md; a reading that fails one is rejected by index, the others go on. */
  private async check(
    gateway: GatewayCaller,
    body: IngestReadings,
    rejected: Rejected[],
  ): Promise<Candidate[]> {
    const nowMs = Date.now();
    // A batch names each meter hundreds of times: each name is read and matched once.
    const lookups = new Map<string, MeterLookup>();
    const checked = body.readings.map((reading, index) => {
      const check = checkReading(reading, nowMs);
      if (!check.ok) {
        rejected.push({ index, code: check.code });
        return undefined;
      }
      if (!lookups.has(reading.meter)) lookups.set(reading.meter, meterLookup(reading.meter));
      return { index, reading, check };
    });
    const all = [...lookups.values()];
    const meters = await findMeters(this.db, gateway, {
      uuids: [...new Set(all.flatMap((lookup) => lookup.uuid ?? []))],
      keys: [...new Set(all.flatMap((lookup) => lookup.keys))],
      prefixes: [...new Set(all.flatMap((lookup) => lookup.serialPrefix ?? []))],
    });
    const found = new Map<string, MeterRow | undefined>();
    for (const [meter, lookup] of lookups) found.set(meter, pickMeter(lookup, meters));
    const candidates: Candidate[] = [];
    for (const item of checked) {
      if (!item) continue;
      const meter = found.get(item.reading.meter);
      if (!meter) rejected.push({ index: item.index, code: ReadingRejection.unknownMeter });
      else if (!unitFitsMeter(item.reading.unit, meter.deviceType))
        rejected.push({ index: item.index, code: ReadingRejection.wrongUnit });
      else
        candidates.push({
          index: item.index,
          meter,
          atMs: item.check.atMs,
          value: item.check.value,
        });
    }
    return candidates;
  }

  /** Steps 2–8, in one transaction. */
  private write(gateway: GatewayCaller, candidates: Candidate[]) {
    const byDevice = new Map<string, Candidate[]>();
    for (const candidate of candidates) {
      const readings = byDevice.get(candidate.meter.id);
      if (readings) readings.push(candidate);
      else byDevice.set(candidate.meter.id, [candidate]);
    }
    const work: SeriesWork[] = [...byDevice.values()].map((readings) => ({
      device: (readings[0] as Candidate).meter,
      times: readings.map((reading) => reading.atMs),
    }));
    return this.db.transaction(async (transaction) => {
      const rejected: Rejected[] = [];
      let duplicates = 0;
      /** Of the readings of one meter, those that are new; the others are duplicates (the same
       * value at a stored time, or again in the batch) or CONFLICT (another value: the first
       * stays). */
      const newReadings = (deviceId: string, stored: ReadonlyMap<number, number>) => {
        const held = new Map(stored);
        const fresh: { atMs: number; value: number }[] = [];
        for (const candidate of byDevice.get(deviceId) ?? []) {
          const value = held.get(candidate.atMs);
          if (value === undefined) {
            held.set(candidate.atMs, candidate.value);
            fresh.push(candidate);
          } else if (value === candidate.value) duplicates += 1;
          else rejected.push({ index: candidate.index, code: ReadingRejection.conflict });
        }
        return fresh;
      };
      const update = await updateSeries(transaction, {
        propertyId: gateway.propertyId,
        work,
        newReadings,
      });
      // A meter deleted (or moved) since it was looked up: its readings have no meter now.
      for (const [deviceId, readings] of byDevice)
        if (!update.locked.has(deviceId))
          for (const reading of readings)
            rejected.push({ index: reading.index, code: ReadingRejection.unknownMeter });
      await this.markSeen(transaction, gateway, update.inserted);
      if (update.overMax.length > 0)
        this.log.warn(
          {
            gatewayId: gateway.id,
            steps: update.overMax.slice(0, 10),
            count: update.overMax.length,
          },
          'readings with a step above the plausible maximum were kept out of use',
        );
      return { accepted: update.inserted.length, duplicates, rejected };
    });
  }

  /**
   * Step 8: the meters that delivered and the gateway were last heard at their newest reading, and
   * the offline alerts of those heard since close, in one statement. Opening
   * offline alerts and leaks are the alert job's, every 5 minutes: leaks read nights of hourly
   * use, too much per batch.
   */
  private async markSeen(
    transaction: PortalTransaction,
    gateway: GatewayCaller,
    inserted: { deviceId: string; atMs: number }[],
  ) {
    if (inserted.length === 0) return;
    const newest = new Map<string, number>();
    for (const { deviceId, atMs } of inserted)
      newest.set(deviceId, Math.max(atMs, newest.get(deviceId) ?? atMs));
    newest.set(gateway.id, Math.max(...newest.values()));
    const seen = [...newest].map(([deviceId, newestMs]) => ({ deviceId, newestMs }));
    await closeHeardOffline(transaction, new Date(), markSeenReturning(seen));
  }
}
