// Resources share the cache through the tags of api/tags.ts: against a real API server on
// loopback, a change to one resource makes the queries of others that show it fetch again, and
// leaves the rest alone. Each test primes the queries as screens would (subscribed), runs the
// mutation, and reads the requests that follow.
import { describe, expect, it } from 'vitest';
import { organization } from '../test/organizations';
import { erik, karin, SOLROSEN } from '../test/people';
import { property } from '../test/properties';
import { primed, refetched } from '../test/refetches';
import { serveTestApi } from '../test/serve-test-api';
import { type AppStore, makeStore } from '../test/store';
import type { ReceivedRequest, Reply } from '../test/test-api';
import { currentUserApi } from './current-user';
import { organizationUsersApi } from './organization-users';
import { organizationsApi } from './organizations';
import { propertiesApi } from './properties';
import { createUser } from './user-slice';

const api = serveTestApi();

const solrosen = organization();
const solrosen1 = property();
const organizationUrl = `/organizations/${solrosen.id}`;
const membersUrl = `${organizationUrl}/users`;
const propertyUrl = `/properties/${solrosen1.id}`;

/** Answers every call these tests make with what the API would. */
function answer(request: ReceivedRequest): Reply {
  const { method, url } = request;
  if (method === 'GET' && url === '/organizations') return { status: 200, body: [solrosen] };
  if (method === 'PUT' && url === organizationUrl)
    return { status: 200, body: { ...solrosen, ...(request.body as object) } };
  if (method === 'GET' && url === membersUrl) return { status: 200, body: [erik] };
  if (method === 'DELETE' && url === `/user/${erik.id}?organizationId=${SOLROSEN.id}`)
    return { status: 204 };
  if (method === 'GET' && url === `/user/${karin.id}`) return { status: 200, body: karin };
  if (method === 'POST' && url === '/user/') return { status: 201, body: { user: erik } };
  if (method === 'GET' && url === '/properties') return { status: 200, body: [solrosen1] };
  if (method === 'GET' && url === propertyUrl) return { status: 200, body: solrosen1 };
  if (method === 'POST' && url === '/properties')
    return { status: 201, body: property({ id: '6e5d4c3b-2a19-4087-9f6e-5d4c3b2a1908' }) };
  return { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Not found.' } };
}

const organizations = (store: AppStore) =>
  store.dispatch(organizationsApi.endpoints.getOrganizations.initiate());
const members = (store: AppStore) =>
  store.dispatch(organizationUsersApi.endpoints.getOrganizationUsers.initiate(SOLROSEN.id));
const properties = (store: AppStore) =>
  store.dispatch(propertiesApi.endpoints.getProperties.initiate({}));
const currentUser = (store: AppStore) =>
  store.dispatch(currentUserApi.endpoints.getCurrentUser.initiate(karin.id));
const oneProperty = (store: AppStore) =>
  store.dispatch(propertiesApi.endpoints.getProperty.initiate(solrosen1.id));

describe('a property created', () => {
  it('makes the organizations fetch again (their property counts change)', async () => {
    api.answer(answer);
    const store = makeStore();
    const release = await primed(api, [organizations(store), properties(store), members(store)]);
    await store
      .dispatch(
        propertiesApi.endpoints.createProperty.initiate({
          name: 'Solrosen 3',
          organizationId: solrosen.id,
          propertyType: 'multi-dwelling',
        }),
      )
      .unwrap();
    // The member list has nothing to do with it.
    expect(await refetched(api, ['/organizations', '/properties'])).toEqual([
      '/organizations',
      '/properties',
    ]);
    release();
  });
});

describe('an organization renamed', () => {
  it('makes every property query and the signed-in user fetch again (they carry its name)', async () => {
    api.answer(answer);
    const store = makeStore();
    const release = await primed(api, [
      organizations(store),
      properties(store),
      oneProperty(store),
      members(store),
      currentUser(store),
    ]);
    await store
      .dispatch(
        organizationsApi.endpoints.updateOrganization.initiate({
          id: solrosen.id,
          name: 'Brf Solrosen 2',
          address: solrosen.address,
        }),
      )
      .unwrap();
    const expected = ['/organizations', '/properties', propertyUrl, `/user/${karin.id}`];
    expect(await refetched(api, expected)).toEqual(expected.sort());
    release();
  });
});

describe('the members changing', () => {
  it('a member removed: the member lists and the organizations (member counts) fetch again', async () => {
    api.answer(answer);
    const store = makeStore();
    const release = await primed(api, [organizations(store), members(store), properties(store)]);
    await store
      .dispatch(
        organizationUsersApi.endpoints.removeUser.initiate({
          id: erik.id,
          organizationId: SOLROSEN.id,
        }),
      )
      .unwrap();
    const expected = ['/organizations', membersUrl];
    expect(await refetched(api, expected)).toEqual(expected.sort());
    release();
  });

  it('a user invited: the member lists and the organizations fetch again', async () => {
    api.answer(answer);
    const store = makeStore();
    const release = await primed(api, [organizations(store), members(store), properties(store)]);
    await store
      .dispatch(createUser({ email: erik.email, role: 'user', organizationId: SOLROSEN.id }))
      .unwrap();
    const expected = ['/organizations', membersUrl];
    expect(await refetched(api, expected)).toEqual(expected.sort());
    release();
  });
});
