// For tests: a door's PIN code slots as the API describes them, and an answer to the PIN code
// calls like the real one (DESIGN §4.2, §5) — the lowest free slot, duplicate and trivial codes
// refused, a change pending for the lock, a deleted code kept as a pending clear — given to the
// device fake (test/devices.ts) as its `override`. The codes it is sent are kept, to check that the
// screens sent them; no answer carries one.
import { lowestFreeSlot, type PinCode, pinCodeTrivialReason } from '@portal/contracts/pin-codes';
import type { ReceivedRequest, Reply } from './test-api';

let nextId = 1;
const uuid = () => `00000000-0000-4000-a000-${String(nextId++).padStart(12, '0')}`;

export function aPinCode(fields: Partial<PinCode> & Pick<PinCode, 'deviceId' | 'slot'>): PinCode {
  return {
    id: uuid(),
    status: 'enabled',
    label: '',
    clearing: false,
    sync: 'applied',
    version: 1,
    syncedAt: '2026-11-20T08:00:00.000Z',
    createdAt: '2026-11-20T07:59:00.000Z',
    updatedAt: '2026-11-20T07:59:00.000Z',
    ...fields,
  };
}

const refusal = (status: number, code: string, details?: object): Reply => ({
  status,
  body: {
    statusCode: status,
    error: 'Refused',
    message: code,
    code,
    ...(details ? { details } : {}),
  },
});

/** The PIN code calls of `slotCount`-slot devices, over `slots` (kept up to date). */
export function actLikeThePinCodeApi(slots: PinCode[] = [], slotCount = 30) {
  const stored = [...slots];
  /** The code of each slot's id, as sent. */
  const codes = new Map<string, string>();
  const refuseCode = (deviceId: string, code: string, except?: string) => {
    const reason = pinCodeTrivialReason(code);
    if (reason) return refusal(422, 'PIN_CODE_TRIVIAL', { reason });
    const holder = stored.find(
      (slot) => slot.deviceId === deviceId && slot.id !== except && codes.get(slot.id) === code,
    );
    return holder ? refusal(409, 'PIN_CODE_DUPLICATE', { slot: holder.slot }) : undefined;
  };

  const override = (request: ReceivedRequest): Reply | undefined => {
    const url = new URL(request.url ?? '', 'http://api');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const list = /^\/devices\/([^/]+)\/pin-codes$/.exec(url.pathname);
    if (list) {
      const deviceId = list[1] as string;
      const ofDevice = stored.filter((slot) => slot.deviceId === deviceId);
      if (request.method === 'GET')
        return { status: 200, body: ofDevice.sort((a, b) => a.slot - b.slot) };
      const code = String(body.code);
      const slot = (body.slot as number | undefined) ?? lowestFreeSlot(ofDevice, slotCount);
      if (slot === undefined || slot > slotCount)
        return refusal(422, 'PIN_SLOT_OUT_OF_RANGE', { slotCount });
      if (ofDevice.some((taken) => taken.slot === slot))
        return refusal(409, 'PIN_SLOT_TAKEN', { slot });
      const refused = refuseCode(deviceId, code);
      if (refused) return refused;
      const made = aPinCode({
        deviceId,
        slot,
        label: String(body.label ?? ''),
        status: body.status === 'disabled' ? 'disabled' : 'enabled',
        sync: 'pending',
        syncedAt: null,
      });
      stored.push(made);
      codes.set(made.id, code);
      return { status: 201, body: made };
    }
    const one = /^\/pin-codes\/([^/]+)$/.exec(url.pathname);
    if (!one) return undefined;
    const index = stored.findIndex((slot) => slot.id === one[1]);
    const found = stored[index];
    if (!found) return refusal(404, 'NOT_FOUND');
    if (request.method === 'DELETE') {
      stored[index] = { ...found, clearing: true, sync: 'pending', version: found.version + 1 };
      codes.delete(found.id);
      return { status: 204 };
    }
    const code = body.code as string | undefined;
    if (code !== undefined) {
      const refused = refuseCode(found.deviceId, code, found.id);
      if (refused) return refused;
      codes.set(found.id, code);
    }
    const changed: PinCode = {
      ...found,
      status: (body.status as PinCode['status'] | undefined) ?? found.status,
      label: (body.label as string | undefined) ?? found.label,
      sync: 'pending',
      version: found.version + 1,
    };
    stored[index] = changed;
    return { status: 200, body: changed };
  };

  /** The gateway applies every pending change. */
  const applyAll = () => {
    for (const [index, slot] of stored.entries())
      if (slot.sync === 'pending') stored[index] = { ...slot, sync: 'applied' };
  };

  return { override, slots: stored, codes, applyAll };
}
