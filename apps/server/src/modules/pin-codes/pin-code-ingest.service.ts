// The gateway's side of PIN codes (DESIGN §4.4, docs/gateway-pin-codes.md): the pending changes
// of the doors and keypads in its area, codes decrypted for it alone, and its acknowledgements,
// each recorded only for the version it names (an older one is stale: a newer change waits).
import type { PinCodeAck, PinCodeAckAnswer, PinCodeChange } from '@portal/contracts/pin-codes';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { GatewayCaller } from '../gateways/gateway-authentication';
import {
  deletePinCodes,
  lockDevicesOfSlots,
  lockSlotsOfArea,
  pendingChangesOfArea,
  recordSync,
} from './pin-codes.repository';
import { openPinCode } from './pin-codes.service';

export class PinCodeIngestService {
  constructor(
    private readonly context: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get db() {
    return this.context.database.db;
  }

  /** The pending changes, each lock's clears first (the gateway applies them in this order). A
   * code that does not open (SECRETS_KEY changed, damaged bytes) is left out and logged by its
   * slot's id: the area's other changes still go out, and setting that code again mends it. */
  async pendingChanges(gateway: GatewayCaller): Promise<PinCodeChange[]> {
    const rows = await pendingChangesOfArea(this.db, gateway.areaId);
    return rows.flatMap(({ pin, idNumber, deviceType }) => {
      const code = pin.codeCiphertext
        ? openPinCode(this.context.secrets, this.log, pin.id, pin.codeCiphertext, pin)
        : null;
      if (code === undefined) return [];
      return [
        {
          id: pin.id,
          deviceId: pin.deviceId,
          idNumber,
          deviceType,
          slot: pin.slot,
          code,
          status: pin.status,
          version: pin.version,
        },
      ];
    });
  }

  /**
   * Records the gateway's answers, in one transaction with the locks named held first, then their
   * slots, in the order a person's change takes them (device, then slots): a change of one of
   * them meanwhile waits, then makes a new version, and an applied clear never deletes a row a
   * change is about to reuse. A clear applied removes the slot's row.
   *
   * For the version a slot is at, `applied` wins: it replaces `pending` and `failed` (a lock that
   * took the change after all, or a second gateway that reached it), and a `failed` after
   * `applied` changes nothing. Either is answered `recorded`: the slot's state holds a result for
   * that version. So a gateway may safely resend a batch it got no answer to.
   */
  async acknowledge(gateway: GatewayCaller, ack: PinCodeAck): Promise<PinCodeAckAnswer> {
    return this.db.transaction(async (transaction) => {
      const ids = [...new Set(ack.results.map((result) => result.id))];
      await lockDevicesOfSlots(transaction, gateway.areaId, ids);
      const rows = await lockSlotsOfArea(transaction, gateway.areaId, ids);
      const slots = new Map(rows.map((row) => [row.id, row]));
      // Decided in memory, result by result (a later answer for the same slot sees the earlier
      // one's effect), then written in at most three statements, whatever the batch's size.
      const removed = new Set<string>();
      const synced = new Map<string, 'applied' | 'failed'>();
      const results: PinCodeAckAnswer['results'] = [];
      for (const { id, version, result } of ack.results) {
        const slot = slots.get(id);
        const outcome = (() => {
          if (!slot || version > slot.version) return 'unknown' as const;
          if (version < slot.version) return 'stale' as const;
          return 'recorded' as const;
        })();
        results.push({ id, version, outcome });
        if (!slot || outcome !== 'recorded' || removed.has(id)) continue;
        const changes = slot.sync === 'pending' || (slot.sync === 'failed' && result === 'applied');
        if (!changes) continue;
        if (!slot.codeCiphertext && result === 'applied') {
          removed.add(id);
          synced.delete(id);
        } else {
          synced.set(id, result);
          slots.set(id, { ...slot, sync: result });
        }
      }
      const withResult = (wanted: 'applied' | 'failed') =>
        [...synced].filter(([, sync]) => sync === wanted).map(([id]) => id);
      await deletePinCodes(transaction, [...removed]);
      await recordSync(transaction, withResult('applied'), 'applied');
      await recordSync(transaction, withResult('failed'), 'failed');
      return { results };
    });
  }
}
