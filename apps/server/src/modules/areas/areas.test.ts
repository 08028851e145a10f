// Area calls (DESIGN §4.2) on PGlite and PostgreSQL: tenancy, roles, list, CRUD, ranges, cap.
import { MAX_AREAS_PER_PROPERTY } from '@portal/contracts/areas';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { areas } from '../../db/schema/areas';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import {
  contentsOf,
  createArea,
  createNumberedAreas,
  createProperty,
  createTenancyCast,
  DEFAULT_FORBIDDEN,
  expectInvalid,
  expectRefused,
  type GuardedCall,
  ISO_TIME,
  OVERLONG_ID,
  refusals,
  type TenancyCast,
  unknownIdCalls,
  untilWaitingForLock,
} from '../../test/factories';
import { lockPropertyForChildren } from '../properties/properties.repository';
import * as repository from './areas.repository';
import { takenNumbersMessage } from './areas.service';

const FORBIDDEN_TO_CREATE = "You don't have the permissions to create an area";
const UNKNOWN_TYPE = 'areaType: Choose one of: apt, bic, ent, sop, lau, misc.';

describe('takenNumbersMessage', () => {
  it('lists a few numbers in full', () => {
    expect(takenNumbersMessage([1003, 1004])).toBe(
      'Areas with these numbers already exist: 1003, 1004.',
    );
  });

  it('lists at most 20, then an ellipsis and no other number', () => {
    expect(takenNumbersMessage(range(1, 25))).toBe(
      'Areas with these numbers already exist: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, …',
    );
    expect(takenNumbersMessage(range(1, 20))).toMatch(/ 19, 20\.$/);
  });
});

describe.each(testDrivers)('areas on %s', (driver) => {
  let subject: TestApp;
  let cast: TenancyCast;
  /** Areas made in a jumbled order, to see the list sort them. */
  let solrosen: { id: string; organizationId: string };
  let apartment: { id: string };

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    const db = subject.database.db;
    cast = await createTenancyCast(subject.app, db);
    solrosen = await createProperty(db, cast.organization.id, { name: 'Solrosen 1' });
    await createArea(db, solrosen, { areaType: 'misc', name: 'Förråd' });
    await createArea(db, solrosen, { number: 1102 });
    await createArea(db, solrosen, { areaType: 'lau', name: 'Tvättstuga' });
    await createArea(db, solrosen, { name: 'Vindsvåning' });
    apartment = await createArea(db, solrosen, { number: 1001, floorArea: 62.5 });
    await createArea(db, solrosen, { areaType: 'bic', name: 'Cykelrum' });
    await createArea(db, solrosen, { areaType: 'ent', name: 'Entré B' });
    await createArea(db, solrosen, { areaType: 'ent', name: 'Entré A' });
  });
  afterAll(() => subject.close());

  const db = () => subject.database.db;
  const areasUrl = (propertyId = solrosen.id) => areasUrlOf(propertyId);
  const bulkUrl = (propertyId = solrosen.id) => `${areasUrlOf(propertyId)}/bulk`;
  const areaUrl = (id = apartment.id) => `/api/areas/${id}`;
  const stored = async (id: string) => (await db().select().from(areas).where(eq(areas.id, id)))[0];
  /** A property of its own per test that counts or fills ranges, so tests do not see each other's areas. */
  const freshProperty = (name: string) => createProperty(db(), cast.organization.id, { name });
  const areasOf = (propertyId: string) =>
    db().select().from(areas).where(eq(areas.propertyId, propertyId)).orderBy(areas.number);

  // The tenancy matrix asks the same scoped queries of either database: it runs on the embedded
  // one; PostgreSQL keeps what differs there (races, locks, concurrent writers).
  if (driver === 'pglite') {
    describe('who may do what (DESIGN §5)', () => {
      const calls: GuardedCall[] = [
        { call: 'GET the list', method: 'GET', url: () => areasUrl() },
        { call: 'GET the list of one type', method: 'GET', url: () => `${areasUrl()}?type=apt` },
        { call: 'GET one', method: 'GET', url: () => areaUrl() },
        {
          call: 'POST one',
          method: 'POST',
          url: () => areasUrl(),
          payload: () => ({ areaType: 'apt', number: 2001 }),
          forbidden: FORBIDDEN_TO_CREATE,
        },
        {
          call: 'POST a range',
          method: 'POST',
          url: () => bulkUrl(),
          payload: () => ({ areaType: 'apt', from: 3001, to: 3010 }),
          forbidden: FORBIDDEN_TO_CREATE,
        },
        {
          call: 'PUT',
          method: 'PUT',
          url: () => areaUrl(),
          payload: () => ({ name: 'Kapad', areaType: 'apt', number: 1001 }),
          forbidden: DEFAULT_FORBIDDEN,
        },
        { call: 'DELETE', method: 'DELETE', url: () => areaUrl(), forbidden: DEFAULT_FORBIDDEN },
      ];
      it.each(refusals(calls))(
        '$call as $caller: $status, and nothing changes',
        async (refusal) => {
          await expectRefused(cast, db(), [areas], refusal);
        },
      );

      const anyArea = () => ({ areaType: 'apt', number: 1, from: 1, to: 2 });
      it.each([
        ...unknownIdCalls(['GET', 'POST'], areasUrlOf, anyArea),
        ...unknownIdCalls(['POST'], (id) => `${areasUrlOf(id)}/bulk`, anyArea),
      ])('$call: 404, and nothing changes', async (refusal) => {
        const response = await expectRefused(cast, db(), [areas], refusal);
        expect(response.json().message).toBe('Property not found.');
      });

      it.each(unknownIdCalls(['GET', 'PUT', 'DELETE'], (id) => `/api/areas/${id}`, anyArea))(
        '$call: 404, and nothing changes',
        async (refusal) => {
          const response = await expectRefused(cast, db(), [areas], refusal);
          expect(response.json().message).toBe('Area not found.');
        },
      );

      it.each([
        ['GET the list', 'GET', areasUrlOf(OVERLONG_ID)],
        ['POST one', 'POST', areasUrlOf(OVERLONG_ID)],
        ['POST a range', 'POST', `${areasUrlOf(OVERLONG_ID)}/bulk`],
        ['GET one', 'GET', `/api/areas/${OVERLONG_ID}`],
        ['PUT', 'PUT', `/api/areas/${OVERLONG_ID}`],
        ['DELETE', 'DELETE', `/api/areas/${OVERLONG_ID}`],
      ] as const)(
        '%s with an id longer than any route takes: 404, and nothing changes',
        async (_call, method, url) => {
          await expectRefused(cast, db(), [areas], {
            call: method,
            method,
            url: () => url,
            payload: anyArea,
            caller: 'manager',
            status: 404,
          });
        },
      );
    });
  }

  describe('GET /api/properties/{propertyId}/areas', () => {
    it('lists them by type (in the order of SPEC §3), then number, then name', async () => {
      const response = await cast.request('manager', 'GET', areasUrl());
      expect(response.statusCode).toBe(200);
      const list = response.json();
      expect(
        list.map((area: { areaType: string; number: number | null; name: string }) =>
          [area.areaType, area.number ?? area.name].join(' '),
        ),
      ).toEqual([
        'apt 1001',
        'apt 1102',
        'apt Vindsvåning',
        'bic Cykelrum',
        'ent Entré A',
        'ent Entré B',
        'lau Tvättstuga',
        'misc Förråd',
      ]);
      expect(list[0]).toEqual({
        id: apartment.id,
        propertyId: solrosen.id,
        organizationId: cast.organization.id,
        name: '',
        areaType: 'apt',
        number: 1001,
        floorArea: 62.5,
        createdAt: expect.stringMatching(ISO_TIME),
        updatedAt: expect.stringMatching(ISO_TIME),
      });
    });

    it('narrows to one type with ?type=', async () => {
      const response = await cast.request('member', 'GET', `${areasUrl()}?type=ent`);
      expect(response.statusCode).toBe(200);
      expect(response.json().map((area: { name: string }) => area.name)).toEqual([
        'Entré A',
        'Entré B',
      ]);
    });

    it('refuses an unknown type with 400', () =>
      expectInvalid(
        cast,
        db(),
        [areas],
        { method: 'GET', url: `${areasUrl()}?type=garage`, payload: undefined },
        'type: Choose one of: apt, bic, ent, sop, lau, misc.',
      ));

    it('answers an empty property with an empty list', async () => {
      const empty = await freshProperty('Tom');
      const response = await cast.request('manager', 'GET', areasUrl(empty.id));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
      expect(response.headers.link).toBeUndefined();
    });
  });

  describe('pages and search (?limit, ?cursor, ?q)', () => {
    /** 250 apartments, unnumbered and named ones, a laundry room: more than a page of 200. */
    let large: { id: string; organizationId: string };

    beforeAll(async () => {
      large = await freshProperty('Stora huset');
      await createNumberedAreas(db(), large, 1001, 1250);
      await createArea(db(), large, { name: 'Vindsvåning' });
      await createArea(db(), large, { name: '' });
      await createArea(db(), large, { areaType: 'lau', name: 'Tvättstuga 100%' });
      await createArea(db(), large, { areaType: 'lau', name: 'Tvättstuga 2' });
    });

    type Listed = { id: string; areaType: string; number: number | null; name: string };
    const label = (area: Listed) => [area.areaType, area.number ?? area.name].join(' ');

    /** Every page from `url` on, following the Link headers, as the client does. */
    async function allPages(url: string, role: 'manager' | 'member' = 'manager') {
      const pages: Listed[][] = [];
      let next: string | undefined = url;
      while (next) {
        const response = await cast.request(role, 'GET', next);
        expect(response.statusCode, response.body).toBe(200);
        pages.push(response.json());
        next = /^<([^>]+)>; rel="next"$/.exec(String(response.headers.link ?? ''))?.[1];
      }
      return pages;
    }

    it('answers 200 areas at first, and a Link header to the rest', async () => {
      const response = await cast.request('member', 'GET', areasUrl(large.id));
      expect(response.json()).toHaveLength(200);
      expect(response.headers.link).toMatch(
        new RegExp(`^</api/properties/${large.id}/areas\\?cursor=[A-Za-z0-9_-]+>; rel="next"$`),
      );
    });

    it('gives every area once, in list order, page after page', async () => {
      const pages = await allPages(`${areasUrl(large.id)}?limit=60`);
      expect(pages.map((page) => page.length)).toEqual([60, 60, 60, 60, 14]);
      const listed = pages.flat();
      expect(new Set(listed.map((area) => area.id)).size).toBe(254);
      expect(listed.slice(0, 2).map(label)).toEqual(['apt 1001', 'apt 1002']);
      // Unnumbered apartments after the numbered ones, by name; then the next type.
      expect(listed.slice(249).map(label)).toEqual([
        'apt 1250',
        'apt ',
        'apt Vindsvåning',
        'lau Tvättstuga 100%',
        'lau Tvättstuga 2',
      ]);
    });

    it('neither repeats nor skips an area when one is added between two pages', async () => {
      const property = await freshProperty('Växande hus');
      await createNumberedAreas(db(), property, 1, 10);
      const first = await cast.request('manager', 'GET', `${areasUrl(property.id)}?limit=5`);
      await createArea(db(), property, { number: 0 });
      await createArea(db(), property, { number: 11 });
      const next = /^<([^>]+)>/.exec(String(first.headers.link))?.[1] ?? '';
      const rest = (await allPages(next)).flat();
      expect([...first.json(), ...rest].map((area: Listed) => area.number)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
      ]);
    });

    it('keeps ?type= and ?q= on the next pages', async () => {
      const pages = await allPages(`${areasUrl(large.id)}?type=apt&q=12&limit=10`);
      const numbers = pages.flat().map((area) => area.number);
      // 1012, 1112, 1120–1129, 1200–1250 …: every apartment whose number has a 12 in it.
      expect(numbers).toEqual(
        Array.from({ length: 250 }, (_, index) => 1001 + index).filter((number) =>
          String(number).includes('12'),
        ),
      );
      expect(pages.length).toBeGreaterThan(1);
    });

    it('looks for every word of ?q= in names, whatever the case, and takes % as itself', async () => {
      const byName = await cast.request('member', 'GET', `${areasUrl(large.id)}?q=TVÄTT`);
      expect(byName.json().map(label)).toEqual(['lau Tvättstuga 100%', 'lau Tvättstuga 2']);
      const words = await cast.request('member', 'GET', `${areasUrl(large.id)}?q=tv%C3%A4tt%202`);
      expect(words.json().map(label)).toEqual(['lau Tvättstuga 2']);
      const percent = await cast.request('member', 'GET', `${areasUrl(large.id)}?q=0%25`);
      expect(percent.json().map(label)).toEqual(['lau Tvättstuga 100%']);
      const none = await cast.request('member', 'GET', `${areasUrl(large.id)}?q=garage`);
      expect(none.json()).toEqual([]);
      expect(none.headers.link).toBeUndefined();
    });

    it('takes a blank ?q= as no search', async () => {
      const response = await cast.request(
        'member',
        'GET',
        `${areasUrl(large.id)}?q=%20%20&limit=3`,
      );
      expect(response.json().map(label)).toEqual(['apt 1001', 'apt 1002', 'apt 1003']);
    });

    it.each([
      ['0', 'limit: limit must be at least 1.'],
      ['501', 'limit: limit must be at most 500.'],
      ['ten', 'limit: limit must be a whole number.'],
      ['2.5', 'limit: limit must be a whole number.'],
    ])('refuses ?limit=%s with 400', (limit, message) =>
      expectInvalid(
        cast,
        db(),
        [areas],
        { method: 'GET', url: `${areasUrl(large.id)}?limit=${limit}`, payload: undefined },
        message,
      ),
    );

    it.each([
      ['not base64 JSON', 'x'],
      [
        'a property list cursor',
        Buffer.from('["Solrosen 1","c0ffee00-0000-4000-8000-000000000000"]').toString('base64url'),
      ],
      ['a key with a bad id', Buffer.from('[0,1,"a","1; drop table areas"]').toString('base64url')],
      ['an over-long one', 'a'.repeat(1001)],
    ])('refuses a cursor that is %s with 400 naming the field', (_case, cursor) =>
      expectInvalid(
        cast,
        db(),
        [areas],
        { method: 'GET', url: `${areasUrl(large.id)}?cursor=${cursor}`, payload: undefined },
        'cursor: cursor is not one this list gave.',
      ),
    );

    it('refuses a q longer than 200 characters with 400', () =>
      expectInvalid(
        cast,
        db(),
        [areas],
        { method: 'GET', url: `${areasUrl(large.id)}?q=${'a'.repeat(201)}`, payload: undefined },
        'q: q must be at most 200 characters long.',
      ));

    it("answers 404 for another organization's property, whatever the cursor", async () => {
      const first = await cast.request('manager', 'GET', `${areasUrl(large.id)}?limit=1`);
      const next = /^<([^>]+)>/.exec(String(first.headers.link))?.[1] ?? '';
      const outsider = await cast.request('otherManager', 'GET', next);
      expect(outsider.statusCode).toBe(404);
    });
  });

  describe('POST /api/properties/{propertyId}/areas', () => {
    it('creates one for a site manager: 201 Area', async () => {
      const property = await freshProperty('En lägenhet');
      const response = await cast.request('manager', 'POST', areasUrl(property.id), {
        name: ' Lgh 1 ',
        areaType: 'apt',
        number: 1,
        floorArea: 45,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        propertyId: property.id,
        organizationId: cast.organization.id,
        name: 'Lgh 1',
        areaType: 'apt',
        number: 1,
        floorArea: 45,
        createdAt: expect.stringMatching(ISO_TIME),
        updatedAt: expect.stringMatching(ISO_TIME),
      });
    });

    it('creates several unnumbered areas side by side', async () => {
      const property = await freshProperty('Utan nummer');
      for (const name of ['Soprum', 'Soprum gård']) {
        const response = await cast.request('manager', 'POST', areasUrl(property.id), {
          name,
          areaType: 'sop',
        });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({ number: null, floorArea: null });
      }
    });

    it("refuses a number the property already has with 409 'An area with this number already exists.'", async () => {
      const before = await contentsOf(db(), areas);
      const response = await cast.request('manager', 'POST', areasUrl(), {
        areaType: 'apt',
        number: 1001,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        message: 'An area with this number already exists.',
        code: 'AREA_NUMBERS_TAKEN',
        details: { numbers: [1001], more: false },
      });
      expect(await contentsOf(db(), areas)).toEqual(before);
    });

    it('takes a number another property already has', async () => {
      const property = await freshProperty('Samma nummer');
      const response = await cast.request('manager', 'POST', areasUrl(property.id), {
        areaType: 'apt',
        number: 1001,
      });
      expect(response.statusCode).toBe(201);
    });

    it.each([
      ['neither name nor number', { areaType: 'apt' }, 'name: Enter a name or a number.'],
      ['no type', { number: 5 }, 'areaType'],
      ['an unknown type', { areaType: 'garage', number: 5 }, UNKNOWN_TYPE],
      ['a negative number', { areaType: 'apt', number: -1 }, 'number: The number must be 0 or'],
      ['a decimal number', { areaType: 'apt', number: 1.5 }, 'number: The number must be a whole'],
      ['a number as text', { areaType: 'apt', number: '5' }, 'number: The number must be a whole'],
      ['a floor area of 0', { areaType: 'apt', number: 5, floorArea: 0 }, 'floorArea: The floor'],
      ['a name too long', { areaType: 'apt', name: 'x'.repeat(201) }, 'name: The name must be'],
    ])('refuses %s with 400 naming the field, and creates nothing', (_case, payload, message) =>
      expectInvalid(cast, db(), [areas], { method: 'POST', url: areasUrl(), payload }, message),
    );
  });

  describe('POST /api/properties/{propertyId}/areas/bulk', () => {
    /** Sends a range as the site manager; `from`…`to` are apartments unless the body says not. */
    const sendRange = (
      property: { id: string },
      body: { from: number; to: number } & Record<string, unknown>,
    ) => cast.request('manager', 'POST', bulkUrl(property.id), { areaType: 'apt', ...body });

    it('creates one area per number, both ends included: 201 with the areas in order', async () => {
      const property = await freshProperty('Radhusen');
      const response = await sendRange(property, { from: 1001, to: 1012 });
      expect(response.statusCode).toBe(201);
      const created = response.json();
      expect(created.map((area: { number: number }) => area.number)).toEqual(range(1001, 1012));
      expect(created[0]).toEqual({
        id: expect.any(String),
        propertyId: property.id,
        organizationId: cast.organization.id,
        name: '',
        areaType: 'apt',
        number: 1001,
        floorArea: null,
        createdAt: expect.stringMatching(ISO_TIME),
        updatedAt: expect.stringMatching(ISO_TIME),
      });
      expect(await areasOf(property.id)).toHaveLength(12);
    });

    it('names each area with the prefix and its number, and gives each the floor area', async () => {
      const property = await freshProperty('Prefix');
      const response = await sendRange(property, {
        areaType: 'bic',
        from: 1,
        to: 3,
        namePrefix: 'Cykelförråd ',
        floorArea: 12,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject(
        [1, 2, 3].map((number) => ({
          name: `Cykelförråd ${number}`,
          areaType: 'bic',
          floorArea: 12,
        })),
      );
    });

    it.each([
      ['a single area when from equals to', 7, 7, 1],
      ['exactly 500 at once', 1, 500, 500],
    ])('creates %s', async (_case, from, to, expected) => {
      const property = await freshProperty(`Från ${from} till ${to}`);
      const response = await sendRange(property, { from, to });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toHaveLength(expected);
      expect(await areasOf(property.id)).toHaveLength(expected);
    });

    it('refuses a range that overlaps numbers in use with 409 naming them, and creates none', async () => {
      const property = await freshProperty('Överlapp');
      for (const number of [1003, 1004, 1020]) await createArea(db(), property, { number });
      const response = await sendRange(property, { from: 1001, to: 1010 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        message: 'Areas with these numbers already exist: 1003, 1004.',
        code: 'AREA_NUMBERS_TAKEN',
        details: { numbers: [1003, 1004], more: false },
      });
      expect((await areasOf(property.id)).map((area) => area.number)).toEqual([1003, 1004, 1020]);
    });

    it('names at most 20 of many numbers in use', async () => {
      const property = await freshProperty('Många');
      expect((await sendRange(property, { from: 1, to: 35 })).statusCode).toBe(201);
      const response = await sendRange(property, { from: 11, to: 40 });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        `Areas with these numbers already exist: ${range(11, 30).join(', ')}, …`,
      );
      expect(response.json().details).toEqual({ numbers: range(11, 35), more: false });
      expect(await areasOf(property.id)).toHaveLength(35);
    });

    it('gives at most 100 numbers in the details, and says there are more', async () => {
      const property = await freshProperty('Hundratals');
      await createNumberedAreas(db(), property, 1, 150);
      const response = await sendRange(property, { from: 1, to: 200 });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'AREA_NUMBERS_TAKEN',
        details: { numbers: range(1, 100), more: true },
      });
    });

    it('lets only one of two overlapping ranges sent at the same moment through', async () => {
      const property = await freshProperty('Samtidigt');
      const answers = await Promise.all([
        sendRange(property, { from: 1, to: 200 }),
        sendRange(property, { from: 150, to: 350 }),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([201, 409]);
      const created = answers.find((answer) => answer.statusCode === 201)?.json();
      expect(await areasOf(property.id)).toHaveLength(created.length);
    });

    it('answers a number taken between the check and the insert with 409 naming it, and creates none', async () => {
      const property = await freshProperty('Mellan kontroll och insättning');
      await createArea(db(), property, { number: 3 });
      // The check inside the transaction misses it, as when another request took it meanwhile:
      // the unique index refuses the insert, and the numbers are looked up again to name them.
      const check = vi.spyOn(repository, 'takenNumbers').mockResolvedValueOnce([]);
      try {
        const response = await sendRange(property, { from: 1, to: 5 });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({
          message: 'Areas with these numbers already exist: 3.',
          code: 'AREA_NUMBERS_TAKEN',
          details: { numbers: [3], more: false },
        });
        expect(check).toHaveBeenCalledTimes(2);
      } finally {
        check.mockRestore();
      }
      expect((await areasOf(property.id)).map((area) => area.number)).toEqual([3]);
    });

    it.each([
      ['from greater than to', { from: 10, to: 1 }, "to: 'From' must not be greater than 'to'."],
      ['501 areas', { from: 1, to: 501 }, 'to: At most 500 areas can be created at once.'],
      ['a range far too long', { from: 0, to: 99_999_999 }, 'to: At most 500 areas can be'],
      ['a negative from', { from: -1, to: 5 }, 'from: The number must be 0 or greater.'],
      ['a decimal from', { from: 1.5, to: 5 }, 'from: The number must be a whole number.'],
      ['a decimal to', { from: 1, to: 4.5 }, 'to: The number must be a whole number.'],
      ['numbers as text', { from: '1', to: '5' }, 'from: The number must be a whole number.'],
      ['letters', { from: 'a', to: 'b' }, 'from: The number must be a whole number.'],
      ['a missing to', { from: 1 }, 'to: The number must be a whole number.'],
      ['null numbers', { from: null, to: null }, 'from: The number must be a whole number.'],
      ['a number too large', { from: 1, to: 100_000_000 }, 'to: The number must be at most'],
      ['an unknown type', { areaType: 'garage', from: 1, to: 5 }, UNKNOWN_TYPE],
      ['a prefix too long', { from: 1, to: 5, namePrefix: 'x'.repeat(101) }, 'namePrefix'],
      ['a negative floor area', { from: 1, to: 5, floorArea: -3 }, 'floorArea: The floor area'],
    ])('refuses %s with 400 naming the field, and creates nothing', (_case, change, message) =>
      expectInvalid(
        cast,
        db(),
        [areas],
        { method: 'POST', url: bulkUrl(), payload: { areaType: 'apt', ...change } },
        message,
      ),
    );
  });

  describe(`at most ${MAX_AREAS_PER_PROPERTY} areas in a property`, () => {
    const countOf = async (propertyId: string) =>
      (await db().select({ areas: count() }).from(areas).where(eq(areas.propertyId, propertyId)))[0]
        ?.areas;

    it('refuses a range or an area beyond it with 409, and creates none', async () => {
      const property = await freshProperty('Fullt hus');
      await createNumberedAreas(db(), property, 1, MAX_AREAS_PER_PROPERTY - 1);
      const tooFull = {
        message: 'A property can have at most 5000 areas.',
        code: 'PROPERTY_FULL',
        details: { limit: MAX_AREAS_PER_PROPERTY },
      };

      const range = await cast.request('manager', 'POST', bulkUrl(property.id), {
        areaType: 'apt',
        from: 10_001,
        to: 10_002,
      });
      expect(range.statusCode).toBe(409);
      expect(range.json()).toMatchObject(tooFull);
      expect(await countOf(property.id)).toBe(4999);

      const last = await cast.request('manager', 'POST', areasUrl(property.id), {
        areaType: 'apt',
        number: 10_001,
      });
      expect(last.statusCode).toBe(201);
      const beyond = await cast.request('manager', 'POST', areasUrl(property.id), {
        areaType: 'lau',
        name: 'Tvättstuga',
      });
      expect(beyond.statusCode).toBe(409);
      expect(beyond.json()).toMatchObject(tooFull);
      expect(await countOf(property.id)).toBe(5000);

      // The last of them is on the last page of 200.
      const lastPage = await cast.request(
        'manager',
        'GET',
        `${areasUrl(property.id)}?limit=200&q=10001`,
      );
      expect(lastPage.json().map((area: { number: number }) => area.number)).toEqual([10_001]);
    });

    // Only PostgreSQL has other sessions: an addition under way holds the property as the service
    // does, and the request waits for it and then counts its area.
    it.runIf(driver === 'postgres')(
      'counts an addition still being committed: it waits, then 409',
      async () => {
        const property = await freshProperty('Nästan fullt');
        await createNumberedAreas(db(), property, 1, MAX_AREAS_PER_PROPERTY - 1);
        let answer: ReturnType<typeof cast.request> | undefined;
        await db().transaction(async (transaction) => {
          expect(
            await lockPropertyForChildren(transaction, property.id, cast.manager.id),
          ).toBeDefined();
          await createArea(transaction, property, { number: 10_001 });
          answer = cast.request('manager', 'POST', areasUrl(property.id), {
            areaType: 'apt',
            number: 10_002,
          });
          await untilWaitingForLock(db());
        });
        if (!answer) throw new Error('the call was not made');
        const response = await answer;
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe('A property can have at most 5000 areas.');
        expect(await countOf(property.id)).toBe(5000);
      },
    );
  });

  describe('GET /api/areas/{areaId}', () => {
    it.each(['manager', 'member'] as const)(
      'shows it to the %s of the organization',
      async (caller) => {
        const response = await cast.request(caller, 'GET', areaUrl());
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          id: apartment.id,
          propertyId: solrosen.id,
          number: 1001,
          floorArea: 62.5,
        });
      },
    );
  });

  describe('PUT /api/areas/{areaId}', () => {
    it('changes the whole area for a site manager: 200 Area', async () => {
      const area = await createArea(db(), solrosen, { number: 1201, name: 'Gammal' });
      const response = await cast.request('manager', 'PUT', areaUrl(area.id), {
        name: 'Lgh 1202',
        areaType: 'apt',
        number: 1202,
        floorArea: 74,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: area.id,
        propertyId: solrosen.id,
        name: 'Lgh 1202',
        number: 1202,
        floorArea: 74,
      });
      const row = await stored(area.id);
      expect(row).toMatchObject({ name: 'Lgh 1202', number: 1202 });
      expect(row?.updatedAt.getTime()).toBeGreaterThan(area.updatedAt.getTime());
    });

    it('keeps its own number', async () => {
      const area = await createArea(db(), solrosen, { number: 1301 });
      const response = await cast.request('manager', 'PUT', areaUrl(area.id), {
        name: 'Samma nummer',
        areaType: 'apt',
        number: 1301,
      });
      expect(response.statusCode).toBe(200);
    });

    it("ignores a propertyId and organizationId in the body: another organization's property stays out of reach", async () => {
      const grannen = await createProperty(db(), cast.otherOrganization.id, { name: 'Grannen 1' });
      const area = await createArea(db(), solrosen, { number: 1501 });
      const response = await cast.request('manager', 'PUT', areaUrl(area.id), {
        areaType: 'apt',
        number: 1501,
        name: 'Stannar',
        propertyId: grannen.id,
        organizationId: cast.otherOrganization.id,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        propertyId: solrosen.id,
        organizationId: cast.organization.id,
        name: 'Stannar',
      });
      expect(await stored(area.id)).toMatchObject({
        propertyId: solrosen.id,
        organizationId: cast.organization.id,
      });
      expect(await areasOf(grannen.id)).toEqual([]);
    });

    it("refuses another area's number with 409 and changes nothing", async () => {
      const area = await createArea(db(), solrosen, { number: 1401 });
      const response = await cast.request('manager', 'PUT', areaUrl(area.id), {
        areaType: 'apt',
        number: 1001,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        message: 'An area with this number already exists.',
        code: 'AREA_NUMBERS_TAKEN',
        details: { numbers: [1001], more: false },
      });
      expect((await stored(area.id))?.number).toBe(1401);
    });

    it.each([
      ['neither name nor number', { areaType: 'apt' }, 'name: Enter a name or a number.'],
      ['a decimal number', { areaType: 'apt', number: 2.5 }, 'number: The number must be a whole'],
      ['an unknown type', { areaType: 'garage', number: 1001 }, UNKNOWN_TYPE],
    ])('refuses %s with 400 and changes nothing', (_case, payload, message) =>
      expectInvalid(cast, db(), [areas], { method: 'PUT', url: areaUrl(), payload }, message),
    );
  });

  describe('DELETE /api/areas/{areaId}', () => {
    it('deletes it for a site manager: 204, and its number is free again', async () => {
      const property = await freshProperty('Radera');
      const area = await createArea(db(), property, { number: 5 });
      const response = await cast.request('manager', 'DELETE', areaUrl(area.id));
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await stored(area.id)).toBeUndefined();
      expect((await cast.request('manager', 'GET', areaUrl(area.id))).statusCode).toBe(404);
      const again = await cast.request('manager', 'POST', areasUrl(property.id), {
        areaType: 'apt',
        number: 5,
      });
      expect(again.statusCode).toBe(201);
    });
  });
});

function areasUrlOf(propertyId: string) {
  return `/api/properties/${propertyId}/areas`;
}

function range(from: number, to: number) {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}
