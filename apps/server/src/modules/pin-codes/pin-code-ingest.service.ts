// The gateway's side of PIN codes (DESIGN §4.4, docs/gateway-pin-codes.md): the pending changes
// of the doors and keypads in its area, codes decrypted for it alone, and its acknowledgements,
// each recorded only for the version it names (an older one is stale: a newer change waits).
import type { PinCodeAck, PinCodeAckAnswer, PinCodeChange } from '@portal/contracts/pin-codes';
import type { AppContext } from '../../context';
import type { GatewayCaller } from '../gateways/gateway-authentication';
import {
  deletePinCode,
  lockSlotsOfArea,
  pendingChangesOfArea,
  recordSync,
} from './pin-codes.repository';
import { pinCodeContext } from './pin-codes.service';

export class PinCodeIngestService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.database.db;
  }

  async pendingChanges(gateway: GatewayCaller): Promise<PinCodeChange[]> {
    const rows = await pendingChangesOfArea(this.db, gateway.areaId);
    return rows.map(({ pin, idNumber, deviceType }) => ({
      id: pin.id,
      deviceId: pin.deviceId,
      idNumber,
      deviceType,
      slot: pin.slot,
      code: pin.codeCiphertext
        ? this.context.secrets.open(pin.codeCiphertext, pinCodeContext(pin.deviceId, pin.slot))
        : null,
      status: pin.status,
      version: pin.version,
    }));
  }

  /**
   * Records the gateway's answers, in one transaction with the slots named locked (a person's
   * change of one of them meanwhile waits, then makes a new version). A clear applied removes
   * the slot's row. An answer repeated for the same version is recorded once and answered
   * `recorded` again, so a gateway may safely resend a batch it got no answer to.
   */
  async acknowledge(gateway: GatewayCaller, ack: PinCodeAck): Promise<PinCodeAckAnswer> {
    return this.db.transaction(async (transaction) => {
      const rows = await lockSlotsOfArea(transaction, gateway.areaId, [
        ...new Set(ack.results.map((result) => result.id)),
      ]);
      const slots = new Map(rows.map((row) => [row.id, row]));
      const removed = new Set<string>();
      const results: PinCodeAckAnswer['results'] = [];
      for (const { id, version, result } of ack.results) {
        const slot = slots.get(id);
        const outcome = (() => {
          if (!slot || version > slot.version) return 'unknown' as const;
          if (version < slot.version) return 'stale' as const;
          return 'recorded' as const;
        })();
        results.push({ id, version, outcome });
        if (!slot || outcome !== 'recorded' || slot.sync !== 'pending' || removed.has(id)) continue;
        if (!slot.codeCiphertext && result === 'applied') {
          await deletePinCode(transaction, id);
          removed.add(id);
        } else {
          await recordSync(transaction, id, result);
          slots.set(id, { ...slot, sync: result });
        }
      }
      return { results };
    });
  }
}
