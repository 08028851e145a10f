// A meter's replacements share the cache through their tags: against a real API server on
// loopback, recording or deleting one makes the meter's list and its property's device log (which
// gains an entry) fetch again; a refused one leaves both alone, and another meter's list too.
import { describe, expect, it } from 'vitest';
import { primed, refetched } from '../test/refetches';
import { failure, serveTestApi } from '../test/serve-test-api';
import { type AppStore, makeStore } from '../test/store';
import type { ReceivedRequest, Reply } from '../test/test-api';
import { devicesApi } from './devices';
import { meterReplacementsApi } from './meter-replacements';
import { TAG } from './tags';

const api = serveTestApi();

const propertyId = '6e5d4c3b-2a19-4087-9f6e-5d4c3b2a1901';
const meterId = '00000000-0000-4000-9000-00000000c001';
const otherMeterId = '00000000-0000-4000-9000-00000000c002';
const listUrl = (deviceId: string) => `/devices/${deviceId}/meter-replacements`;
const logUrl = `/properties/${propertyId}/device-logs`;
const replacement = {
  id: '00000000-0000-4000-b000-00000000c101',
  deviceId: meterId,
  at: '2026-08-12T12:30:00.000Z',
  oldFinal: 18_234_561,
  newFirst: 0,
  unit: 'Wh',
  userEmail: 'forvaltare@example.se',
  createdAt: '2026-08-12T12:31:00.000Z',
};

function answer(request: ReceivedRequest): Reply {
  const { method, url = '' } = request;
  if (method === 'GET' && url.startsWith(`/properties/${propertyId}/device-logs`))
    return { status: 200, body: { entries: [] } };
  if (method === 'GET' && url.endsWith('/meter-replacements'))
    return { status: 200, body: { replacements: [] } };
  if (method === 'POST' && url === listUrl(meterId)) return { status: 201, body: { replacement } };
  if (method === 'DELETE' && url === `/meter-replacements/${replacement.id}`)
    return { status: 204 };
  return failure(409, 'Exists', { code: 'METER_REPLACEMENT_EXISTS' });
}

/** The queries a meter's screen and the device log keep: both meters' lists and the log. */
const screensOf = (store: AppStore) => [
  store.dispatch(meterReplacementsApi.endpoints.getMeterReplacements.initiate(meterId)),
  store.dispatch(meterReplacementsApi.endpoints.getMeterReplacements.initiate(otherMeterId)),
  store.dispatch(devicesApi.endpoints.getDeviceLog.initiate({ propertyId })),
];

const body = {
  at: '2026-08-12T14:30:00+02:00',
  oldFinal: 18234.561,
  newFirst: 0,
  unit: 'kWh',
} as const;

describe("a meter's replacements in the cache", () => {
  it('fetch again with the device log once one is recorded, and once one is deleted', async () => {
    api.answer(answer);
    const store = makeStore();
    const release = await primed(api, screensOf(store));
    const owner = { deviceId: meterId, propertyId };
    await store
      .dispatch(
        meterReplacementsApi.endpoints.createMeterReplacement.initiate({ ...owner, ...body }),
      )
      .unwrap();
    expect(await refetched(api, [listUrl(meterId), logUrl])).toEqual([listUrl(meterId), logUrl]);

    api.requests.length = 0;
    await store
      .dispatch(
        meterReplacementsApi.endpoints.deleteMeterReplacement.initiate({
          ...owner,
          id: replacement.id,
        }),
      )
      .unwrap();
    expect(await refetched(api, [listUrl(meterId), logUrl])).toEqual([listUrl(meterId), logUrl]);
    release();
  });

  it('stay as they are when one is refused', async () => {
    api.answer(answer);
    const store = makeStore();
    const release = await primed(api, screensOf(store));
    const refused = await store.dispatch(
      meterReplacementsApi.endpoints.createMeterReplacement.initiate({
        deviceId: otherMeterId,
        propertyId,
        ...body,
      }),
    );
    expect(refused.error).toMatchObject({ code: 'METER_REPLACEMENT_EXISTS' });
    // A change the test makes itself: only what it names fetches again, nothing the refusal did.
    store.dispatch(
      meterReplacementsApi.util.invalidateTags([{ type: TAG.meterReplacements, id: otherMeterId }]),
    );
    expect(await refetched(api, [listUrl(otherMeterId)])).toEqual([listUrl(otherMeterId)]);
    release();
  });
});
