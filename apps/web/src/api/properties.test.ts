// The cache of properties and areas against a real API server on loopback: after each change the
// queries it made stale fetch again — and only those — so a list, a count or a deleted item is
// never shown from the cache. Each test primes the queries as screens would (subscribed), runs
// the mutation, and reads the requests that follow.
import { describe, expect, it, vi } from 'vitest';
import { type AppStore, makeStore } from '../../app/store';
import { primed, refetched } from '../../test/refetches';
import { serveTestApi } from '../../test/serve-test-api';
import type { ReceivedRequest, Reply } from '../../test/test-api';
import { actLikeTheApi, anArea, PROPERTY } from './area-test-kit';
import { propertiesApi } from './properties-api';

const api = serveTestApi();

const { endpoints } = propertiesApi;
const propertyUrl = `/properties/${PROPERTY.id}`;
/** The store's state as this feature's selectors type it (with the tags it added). */
type ApiState = Parameters<ReturnType<typeof endpoints.getArea.select>>[0];
const stateOf = (store: AppStore) => store.getState() as unknown as ApiState;
const areasUrl = `${propertyUrl}/areas`;

/** The list of properties, which the area fake leaves out. */
const withList = (request: ReceivedRequest): Reply | undefined =>
  request.url === '/properties' && request.method === 'GET'
    ? { status: 200, body: [PROPERTY] }
    : undefined;

const property = (store: AppStore) => store.dispatch(endpoints.getProperty.initiate(PROPERTY.id));
const propertyList = (store: AppStore) => store.dispatch(endpoints.getProperties.initiate({}));
const areaList = (store: AppStore) =>
  store.dispatch(endpoints.getAreas.initiate({ propertyId: PROPERTY.id }));
const area = (store: AppStore, id: string) => store.dispatch(endpoints.getArea.initiate(id));

describe('creating areas', () => {
  it('one area: the property, its area list and the property list fetch again', async () => {
    const laundry = anArea({ areaType: 'lau', name: 'Tvättstuga A' });
    actLikeTheApi(api, [laundry], withList);
    const store = makeStore();
    const release = await primed(api, [
      property(store),
      propertyList(store),
      areaList(store),
      area(store, laundry.id),
    ]);

    await store
      .dispatch(
        endpoints.createArea.initiate({
          propertyId: PROPERTY.id,
          areaType: 'apt',
          number: 1001,
          name: '',
          floorArea: null,
        }),
      )
      .unwrap();

    // The other area is not stale: it is not fetched again.
    expect(await refetched(api, [propertyUrl, areasUrl, '/properties'])).toEqual(
      [propertyUrl, areasUrl, '/properties'].sort(),
    );
    expect(
      endpoints.getAreas.select({ propertyId: PROPERTY.id })(stateOf(store)).data,
    ).toHaveLength(2);
    release();
  });

  it('a range: the property, its area list and the property list fetch again', async () => {
    actLikeTheApi(api, [], withList);
    const store = makeStore();
    const release = await primed(api, [property(store), propertyList(store), areaList(store)]);

    await store
      .dispatch(
        endpoints.createAreas.initiate({
          propertyId: PROPERTY.id,
          areaType: 'apt',
          from: 1001,
          to: 1024,
        }),
      )
      .unwrap();

    expect(await refetched(api, [propertyUrl, areasUrl, '/properties'])).toEqual(
      [propertyUrl, areasUrl, '/properties'].sort(),
    );
    await vi.waitFor(() =>
      expect(endpoints.getProperty.select(PROPERTY.id)(stateOf(store)).data?.areaCounts.apt).toBe(
        24,
      ),
    );
    release();
  });
});

describe('deleting an area', () => {
  it('fetches the area itself again, so its cached copy gives way to not found', async () => {
    const [first, second] = [
      anArea({ areaType: 'apt', number: 1001 }),
      anArea({ areaType: 'apt', number: 1002 }),
    ];
    if (!first || !second) throw new Error('two areas');
    actLikeTheApi(api, [first, second], withList);
    const store = makeStore();
    const release = await primed(api, [
      property(store),
      propertyList(store),
      areaList(store),
      area(store, first.id),
      area(store, second.id),
    ]);

    await store
      .dispatch(endpoints.deleteArea.initiate({ id: first.id, propertyId: PROPERTY.id }))
      .unwrap();

    const expected = [`/areas/${first.id}`, propertyUrl, areasUrl, '/properties'];
    expect(await refetched(api, expected)).toEqual(expected.sort());
    // Coming back to the deleted area shows the API's 404, not the area from the cache.
    await vi.waitFor(() =>
      expect(endpoints.getArea.select(first.id)(stateOf(store)).error).toMatchObject({
        statusCode: 404,
      }),
    );
    expect(endpoints.getAreas.select({ propertyId: PROPERTY.id })(stateOf(store)).data).toEqual([
      second,
    ]);
    release();
  });
});

describe('deleting a property', () => {
  it('fetches the property itself and the list again', async () => {
    actLikeTheApi(
      api,
      [],
      (request) =>
        withList(request) ??
        (request.method === 'DELETE' && request.url === propertyUrl ? { status: 204 } : undefined),
    );
    const store = makeStore();
    const release = await primed(api, [property(store), propertyList(store)]);

    await store.dispatch(endpoints.deleteProperty.initiate({ id: PROPERTY.id })).unwrap();

    expect(await refetched(api, [propertyUrl, '/properties'])).toEqual(
      [propertyUrl, '/properties'].sort(),
    );
    release();
  });
});
