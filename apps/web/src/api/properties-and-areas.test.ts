// The cache of properties and areas against a real API server on loopback: after each change the
// queries it made stale fetch again — and only those — so a list or a count is never shown stale,
// and a deleted item is never fetched again (no 404) even while its screen still shows it. Each
// test primes the queries as screens would (subscribed), runs the mutation, and reads the requests
// that follow.
import { describe, expect, it, vi } from 'vitest';
import { actLikeTheApi, anArea, PROPERTY } from '../test/areas';
import { primed, refetched } from '../test/refetches';
import { serveTestApi } from '../test/serve-test-api';
import { type AppStore, makeStore } from '../test/store';
import type { ReceivedRequest, Reply } from '../test/test-api';
import { areasApi } from './areas';
import { itemsOf } from './pages';
import { propertiesApi } from './properties';

const api = serveTestApi();

const endpoints = { ...propertiesApi.endpoints, ...areasApi.endpoints };
const propertyUrl = `/properties/${PROPERTY.id}`;
/** The store's state as the endpoints' selectors take it (they are typed per injection). */
const stateOf = (store: AppStore) => store.getState() as never;
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
    const listed = itemsOf(
      endpoints.getAreas.select({ propertyId: PROPERTY.id })(stateOf(store)).data,
    );
    expect(listed).toHaveLength(2);
    // The new area's own entry is seeded from the answer: its screen needs no request.
    const created = listed.find((candidate) => candidate.number === 1001);
    expect(endpoints.getArea.select(created?.id ?? '')(stateOf(store)).data).toEqual(created);
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
  it('never fetches the deleted area again, though its screen still holds it', async () => {
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

    // The list, the property and its counts; not the deleted area (a 404), nor the other one.
    const expected = [propertyUrl, areasUrl, '/properties'];
    expect(await refetched(api, expected)).toEqual(expected.sort());
    // Its entry is gone from the cache: coming back asks the API afresh.
    expect(endpoints.getArea.select(first.id)(stateOf(store)).isUninitialized).toBe(true);
    // A screen still subscribed asks again at once: 'not found', without a request.
    const again = await store.dispatch(endpoints.getArea.initiate(first.id));
    expect(again.error).toMatchObject({ statusCode: 404 });
    const gets = (url: string) =>
      api.requests.filter((request) => request.method === 'GET' && request.url === url);
    expect(gets(`/areas/${first.id}`)).toHaveLength(0);
    expect(endpoints.getArea.select(second.id)(stateOf(store)).data).toEqual(second);
    expect(
      itemsOf(endpoints.getAreas.select({ propertyId: PROPERTY.id })(stateOf(store)).data),
    ).toEqual([second]);
    release();
  });
});

describe('deleting a property', () => {
  it('fetches the list again but never the deleted property, though its screen holds it', async () => {
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

    expect(await refetched(api, ['/properties'])).toEqual(['/properties']);
    expect(endpoints.getProperty.select(PROPERTY.id)(stateOf(store)).isUninitialized).toBe(true);
    const again = await store.dispatch(endpoints.getProperty.initiate(PROPERTY.id));
    expect(again.error).toMatchObject({ statusCode: 404 });
    const gets = () =>
      api.requests.filter((request) => request.method === 'GET' && request.url === propertyUrl);
    expect(gets()).toHaveLength(0);
    // Another store (another tab) still asks the API.
    const other = makeStore();
    await other.dispatch(endpoints.getProperty.initiate(PROPERTY.id));
    expect(gets()).toHaveLength(1);
    release();
  });
});

describe('creating a property', () => {
  it('seeds its own entry from the answer, so its overview needs no request', async () => {
    actLikeTheApi(api, [], (request) =>
      request.method === 'POST' && request.url === '/properties'
        ? { status: 201, body: { ...PROPERTY, id: NEW_ID } }
        : withList(request),
    );
    const store = makeStore();
    const release = await primed(api, [propertyList(store)]);
    await store
      .dispatch(
        endpoints.createProperty.initiate({
          name: PROPERTY.name,
          organizationId: PROPERTY.organizationId,
          propertyType: 'multi-dwelling',
        }),
      )
      .unwrap();
    expect(endpoints.getProperty.select(NEW_ID)(stateOf(store)).data?.id).toBe(NEW_ID);
    expect(await refetched(api, ['/properties'])).toEqual(['/properties']);
    release();
  });
});

const NEW_ID = '6e5d4c3b-2a19-4087-9f6e-5d4c3b2a1908';
