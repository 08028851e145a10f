// A member demoted or removed loses what the change takes away at their very next call, with the
// access token they already hold (docs/accounts.md "Sessions"): nothing a call reads of roles or
// memberships is remembered from an earlier call, the token's check included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMemberships } from '../db/schema/organizations';
import { buildTestApp, type TestApp } from '../test/app';
import { testDrivers } from '../test/database';
import {
  bearer,
  createArea,
  createOrganization,
  createProperty,
  createUser,
  signIn,
  uniqueEmail,
} from '../test/factories';

describe.each(testDrivers)('a member demoted or removed, same token, on %s', (driver) => {
  let subject: TestApp;
  let organizationId: string;
  let manager: Record<string, string>;
  let member: Record<string, string>;
  let memberId: string;
  let memberEmail: string;
  let propertyId: string;
  let areaId: string;
  let deviceId: string;
  let wifiId: string;
  let exportId: string;
  let ticketCookie: string;

  const call = (
    headers: Record<string, string>,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => subject.app.inject({ method, url, payload, headers });

  /** Changes the member may make as a site manager of the organization, each a new one. */
  let areaNumber = 2000;
  const changes = () => [
    {
      method: 'POST' as const,
      url: `/api/properties/${propertyId}/areas`,
      payload: { areaType: 'apt', number: ++areaNumber },
    },
    {
      method: 'PUT' as const,
      url: `/api/organizations/${organizationId}`,
      payload: { name: 'Brf Solrosen' },
    },
    {
      method: 'POST' as const,
      url: `/api/areas/${areaId}/devices`,
      payload: {
        deviceType: 'gw',
        idNumber: `AA:BB:CC:00:01:${(areaNumber % 100).toString().padStart(2, '0')}`,
      },
    },
    {
      method: 'POST' as const,
      url: `/api/properties/${propertyId}/wifi`,
      payload: {
        ssid: `Net ${areaNumber}`,
        password: 'kvarts-sand-42',
        security: 'WPA2',
        hidden: false,
      },
    },
    {
      method: 'POST' as const,
      url: '/api/user/',
      payload: { email: uniqueEmail(), organizationId },
    },
  ];
  /** Creating an organization, which the account's role decides: a site manager of none (the
   * member once demoted) may not, whatever the token says. Not tried before the demotion: the
   * member would manage the new organization. */
  const createOrganizationCall = {
    method: 'POST' as const,
    url: '/api/organizations',
    payload: { name: 'Brf Ny' },
  };
  /** What a member reads of the organization. */
  const reads = () => [
    `/api/organizations/${organizationId}`,
    `/api/properties/${propertyId}`,
    `/api/properties/${propertyId}/areas`,
    `/api/areas/${areaId}`,
    `/api/areas/${areaId}/devices`,
    `/api/devices/${deviceId}`,
    `/api/properties/${propertyId}/statistics?period=month&date=2026-10-01`,
    `/api/areas/${areaId}/statistics?period=month&date=2026-10-01`,
    `/api/properties/${propertyId}/wifi`,
    `/api/wifi/${wifiId}/password`,
    `/api/properties/${propertyId}/exports`,
    `/api/exports/${exportId}`,
    `/api/exports/${exportId}/file`,
  ];

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    const db = subject.database.db;
    const organization = await createOrganization(db, 'Brf Solrosen');
    organizationId = organization.id;
    // A user of a second organization as well, so that the account outlives its removal from
    // the first (the account goes with its last membership) and is no site manager anywhere once
    // demoted in the first.
    const second = await createOrganization(db, 'Brf Granne');
    const managerRow = await createUser(db, {
      role: 'site-manager',
      organizationIds: [organizationId],
    });
    const memberRow = await createUser(db, {
      role: 'site-manager',
      organizationIds: [organizationId],
    });
    await db
      .insert(organizationMemberships)
      .values({ organizationId: second.id, userId: memberRow.id, role: 'user' });
    memberId = memberRow.id;
    memberEmail = memberRow.email;
    manager = bearer(await signIn(subject.app, managerRow.email));
    member = bearer(await signIn(subject.app, memberRow.email));
    const property = await createProperty(db, organizationId);
    propertyId = property.id;
    areaId = (await createArea(db, property, { areaType: 'misc', name: 'Undercentral' })).id;
    const device = await call(manager, 'POST', `/api/areas/${areaId}/devices`, {
      deviceType: 'gw',
      idNumber: 'AA:BB:CC:00:00:01',
    });
    expect(device.statusCode, device.body).toBe(201);
    deviceId = device.json().device.id;
    const wifi = await call(manager, 'POST', `/api/properties/${propertyId}/wifi`, {
      ssid: 'Solrosen Tvättstuga',
      password: 'kvarts-sand-42',
      security: 'WPA2',
      hidden: false,
    });
    expect(wifi.statusCode, wifi.body).toBe(201);
    wifiId = wifi.json().id;
    const asked = await call(member, 'POST', `/api/properties/${propertyId}/exports`, {
      from: '2026-10-01',
      to: '2026-10-31',
      types: ['heat'],
      style: 'csv',
      resolution: 'day',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    exportId = asked.json().id;
    await subject.app.portal.exportBuilds.idle();
    const ticket = await call(member, 'POST', `/api/exports/${exportId}/download`);
    expect(ticket.statusCode, ticket.body).toBe(204);
    ticketCookie = String(ticket.headers['set-cookie']).split(';')[0] as string;
  });
  afterAll(() => subject.close());

  it('a demoted site manager is refused their next change', async () => {
    // As a site manager, with this token: every change goes through, and every read.
    for (const change of changes()) {
      const response = await call(member, change.method, change.url, change.payload);
      expect(response.statusCode, `${change.url} ${response.body}`).toBeLessThan(300);
    }
    for (const url of reads()) {
      expect((await call(member, 'GET', url)).statusCode, url).toBe(200);
    }

    const demoted = await call(manager, 'PUT', `/api/user/${encodeURIComponent(memberEmail)}`, {
      role: 'user',
      organizationId,
    });
    expect(demoted.statusCode, demoted.body).toBe(200);

    for (const change of [...changes(), createOrganizationCall]) {
      const response = await call(member, change.method, change.url, change.payload);
      expect(response.statusCode, `${change.url} ${response.body}`).toBe(403);
    }
    // Still a member: reading goes on.
    for (const url of reads()) {
      expect((await call(member, 'GET', url)).statusCode, url).toBe(200);
    }
  });

  it('a removed member reads nothing of the organization, a download ticket included', async () => {
    const removed = await call(
      manager,
      'DELETE',
      `/api/user/${memberId}?organizationId=${organizationId}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);

    for (const url of reads()) {
      const response = await call(member, 'GET', url);
      expect(response.statusCode, `${url} ${response.body}`).toBe(404);
    }
    const lists = await call(member, 'GET', '/api/properties');
    expect(lists.statusCode).toBe(200);
    expect(JSON.stringify(lists.json())).not.toContain(propertyId);
    // The ticket was issued while they were a member, and its minute has not passed.
    const download = await subject.app.inject({
      method: 'GET',
      url: `/api/exports/${exportId}/file`,
      headers: { cookie: ticketCookie },
    });
    expect(download.statusCode).toBe(404);
    // The account lives on (it belongs to another organization): the token still signs them in.
    expect((await call(member, 'GET', `/api/user/${memberId}`)).statusCode).toBe(200);
  });
});
