// The prices' and the energy views' cache tags against a loopback API (here in app/, which may
// import both features, since features do not import each other): new prices fetch the
// prices and the property's usage estimates again (their cost changes) and leave the other energy
// views alone; a changed property (its Atemp, carrier, Fgeo) fetches every energy view again.
import type { Prices } from '@portal/contracts/prices';
import { describe, expect, it } from 'vitest';
import { propertiesApi } from '../api/properties';
import { energyApi } from '../features/energy/api/energy-api';
import { aGlance, aSummary } from '../features/energy/test-energy';
import { pricesApi } from '../features/prices/api/prices-api';
import { property } from '../test/properties';
import { primed, refetched } from '../test/refetches';
import { serveTestApi } from '../test/serve-test-api';
import { type AppStore, makeStore } from '../test/store';
import type { ReceivedRequest, Reply } from '../test/test-api';

const api = serveTestApi();
const solrosen1 = property();
const propertyUrl = `/properties/${solrosen1.id}`;

const PRICES: Prices = {
  currency: 'SEK',
  byType: { heat: { perUnit: 1.1, unit: 'kWh', fixedPerMonth: 0 } },
  updatedAt: null,
};

/** Just enough of each answer for the cache: the tests read which requests follow. */
function answer(request: ReceivedRequest): Reply {
  const { method, url = '' } = request;
  if (url.startsWith(`${propertyUrl}/prices`))
    return {
      status: 200,
      body: method === 'PUT' ? { ...PRICES, ...(request.body as object) } : PRICES,
    };
  if (url.startsWith(`${propertyUrl}/usage-estimate`)) return { status: 200, body: { types: [] } };
  if (url.startsWith(`${propertyUrl}/energy-summary`)) return { status: 200, body: aSummary() };
  if (url.startsWith('/energy-overview'))
    return { status: 200, body: { properties: [aGlance(solrosen1.id)] } };
  if (url === propertyUrl)
    return { status: 200, body: { ...solrosen1, ...((request.body as object) ?? {}) } };
  return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found.' } };
}

const views = (store: AppStore) => [
  store.dispatch(pricesApi.endpoints.getPrices.initiate(solrosen1.id)),
  store.dispatch(
    energyApi.endpoints.getUsageEstimate.initiate({ propertyId: solrosen1.id, year: 2026 }),
  ),
  store.dispatch(
    energyApi.endpoints.getEnergySummary.initiate({ propertyId: solrosen1.id, year: 2025 }),
  ),
  store.dispatch(energyApi.endpoints.getEnergyOverview.initiate([solrosen1.id])),
];

describe('new prices', () => {
  it('fetch the prices and the usage estimate again, and no other energy view', async () => {
    api.answer(answer);
    const store = makeStore();
    const release = await primed(api, views(store));
    await store
      .dispatch(
        pricesApi.endpoints.updatePrices.initiate({
          propertyId: solrosen1.id,
          currency: 'SEK',
          byType: { heat: { perUnit: 1.3, unit: 'kWh', fixedPerMonth: 0 } },
        }),
      )
      .unwrap();
    expect(
      await refetched(api, [`${propertyUrl}/prices`, `${propertyUrl}/usage-estimate?year=2026`]),
    ).toEqual([`${propertyUrl}/prices`, `${propertyUrl}/usage-estimate?year=2026`]);
    release();
  });
});

describe('a property changed', () => {
  it('fetches every energy view of it again (its Atemp, carrier or Fgeo may have changed)', async () => {
    api.answer(answer);
    const store = makeStore();
    const release = await primed(api, views(store));
    await store
      .dispatch(
        propertiesApi.endpoints.updateProperty.initiate({
          id: solrosen1.id,
          name: solrosen1.name,
          organizationId: solrosen1.organizationId,
          propertyType: solrosen1.propertyType,
          heatedArea: 2600,
        }),
      )
      .unwrap();
    const fetched = await refetched(api, [
      `${propertyUrl}/energy-summary?year=2025`,
      `${propertyUrl}/usage-estimate?year=2026`,
      `/energy-overview?propertyIds=${solrosen1.id}`,
    ]);
    expect(fetched).not.toContain(`${propertyUrl}/prices`);
    release();
  });
});
