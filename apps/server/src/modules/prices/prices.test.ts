// Prices calls (DESIGN §4.4 "Prices") on PGlite and PostgreSQL: the round trip, a PUT replacing
// the whole set, validation with nothing changed on refusal, and who may read and change them.
import type { Prices } from '@portal/contracts/prices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyPrices } from '../../db/schema/prices';
import { properties } from '../../db/schema/properties';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import {
  createProperty,
  createTenancyCast,
  DEFAULT_FORBIDDEN,
  expectInvalid,
  expectRefused,
  type GuardedCall,
  ISO_TIME,
  refusals,
  type TenancyCast,
  unknownIdCalls,
  untilWaitingForLock,
} from '../../test/factories';

const HEAT = { perUnit: 0.95, unit: 'kWh', fixedPerMonth: 1250 } as const;
const EL = { perUnit: 1.4275, unit: 'kWh', fixedPerMonth: 395 } as const;
const COLD_WATER = { perUnit: 42.5, unit: 'm3', fixedPerMonth: 0 } as const;

describe.each(testDrivers)('prices on %s', (driver) => {
  let subject: TestApp;
  let cast: TenancyCast;
  let propertyId: string;
  let otherPropertyId: string;

  const db = () => subject.database.db;
  const pricesUrl = (id = propertyId) => `/api/properties/${id}/prices`;
  const everything = () => [propertyPrices, properties];
  const put = async (payload: unknown, id = propertyId) => {
    const response = await cast.request('manager', 'PUT', pricesUrl(id), payload as object);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Prices;
  };
  const get = async (caller: 'manager' | 'member' = 'manager', id = propertyId) => {
    const response = await cast.request(caller, 'GET', pricesUrl(id));
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Prices;
  };

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    cast = await createTenancyCast(subject.app, db());
    propertyId = (await createProperty(db(), cast.organization.id)).id;
    otherPropertyId = (await createProperty(db(), cast.otherOrganization.id, { name: 'Granne 2' }))
      .id;
  });
  afterAll(() => subject.close());

  it('answers no prices, and no time, for a property whose prices were never set', async () => {
    const fresh = await createProperty(db(), cast.organization.id, { name: 'Ny' });
    expect(await get('member', fresh.id)).toEqual({ currency: 'SEK', byType: {}, updatedAt: null });
  });

  it('keeps what a site manager sets, to the öre and beyond, and shows it to every member', async () => {
    const before = Date.now();
    const saved = await put({ currency: 'SEK', byType: { heat: HEAT, el: EL } });
    expect(saved.byType).toEqual({ heat: HEAT, el: EL });
    expect(saved.updatedAt).toMatch(ISO_TIME);
    expect(Date.parse(saved.updatedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(await get('member')).toEqual(saved);
    const rows = await db().select().from(propertyPrices);
    expect(rows.filter((row) => row.propertyId === propertyId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          deviceType: 'el',
          perUnit: 1.4275,
          organizationId: cast.organization.id,
          updatedBy: cast.manager.id,
        }),
      ]),
    );
  });

  it('replaces the whole set: a type left out loses its price, one added gains one', async () => {
    await put({ currency: 'SEK', byType: { heat: HEAT, el: EL } });
    const saved = await put({
      currency: 'SEK',
      byType: { el: { ...EL, perUnit: 2 }, cw: COLD_WATER },
    });
    expect(saved.byType).toEqual({ el: { ...EL, perUnit: 2 }, cw: COLD_WATER });
    expect(await get()).toEqual(saved);
    // An empty set is no prices at all, as before any was set.
    expect(await put({ currency: 'SEK', byType: {} })).toEqual({
      currency: 'SEK',
      byType: {},
      updatedAt: null,
    });
  });

  it("never touches another property's prices", async () => {
    const neighbour = await createProperty(db(), cast.organization.id, { name: 'Grannhuset' });
    await put(
      { currency: 'SEK', byType: { hw: { perUnit: 80, unit: 'm3', fixedPerMonth: 10 } } },
      neighbour.id,
    );
    await put({ currency: 'SEK', byType: { heat: HEAT } });
    expect((await get('manager', neighbour.id)).byType).toEqual({
      hw: { perUnit: 80, unit: 'm3', fixedPerMonth: 10 },
    });
  });

  // PGlite runs one statement at a time: racing writers exist only on PostgreSQL.
  it.runIf(driver === 'postgres')(
    'lets two replacements at once take turns: the set is one of them, whole',
    async () => {
      const first = { currency: 'SEK', byType: { heat: HEAT, el: EL } };
      const second = { currency: 'SEK', byType: { cw: COLD_WATER } };
      let answers: Promise<unknown>[] = [];
      // Both wait behind the property's row, held here, and then run one after the other.
      await db().transaction(async (transaction) => {
        await transaction
          .select()
          .from(properties)
          .where(eq(properties.id, propertyId))
          .for('update');
        answers = [first, second].map((payload) =>
          cast.request('manager', 'PUT', pricesUrl(), payload),
        );
        await untilWaitingForLock(db(), 5000, 2);
      });
      const responses = (await Promise.all(answers)) as { statusCode: number; body: string }[];
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      expect([first.byType, second.byType]).toContainEqual((await get()).byType);
    },
  );

  describe('refuses bad prices with what is wrong, changing nothing', () => {
    beforeAll(() => put({ currency: 'SEK', byType: { heat: HEAT } }));
    const invalid = (payload: unknown, message: string) =>
      expectInvalid(
        cast,
        db(),
        everything(),
        { method: 'PUT', url: pricesUrl(), payload: payload as object },
        message,
      );

    it('a negative price per unit', () =>
      invalid(
        { currency: 'SEK', byType: { heat: { ...HEAT, perUnit: -0.5 } } },
        'The price per unit cannot be negative.',
      ));
    it('a negative fixed part', () =>
      invalid(
        { currency: 'SEK', byType: { el: { ...EL, fixedPerMonth: -1 } } },
        'The fixed part per month cannot be negative.',
      ));
    it('a price above the highest', () =>
      invalid(
        { currency: 'SEK', byType: { el: { ...EL, perUnit: 10_001 } } },
        'The price per unit must be at most 10,000 kr.',
      ));
    it('water priced per kWh', () =>
      invalid(
        { currency: 'SEK', byType: { cw: { ...COLD_WATER, unit: 'kWh' } } },
        'Heat and electricity are priced per kWh, water per m³.',
      ));
    it('heat priced per m³', () =>
      invalid(
        { currency: 'SEK', byType: { heat: { ...HEAT, unit: 'm3' } } },
        'Heat and electricity are priced per kWh, water per m³.',
      ));
    it('a type that has no price (solar, a gateway)', () =>
      invalid({ currency: 'SEK', byType: { heat: HEAT, solar: EL } }, 'solar'));
    it('another currency', () =>
      invalid({ currency: 'EUR', byType: { heat: HEAT } }, 'The currency is SEK.'));
    it('a price that is no number', () =>
      invalid(
        { currency: 'SEK', byType: { heat: { ...HEAT, perUnit: '0,95' } } },
        'The price per unit must be a number.',
      ));
  });

  describe('who may do what (DESIGN §5)', () => {
    const calls: GuardedCall[] = [
      { call: 'GET', method: 'GET', url: () => pricesUrl() },
      {
        call: 'PUT',
        method: 'PUT',
        url: () => pricesUrl(),
        payload: () => ({ currency: 'SEK', byType: { cw: COLD_WATER } }),
        forbidden: DEFAULT_FORBIDDEN,
      },
    ];
    beforeAll(() => put({ currency: 'SEK', byType: { heat: HEAT } }));

    it.each(refusals(calls))('$call as $caller: $status, and nothing changes', async (refusal) => {
      const response = await expectRefused(cast, db(), everything(), refusal);
      if (refusal.status === 404) expect(response.json().message).toBe('Property not found.');
    });

    it.each(
      unknownIdCalls(['GET', 'PUT'], pricesUrl, () => ({
        currency: 'SEK',
        byType: { heat: HEAT },
      })),
    )('$call: 404, and nothing changes', async (refusal) => {
      const response = await expectRefused(cast, db(), everything(), refusal);
      expect(response.json().message).toBe('Property not found.');
    });

    it("lets the other organization's people read and set their own property's prices", async () => {
      const response = await cast.request('otherManager', 'PUT', pricesUrl(otherPropertyId), {
        currency: 'SEK',
        byType: { el: EL },
      });
      expect(response.statusCode, response.body).toBe(200);
      const read = await cast.request('otherMember', 'GET', pricesUrl(otherPropertyId));
      expect(read.json().byType).toEqual({ el: EL });
    });
  });
});
