// For tests: a meter's recorded replacements as the API describes them, and an answer to the meter
// replacement calls like the real one (DESIGN §5 "Telemetry", apps/server modules/telemetry/
// meter-replacements.*) — readings kept in Wh or litres, newest first, one per meter and time,
// a unit of the other quantity, a time more than a day ahead and a device that is no meter refused
// with the API's codes — given to the device fake (test/devices.ts) as its `override`.
import { isMeterType } from '@portal/contracts/device-ids';
import type { Device } from '@portal/contracts/devices';
import type { MeterReplacement } from '@portal/contracts/meter-replacements';
import {
  BASE_UNIT,
  METER_QUANTITY,
  normaliseValue,
  READING_MAX_AHEAD_MS,
  type ReadingUnit,
  unitFitsMeter,
} from '@portal/contracts/readings';
import { karin } from './people';
import type { ReceivedRequest, Reply } from './test-api';

let nextId = 1;
const uuid = () => `00000000-0000-4000-b000-${String(nextId++).padStart(12, '0')}`;

export function aMeterReplacement(
  fields: Partial<MeterReplacement> & Pick<MeterReplacement, 'deviceId' | 'at'>,
): MeterReplacement {
  return {
    id: uuid(),
    oldFinal: 18_234_561,
    newFirst: 0,
    unit: 'Wh',
    userEmail: karin.email,
    createdAt: '2026-11-20T08:00:00.000Z',
    ...fields,
  };
}

const refusal = (status: number, code: string): Reply => ({
  status,
  body: { statusCode: status, error: 'Refused', message: code, code },
});

/** The replacement calls for `devices`, over `replacements` (kept up to date). */
export function actLikeTheMeterReplacementApi(
  devices: Device[],
  replacements: MeterReplacement[] = [],
) {
  const stored = [...replacements];

  const override = (request: ReceivedRequest): Reply | undefined => {
    const url = new URL(request.url ?? '', 'http://api');
    const list = /^\/devices\/([^/]+)\/meter-replacements$/.exec(url.pathname);
    if (list) {
      const device = devices.find((candidate) => candidate.id === list[1]);
      if (!device) return refusal(404, 'NOT_FOUND');
      if (request.method === 'GET') {
        const ofDevice = stored
          .filter((replacement) => replacement.deviceId === device.id)
          .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
        return { status: 200, body: { replacements: ofDevice } };
      }
      const type = device.deviceType;
      if (!isMeterType(type)) return refusal(409, 'NOT_A_METER');
      const body = request.body as {
        at: string;
        oldFinal: number;
        newFirst: number;
        unit: ReadingUnit;
      };
      if (!unitFitsMeter(body.unit, type)) return refusal(422, 'WRONG_UNIT');
      const atMs = Date.parse(body.at);
      if (atMs > Date.now() + READING_MAX_AHEAD_MS) return refusal(422, 'OUT_OF_RANGE');
      if (stored.some((other) => other.deviceId === device.id && Date.parse(other.at) === atMs))
        return refusal(409, 'METER_REPLACEMENT_EXISTS');
      const made = aMeterReplacement({
        deviceId: device.id,
        at: new Date(atMs).toISOString(),
        oldFinal: normaliseValue(body.oldFinal, body.unit),
        newFirst: normaliseValue(body.newFirst, body.unit),
        unit: BASE_UNIT[METER_QUANTITY[type]],
        createdAt: new Date().toISOString(),
      });
      stored.push(made);
      return { status: 201, body: { replacement: made } };
    }
    const one = /^\/meter-replacements\/([^/]+)$/.exec(url.pathname);
    if (!one || request.method !== 'DELETE') return undefined;
    const index = stored.findIndex((replacement) => replacement.id === one[1]);
    if (index < 0) return refusal(404, 'NOT_FOUND');
    stored.splice(index, 1);
    return { status: 204 };
  };

  return { override, replacements: stored };
}
