// For tests: organizations as the API describes them (read by the contract's own schema), and a
// fake of its organization calls.
import { type Organization, OrganizationSchema } from '@portal/contracts/organizations';
import type { User } from '@portal/contracts/users';
import { BRF_VALLMON, SOLROSEN } from './people';
import type { ReceivedRequest, Reply, Respond } from './test-api';

export function organization(overrides: Partial<Organization> = {}): Organization {
  return OrganizationSchema.parse({
    ...SOLROSEN,
    address: 'Solrosvägen 1, 123 45 Solna',
    propertyCount: 3,
    memberCount: 5,
    createdAt: '2024-03-01T09:00:00.000Z',
    ...overrides,
  });
}

export const solrosen = organization();
export const vallmon = organization({
  ...BRF_VALLMON,
  address: '',
  propertyCount: 1,
  memberCount: 1,
});

const NEW_ID = '2f1e0d9c-8b7a-4695-8473-6251403f2e1d';
const notFound = { statusCode: 404, error: 'Not Found', message: 'Organization not found.' };

/**
 * Answers like the API's organization calls over `initial`, changing them as asked; `signedIn`
 * is the user GET /user/{id} answers, with the organizations as they are now and their role in
 * each as `signedIn` lists it (site manager of one they created). `fail` makes the named method
 * answer `failure` instead.
 */
export function organizationsApi(
  initial: Organization[],
  signedIn: User,
  { fail, failure = { status: 500, body: { statusCode: 500, error: 'x', message: 'x' } } } = {} as {
    fail?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    failure?: Reply;
  },
) {
  let organizations = [...initial];
  return (request: ReceivedRequest): Reply => {
    const url = request.url ?? '';
    if (request.method === fail) return failure;
    if (url === `/user/${signedIn.id}`)
      return {
        status: 200,
        body: {
          ...signedIn,
          organizations: organizations.map(({ id, name }) => ({
            id,
            name,
            role:
              signedIn.organizations.find((membership) => membership.id === id)?.role ??
              'site-manager',
          })),
        },
      };
    if (url === '/organizations' && request.method === 'GET')
      return { status: 200, body: organizations };
    if (url === '/organizations' && request.method === 'POST') {
      const created = organization({
        ...(request.body as { name: string; address: string }),
        id: NEW_ID,
        propertyCount: 0,
        memberCount: 1,
      });
      organizations = [...organizations, created];
      return { status: 201, body: created };
    }
    const id = /^\/organizations\/([^/]+)$/.exec(url)?.[1];
    const found = organizations.find((candidate) => candidate.id === id);
    if (!found) return { status: 404, body: notFound };
    if (request.method === 'PUT') {
      const updated = { ...found, ...(request.body as object) };
      organizations = organizations.map((candidate) => (candidate === found ? updated : candidate));
      return { status: 200, body: updated };
    }
    if (request.method === 'DELETE') {
      organizations = organizations.filter((candidate) => candidate !== found);
      return { status: 204 };
    }
    return { status: 200, body: found };
  };
}

export const NEW_ORGANIZATION_ID = NEW_ID;

/** `respond`, with the signed-in user (GET /user/{id}) answered `ms` later than the rest. */
export function withSlowUser(respond: Respond, ms = 400): Respond {
  return async (request) => {
    if (request.method === 'GET' && request.url?.startsWith('/user/'))
      await new Promise((resolve) => setTimeout(resolve, ms));
    return respond(request);
  };
}
