// For specs: what a test sets up through the API before it turns to the screens: calls as a
// signed-in account, and a new site manager with an organization, a property and apartments.
import type { APIRequestContext, Page } from '@playwright/test';
import { registerThroughApi, uniqueAddress } from './accounts';
import { rememberSecretsIn, rememberSession } from './secrets-seen';
import { openSession } from './session';

export const PASSWORD = 'Vallmon-förvaltning-2026';

/** A call to the API as `session`, failing the test on an error answer. */
export async function callApi<T>(
  request: APIRequestContext,
  session: { accessToken: string },
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
): Promise<T> {
  rememberSession(session);
  rememberSecretsIn(data, url);
  const response = await request.fetch(url, {
    method,
    data,
    headers: { Authorization: `Bearer ${session.accessToken}` },
  });
  if (!response.ok())
    throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  const answer = (await response.json()) as T;
  // A new gateway's key, a WiFi network's password: what the server sends back is a secret too.
  rememberSecretsIn(answer, url);
  return answer;
}

/** A newly registered site manager, signed in, with an organization and a property made through
 * the API, and optionally the apartments `from`–`to`. */
export async function siteManagerWithProperty(
  page: Page,
  apartments?: { from: number; to: number },
) {
  const manager = await registerThroughApi(page.request, {
    email: uniqueAddress('vallmon'),
    password: PASSWORD,
    name: 'Maja Nilsson',
  });
  const organization = await callApi<{ id: string }>(
    page.request,
    manager,
    'POST',
    '/api/organizations',
    { name: `Brf Vallmon ${Date.now()}`, address: 'Vallmovägen 4, 224 60 Lund' },
  );
  const property = await callApi<{ id: string }>(page.request, manager, 'POST', '/api/properties', {
    name: 'Vallmon 3',
    organizationId: organization.id,
    propertyType: 'multi-dwelling',
  });
  if (apartments)
    await callApi(page.request, manager, 'POST', `/api/properties/${property.id}/areas/bulk`, {
      areaType: 'apt',
      ...apartments,
    });
  await openSession(page, manager);
  return { manager, organization, property };
}

/** A new site manager, signed in, with a property and one flat 'Lgh {number}', without devices. */
export async function siteManagerWithFlat(page: Page, number: number) {
  const { manager, property } = await siteManagerWithProperty(page);
  const [flat] = await callApi<{ id: string }[]>(
    page.request,
    manager,
    'POST',
    `/api/properties/${property.id}/areas/bulk`,
    { areaType: 'apt', from: number, to: number, namePrefix: 'Lgh ' },
  );
  if (!flat) throw new Error('the flat was not created');
  return { manager, property, flat };
}

/** The demo's property Solrosen 1, as `session` (a demo account) lists it. */
export async function demoProperty(request: APIRequestContext, session: { accessToken: string }) {
  const properties = await callApi<{ id: string; name: string }[]>(
    request,
    session,
    'GET',
    '/api/properties',
  );
  const property = properties.find((candidate) => candidate.name === 'Solrosen 1');
  if (!property) throw new Error('the demo property Solrosen 1 is missing');
  return property;
}
