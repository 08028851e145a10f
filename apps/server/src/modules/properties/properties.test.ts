// Property calls (DESIGN §4.2) on PGlite and PostgreSQL: tenancy, roles, list, CRUD, moving.
import { AREA_TYPES } from '@portal/contracts/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as tenancy from '../../access/tenancy';
import type { Queryable } from '../../db/client';
import { areas, organizationMemberships, organizations, properties } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import {
  bearer,
  contentsOf,
  countRows,
  createArea,
  createOrganization,
  createProperty,
  createTenancyCast,
  createUser,
  DEFAULT_FORBIDDEN,
  expectInvalid,
  expectRefused,
  type GuardedCall,
  ISO_TIME,
  OVERLONG_ID,
  type Refusal,
  refusals,
  signIn,
  type TenancyCast,
  unknownIdCalls,
  untilWaitingForLock,
} from '../../test/factories';

const newProperty = (organizationId: string) => ({
  name: 'Solrosen 3',
  organizationId,
  address: 'Solrosvägen 5, 223 50 Lund',
  propertyType: 'multi-dwelling',
  heatedArea: 1200.5,
  buildYear: 1974,
  heatingCarrier: 'district-heating',
  geoFactor: 0.9,
});

describe.each(testDrivers)('properties on %s', (driver) => {
  let subject: TestApp;
  let cast: TenancyCast;
  /** The site manager's second organization, which the user of the first does not belong to. */
  let secondOrganizationId: string;
  let solrosen: { id: string; organizationId: string };
  let grannensProperty: { id: string; organizationId: string };

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    const db = subject.database.db;
    cast = await createTenancyCast(subject.app, db);
    secondOrganizationId = (
      await createOrganization(db, 'Brf Astern', [
        { userId: cast.manager.id, role: 'site-manager' },
      ])
    ).id;
    solrosen = await createProperty(db, cast.organization.id, {
      name: 'Solrosen 1',
      heatedArea: 2450,
      buildYear: 1962,
      geoFactor: 0.9,
    });
    await createProperty(db, cast.organization.id, { name: 'Kvarnen', propertyType: 'commercial' });
    await createProperty(db, secondOrganizationId, { name: 'Astern 1' });
    grannensProperty = await createProperty(db, cast.otherOrganization.id, { name: 'Grannen 1' });
    await createArea(db, solrosen, { number: 1001 });
    await createArea(db, solrosen, { number: 1002 });
    await createArea(db, solrosen, { areaType: 'lau', name: 'Tvättstuga' });
  });
  afterAll(() => subject.close());

  const db = () => subject.database.db;
  const propertyUrl = (id = solrosen.id) => `/api/properties/${id}`;
  const stored = async (id: string) =>
    (await db().select().from(properties).where(eq(properties.id, id)))[0];
  const names = (list: { name: string }[]) => list.map((property) => property.name);
  const everything = () => [properties, areas];

  // The tenancy matrix asks the same scoped queries of either database: it runs on the embedded
  // one; PostgreSQL keeps what differs there (races, locks, concurrent writers).
  if (driver === 'pglite') {
    describe('who may do what (DESIGN §5)', () => {
      const calls: GuardedCall[] = [
        { call: 'GET one', method: 'GET', url: () => propertyUrl() },
        {
          call: 'GET the list of its organization',
          method: 'GET',
          url: () => `/api/properties?organizationId=${cast.organization.id}`,
        },
        {
          call: 'POST into its organization',
          method: 'POST',
          url: () => '/api/properties',
          payload: () => newProperty(cast.organization.id),
          forbidden: "You don't have the permissions to create a property",
        },
        {
          call: 'PUT',
          method: 'PUT',
          url: () => propertyUrl(),
          payload: () => ({ ...newProperty(cast.organization.id), name: 'Kapad' }),
          forbidden: DEFAULT_FORBIDDEN,
        },
        {
          call: 'PUT moving it to another organization of the site manager',
          method: 'PUT',
          url: () => propertyUrl(),
          payload: () => newProperty(secondOrganizationId),
          forbidden: DEFAULT_FORBIDDEN,
        },
        {
          call: 'DELETE',
          method: 'DELETE',
          url: () => propertyUrl(),
          forbidden: DEFAULT_FORBIDDEN,
        },
      ];
      it.each(refusals(calls))(
        '$call as $caller: $status, and nothing changes',
        async (refusal) => {
          await expectRefused(cast, db(), everything(), refusal);
        },
      );

      /** Beyond the matrix: reaching into or out of an organization through the body. */
      const beyondReach: Refusal[] = [
        {
          call: 'PUT moving it into their own organization',
          method: 'PUT',
          url: () => propertyUrl(),
          payload: () => newProperty(cast.otherOrganization.id),
          caller: 'otherManager',
          status: 404,
        },
        {
          call: 'POST into an organization not theirs',
          method: 'POST',
          url: () => '/api/properties',
          payload: () => newProperty(cast.otherOrganization.id),
          caller: 'manager',
          status: 404,
        },
        {
          call: 'PUT moving it to an organization not theirs',
          method: 'PUT',
          url: () => propertyUrl(),
          payload: () => newProperty(cast.otherOrganization.id),
          caller: 'manager',
          status: 404,
        },
        {
          call: "PUT another organization's property",
          method: 'PUT',
          url: () => propertyUrl(grannensProperty.id),
          payload: () => newProperty(cast.otherOrganization.id),
          caller: 'manager',
          status: 404,
        },
        {
          call: "DELETE another organization's property",
          method: 'DELETE',
          url: () => propertyUrl(grannensProperty.id),
          caller: 'manager',
          status: 404,
        },
      ];
      it.each(beyondReach)('$call as $caller: $status, and nothing changes', async (refusal) => {
        const response = await expectRefused(cast, db(), everything(), refusal);
        expect(response.json().message).toMatch(/^(Organization|Property) not found\.$/);
      });

      it.each(
        unknownIdCalls(['GET', 'PUT', 'DELETE'], propertyUrl, () =>
          newProperty(cast.organization.id),
        ),
      )('$call: 404, and nothing changes', async (refusal) => {
        const response = await expectRefused(cast, db(), everything(), refusal);
        expect(response.json().message).toBe('Property not found.');
      });

      it.each(['GET', 'PUT', 'DELETE'] as const)(
        '%s with an id longer than any route takes: 404, and nothing changes',
        async (method) => {
          await expectRefused(cast, db(), everything(), {
            call: method,
            method,
            url: () => propertyUrl(OVERLONG_ID),
            payload: () => newProperty(cast.organization.id),
            caller: 'manager',
            status: 404,
          });
        },
      );
    });
  }

  describe('GET /api/properties', () => {
    it("lists every property of the caller's organizations by name, with organization name and area counts", async () => {
      const response = await cast.request('manager', 'GET', '/api/properties');
      expect(response.statusCode).toBe(200);
      const list = response.json();
      expect(names(list)).toEqual(['Astern 1', 'Kvarnen', 'Solrosen 1']);
      expect(list[2]).toEqual({
        id: solrosen.id,
        name: 'Solrosen 1',
        organizationId: cast.organization.id,
        organizationName: 'Brf Solrosen',
        address: 'Solrosvägen 1, 223 50 Lund',
        propertyType: 'multi-dwelling',
        heatedArea: 2450,
        buildYear: 1962,
        timeZone: 'Europe/Stockholm',
        heatingCarrier: 'district-heating',
        geoFactor: 0.9,
        offlineAfterMinutes: 180,
        areaCounts: { apt: 2, bic: 0, ent: 0, sop: 0, lau: 1, misc: 0 },
        deviceCounts: { heat: 0, el: 0, hw: 0, cw: 0, gw: 0, door: 0, keypad: 0 },
        openAlerts: { offline: 0, leak: 0 },
        createdAt: expect.stringMatching(ISO_TIME),
        updatedAt: expect.stringMatching(ISO_TIME),
      });
      expect(list[1].areaCounts).toEqual(Object.fromEntries(AREA_TYPES.map((type) => [type, 0])));
      expect(list[0].organizationName).toBe('Brf Astern');
    });

    it('narrows to one organization with ?organizationId=', async () => {
      const response = await cast.request(
        'manager',
        'GET',
        `/api/properties?organizationId=${secondOrganizationId}`,
      );
      expect(response.statusCode).toBe(200);
      expect(names(response.json())).toEqual(['Astern 1']);
    });

    it("shows a user their organizations' properties and another organization only its own", async () => {
      const member = await cast.request('member', 'GET', '/api/properties');
      expect(names(member.json())).toEqual(['Kvarnen', 'Solrosen 1']);
      for (const caller of ['otherManager', 'otherMember'] as const) {
        const response = await cast.request(caller, 'GET', '/api/properties');
        expect(names(response.json())).toEqual(['Grannen 1']);
      }
    });

    it('answers an anonymous caller with 401', async () => {
      expect((await cast.request('anonymous', 'GET', '/api/properties')).statusCode).toBe(401);
    });

    it('refuses a filter that is not a UUID with 400', async () => {
      const response = await cast.request('manager', 'GET', '/api/properties?organizationId=x');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('organizationId: organizationId must be a UUID.');
    });

    it('counts areas with the same number of queries for one property as for many', async () => {
      const organization = await createOrganization(db(), 'Brf Räknaren');
      await db()
        .insert(organizationMemberships)
        .values({ organizationId: organization.id, userId: cast.manager.id });
      const url = `/api/properties?organizationId=${organization.id}`;
      const queriesFor = async () => {
        const select = vi.spyOn(db(), 'select');
        try {
          const response = await cast.request('manager', 'GET', url);
          expect(response.statusCode).toBe(200);
          return { queries: select.mock.calls.length, list: response.json() };
        } finally {
          select.mockRestore();
        }
      };
      const first = await createProperty(db(), organization.id, { name: 'R 0' });
      await createArea(db(), first, { number: 1 });
      const one = await queriesFor();
      for (let index = 1; index <= 5; index++) {
        const property = await createProperty(db(), organization.id, { name: `R ${index}` });
        await createArea(db(), property, { number: 1 });
        await createArea(db(), property, { areaType: 'bic', name: 'Cykelrum' });
      }
      const six = await queriesFor();
      expect(six.list).toHaveLength(6);
      expect(six.list[5].areaCounts).toMatchObject({ apt: 1, bic: 1 });
      expect(one.queries).toBeGreaterThan(0);
      expect(six.queries).toBe(one.queries);
    });
  });

  describe('pages and search (?limit, ?cursor, ?q)', () => {
    let pagedOrganizationId: string;
    const pagedUrl = (query: string) =>
      `/api/properties?organizationId=${pagedOrganizationId}&${query}`;

    beforeAll(async () => {
      const organization = await createOrganization(db(), 'Brf Sidorna', [
        { userId: cast.manager.id, role: 'site-manager' },
      ]);
      pagedOrganizationId = organization.id;
      for (const name of ['Gård 5', 'Gård 1', 'Gård 3', 'Gård 2', 'Gård 4', 'Gård 6'])
        await createProperty(db(), organization.id, { name, address: `${name}vägen` });
      await createProperty(db(), organization.id, { name: 'Hörnet', address: 'Storgatan 12' });
    });

    async function allPages(url: string) {
      const pages: string[][] = [];
      let next: string | undefined = url;
      while (next) {
        const response = await cast.request('manager', 'GET', next);
        expect(response.statusCode, response.body).toBe(200);
        pages.push(names(response.json()));
        next = /^<([^>]+)>; rel="next"$/.exec(String(response.headers.link ?? ''))?.[1];
      }
      return pages;
    }

    it('gives every property once, by name, page after page, keeping the filter', async () => {
      expect(await allPages(pagedUrl('limit=3'))).toEqual([
        ['Gård 1', 'Gård 2', 'Gård 3'],
        ['Gård 4', 'Gård 5', 'Gård 6'],
        ['Hörnet'],
      ]);
    });

    it('counts the areas of the properties on the page', async () => {
      const [, second] = (await cast.request('manager', 'GET', pagedUrl('limit=2'))).json();
      await createArea(db(), second, { number: 7 });
      const again = await cast.request('manager', 'GET', pagedUrl('limit=2'));
      expect(again.json()[1].areaCounts).toMatchObject({ apt: 1 });
      expect(again.json()[0].areaCounts).toMatchObject({ apt: 0 });
    });

    it("looks for ?q= in names, addresses and the organization's name", async () => {
      const search = async (q: string) =>
        names((await cast.request('manager', 'GET', `/api/properties?q=${q}`)).json());
      expect(await search('STORGATAN')).toEqual(['Hörnet']);
      expect(await search('gård%203')).toEqual(['Gård 3']);
      expect(await search('astern')).toEqual(['Astern 1']);
      expect(await search('sidorna')).toHaveLength(7);
      expect(await search('_')).toEqual([]);
      // Every word, each in any of the three.
      expect(await search('h%C3%B6rnet%20%20storgatan')).toEqual(['Hörnet']);
      expect(await search('h%C3%B6rnet%20solna')).toEqual([]);
    });

    it('never shows another organization a property through ?q=', async () => {
      const response = await cast.request('otherManager', 'GET', '/api/properties?q=Gård');
      expect(response.json()).toEqual([]);
    });

    it('refuses a limit beyond 500 and a cursor it did not give with 400', async () => {
      const tooMany = await cast.request('manager', 'GET', '/api/properties?limit=501');
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().details.issues).toMatchObject([{ field: 'limit', rule: 'too_big' }]);
      const forged = await cast.request('manager', 'GET', '/api/properties?cursor=WzFd');
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { issues: [{ field: 'cursor', message: 'cursor is not one this list gave.' }] },
      });
    });
  });

  describe('POST /api/properties', () => {
    it('creates it for a site manager of the organization: 201 Property with defaults', async () => {
      const response = await cast.request('manager', 'POST', '/api/properties', {
        name: 'Solrosen 9',
        organizationId: cast.organization.id,
        propertyType: 'single-family',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        name: 'Solrosen 9',
        organizationId: cast.organization.id,
        organizationName: 'Brf Solrosen',
        address: '',
        propertyType: 'single-family',
        heatedArea: null,
        buildYear: null,
        timeZone: 'Europe/Stockholm',
        heatingCarrier: 'district-heating',
        geoFactor: 1,
        offlineAfterMinutes: 180,
        areaCounts: { apt: 0, bic: 0, ent: 0, sop: 0, lau: 0, misc: 0 },
        deviceCounts: { heat: 0, el: 0, hw: 0, cw: 0, gw: 0, door: 0, keypad: 0 },
        openAlerts: { offline: 0, leak: 0 },
        createdAt: expect.stringMatching(ISO_TIME),
        updatedAt: expect.stringMatching(ISO_TIME),
      });
      expect(await stored(response.json().id)).toMatchObject({ name: 'Solrosen 9' });
    });

    it('keeps every field it is given', async () => {
      const payload = {
        ...newProperty(cast.organization.id),
        timeZone: 'UTC',
        offlineAfterMinutes: 90,
      };
      const response = await cast.request('manager', 'POST', '/api/properties', payload);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject(payload);
    });

    it.each([
      ['no name', { name: '' }, 'name: Enter a name.'],
      ['an organization that is not a UUID', { organizationId: 'x' }, 'Choose an organization.'],
      [
        'an unknown property type',
        { propertyType: 'castle' },
        'propertyType: Choose one of: multi-dwelling, single-family, commercial, other.',
      ],
      ['a negative heated area', { heatedArea: -5 }, 'heatedArea: The heated floor area must'],
      ['a heated area as text', { heatedArea: '1200' }, 'heatedArea: The heated floor area must'],
      ['a build year with decimals', { buildYear: 1974.5 }, 'buildYear: The build year must be a'],
      ['a geographic factor out of range', { geoFactor: 5 }, 'geoFactor: The geographic'],
      ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'timeZone: Choose a valid time'],
      [
        'an offline threshold under 15 minutes',
        { offlineAfterMinutes: 14 },
        'offlineAfterMinutes: A device counts as offline after 15 to 10080 minutes of silence.',
      ],
      [
        'an offline threshold over a week',
        { offlineAfterMinutes: 10_081 },
        'offlineAfterMinutes: A device counts as offline after 15 to 10080 minutes',
      ],
      [
        'an offline threshold in part minutes',
        { offlineAfterMinutes: 90.5 },
        'offlineAfterMinutes: The offline threshold must be a whole number of minutes.',
      ],
      [
        'an offline threshold as text',
        { offlineAfterMinutes: '180' },
        'offlineAfterMinutes: The offline threshold must be a number of minutes.',
      ],
      [
        'an unknown heating carrier',
        { heatingCarrier: 'coal' },
        'heatingCarrier: Choose one of: district-heating, electricity, heat-pump, biofuel, oil, gas.',
      ],
    ])('refuses %s with 400 naming the field, and creates nothing', (_case, change, message) =>
      expectInvalid(
        cast,
        db(),
        everything(),
        {
          method: 'POST',
          url: '/api/properties',
          payload: { ...newProperty(cast.organization.id), ...change },
        },
        message,
      ),
    );
  });

  describe('GET /api/properties/{propertyId}', () => {
    it.each(['manager', 'member'] as const)(
      'shows it to the %s of the organization',
      async (caller) => {
        const response = await cast.request(caller, 'GET', propertyUrl());
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          id: solrosen.id,
          organizationName: 'Brf Solrosen',
          areaCounts: { apt: 2, lau: 1 },
        });
      },
    );
  });

  describe('PUT /api/properties/{propertyId}', () => {
    it('changes the whole property for a site manager: 200 Property', async () => {
      const property = await createProperty(db(), cast.organization.id, { name: 'Ändras' });
      const payload = {
        ...newProperty(cast.organization.id),
        name: 'Ändrad',
        heatingCarrier: 'heat-pump',
      };
      const response = await cast.request('manager', 'PUT', propertyUrl(property.id), payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ ...payload, id: property.id });
      const row = await stored(property.id);
      expect(row).toMatchObject({ name: 'Ändrad', heatingCarrier: 'heat-pump' });
      expect(row?.updatedAt.getTime()).toBeGreaterThan(property.updatedAt.getTime());
    });

    it('refuses bad input with 400 and changes nothing', () =>
      expectInvalid(
        cast,
        db(),
        everything(),
        {
          method: 'PUT',
          url: propertyUrl(),
          payload: { ...newProperty(cast.organization.id), geoFactor: 0.1 },
        },
        'geoFactor: The geographic adjustment factor must be between 0.5 and 3.',
      ));

    it('ignores an id and an organization name in the body: neither row is renamed or re-keyed', async () => {
      const property = await createProperty(db(), cast.organization.id, { name: 'Behåller id' });
      const before = await contentsOf(db(), organizations);
      const response = await cast.request('manager', 'PUT', propertyUrl(property.id), {
        ...newProperty(cast.organization.id),
        name: 'Nytt namn',
        id: grannensProperty.id,
        organizationName: 'Kapad förening',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: property.id,
        name: 'Nytt namn',
        organizationId: cast.organization.id,
        organizationName: 'Brf Solrosen',
      });
      expect(await stored(property.id)).toMatchObject({
        name: 'Nytt namn',
        organizationId: cast.organization.id,
      });
      expect(await stored(grannensProperty.id)).toMatchObject({
        name: 'Grannen 1',
        organizationId: cast.otherOrganization.id,
      });
      expect(await contentsOf(db(), organizations)).toEqual(before);
    });

    describe('moving a property to another organization', () => {
      it('moves it with its areas to another organization of the caller', async () => {
        const property = await createProperty(db(), cast.organization.id, { name: 'Flyttas' });
        const area = await createArea(db(), property, { number: 1 });
        await createArea(db(), property, { areaType: 'sop', name: 'Soprum' });

        const response = await cast.request('manager', 'PUT', propertyUrl(property.id), {
          ...newProperty(secondOrganizationId),
          name: 'Flyttad',
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          organizationId: secondOrganizationId,
          organizationName: 'Brf Astern',
          areaCounts: { apt: 1, sop: 1 },
        });
        const moved = await db().select().from(areas).where(eq(areas.propertyId, property.id));
        expect(moved.map((row) => row.organizationId)).toEqual([
          secondOrganizationId,
          secondOrganizationId,
        ]);
        const areaResponse = await cast.request('manager', 'GET', `/api/areas/${area.id}`);
        expect(areaResponse.json().organizationId).toBe(secondOrganizationId);
        // The user of the first organization no longer reaches it, nor its areas.
        expect((await cast.request('member', 'GET', propertyUrl(property.id))).statusCode).toBe(
          404,
        );
        expect((await cast.request('member', 'GET', `/api/areas/${area.id}`)).statusCode).toBe(404);
      });
    });
  });

  describe('when the organization written into goes away at that moment', () => {
    /** A site manager of two organizations of their own, with a property in the first, so that
     * taking the second away disturbs no other test. */
    async function setUp() {
      const home = await createOrganization(db(), 'Brf Hemmet');
      const target = await createOrganization(db(), 'Brf Målet');
      const user = await createUser(db(), {
        role: 'site-manager',
        organizationIds: [home.id, target.id],
      });
      const headers = bearer(await signIn(subject.app, user.email));
      const property = await createProperty(db(), home.id, { name: 'Hemmets hus' });
      const calls = {
        POST: () =>
          subject.app.inject({
            method: 'POST',
            url: '/api/properties',
            payload: { ...newProperty(target.id), name: 'Aldrig skapad' },
            headers,
          }),
        PUT: () =>
          subject.app.inject({
            method: 'PUT',
            url: propertyUrl(property.id),
            payload: { ...newProperty(target.id), name: 'Aldrig flyttad' },
            headers,
          }),
      };
      const removals = {
        'the membership removed': (db: Queryable) =>
          db
            .delete(organizationMemberships)
            .where(
              and(
                eq(organizationMemberships.organizationId, target.id),
                eq(organizationMemberships.userId, user.id),
              ),
            ),
        'the organization deleted': (db: Queryable) =>
          db.delete(organizations).where(eq(organizations.id, target.id)),
      };
      /** 404 'Organization not found.'; nothing went into the organization, and the property is
       * as it was. */
      const expectNothingWritten = async (response: { statusCode: number; json(): unknown }) => {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ message: 'Organization not found.' });
        expect(
          await db().select().from(properties).where(eq(properties.organizationId, target.id)),
        ).toEqual([]);
        expect(await stored(property.id)).toEqual(property);
      };
      return { calls, removals, expectNothingWritten };
    }

    const cases = (['POST', 'PUT'] as const).flatMap((method) =>
      (['the membership removed', 'the organization deleted'] as const).map(
        (removal) => [method, removal] as const,
      ),
    );

    it.each(cases)('%s after %s: 404, and nothing is written', async (method, removal) => {
      const { calls, removals, expectNothingWritten } = await setUp();
      await removals[removal](db());
      await expectNothingWritten(await calls[method]());
    });

    // Only PostgreSQL has other sessions: a removal not yet committed holds the membership row,
    // the write waits for it and then finds the membership gone.
    it.runIf(driver === 'postgres').each(cases)(
      '%s while %s is being committed: waits for it, 404, and nothing is written',
      async (method, removal) => {
        const { calls, removals, expectNothingWritten } = await setUp();
        let answer: ReturnType<(typeof calls)[typeof method]> | undefined;
        await db().transaction(async (transaction) => {
          await removals[removal](transaction);
          answer = calls[method]();
          await untilWaitingForLock(db());
        });
        if (!answer) throw new Error('the call was not made');
        await expectNothingWritten(await answer);
      },
    );

    it.each(['POST', 'PUT'] as const)(
      '%s into an organization gone despite the membership check: the foreign key makes it 404',
      async (method) => {
        const { calls, removals, expectNothingWritten } = await setUp();
        await removals['the organization deleted'](db());
        // Every membership check passes: a move checks the property's organization and the one
        // it goes to.
        const check = vi.spyOn(tenancy, 'lockMembership').mockResolvedValue('site-manager');
        try {
          await expectNothingWritten(await calls[method]());
          expect(check).toHaveBeenCalledTimes(method === 'POST' ? 1 : 2);
        } finally {
          check.mockRestore();
        }
      },
    );
  });

  describe('DELETE /api/properties/{propertyId}', () => {
    it('deletes it with its areas for a site manager: 204', async () => {
      const property = await createProperty(db(), cast.organization.id, { name: 'Rivs' });
      await createArea(db(), property, { number: 1 });
      await createArea(db(), property, { number: 2 });
      const areasBefore = await countRows(db(), areas);

      const response = await cast.request('manager', 'DELETE', propertyUrl(property.id));
      expect(response.statusCode).toBe(204);
      expect(await stored(property.id)).toBeUndefined();
      expect(await db().select().from(areas).where(eq(areas.propertyId, property.id))).toEqual([]);
      expect(await countRows(db(), areas)).toBe(areasBefore - 2);
      expect((await cast.request('manager', 'GET', propertyUrl(property.id))).statusCode).toBe(404);
    });
  });
});
