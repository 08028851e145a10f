// Deleting an organization while properties and areas are being created in it, on PGlite and
// PostgreSQL: every request answers as it would had they come one after the other (never 500),
// and nothing written into the organization outlives it.
import { setTimeout as delay } from 'node:timers/promises';
import { type AnyColumn, eq, notExists } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { areas } from '../../db/schema/areas';
import { organizations } from '../../db/schema/organizations';
import { properties } from '../../db/schema/properties';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { bearer, createUser, signIn } from '../../test/factories';

const ROUNDS = 30;

/** What each kind of call may answer: done, or not found once the organization is gone. */
const ALLOWED = {
  'DELETE organization': [204, 404],
  'POST property': [201, 404],
  'POST area': [201, 404],
  'POST areas/bulk': [201, 404],
} satisfies Record<string, number[]>;

type RaceCall = { kind: keyof typeof ALLOWED; options: InjectOptions };

/** The twelve calls of a round: two deletes among six property and four area creations, in
 * numbers no two calls compete for, so each answer depends only on the delete. */
function raceCalls(organizationId: string, propertyId: string): RaceCall[] {
  const createProperty = (index: number): RaceCall => ({
    kind: 'POST property',
    options: {
      method: 'POST',
      url: '/api/properties',
      payload: { name: `Kapplöpning ${index}`, organizationId, propertyType: 'multi-dwelling' },
    },
  });
  const createArea = (index: number): RaceCall => ({
    kind: 'POST area',
    options: {
      method: 'POST',
      url: `/api/properties/${propertyId}/areas`,
      payload: { areaType: 'apt', number: 1000 + index },
    },
  });
  const createAreas = (index: number): RaceCall => ({
    kind: 'POST areas/bulk',
    options: {
      method: 'POST',
      url: `/api/properties/${propertyId}/areas/bulk`,
      payload: { areaType: 'apt', from: 2000 + index * 10, to: 2000 + index * 10 + 9 },
    },
  });
  const deleteOrganization: RaceCall = {
    kind: 'DELETE organization',
    options: { method: 'DELETE', url: `/api/organizations/${organizationId}` },
  };
  return [
    createProperty(1),
    createArea(1),
    deleteOrganization,
    createProperty(2),
    createProperty(3),
    createAreas(1),
    createProperty(4),
    deleteOrganization,
    createProperty(5),
    createArea(2),
    createProperty(6),
    createAreas(2),
  ];
}

/**
 * When a call of the round starts, 0–6 ms in: different for each call and each round. Calls
 * injected at the same instant reach the database in the same order every time, the creations
 * all done before either delete begins, which never meets the race; staggered, the deletes land
 * in every phase of the creations' transactions over the rounds.
 */
const startAfterMs = (call: number, round: number) => (call * 5 + round) % 7;

describe.each(testDrivers)('deleting an organization while it is being filled on %s', (driver) => {
  let subject: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    const manager = await createUser(subject.database.db, { role: 'site-manager' });
    headers = bearer(await signIn(subject.app, manager.email));
  });
  afterAll(() => subject.close());

  const db = () => subject.database.db;
  const request = (options: InjectOptions) => subject.app.inject({ ...options, headers });

  async function organizationWithProperty(round: number) {
    const organization = await request({
      method: 'POST',
      url: '/api/organizations',
      payload: { name: `Brf Kapplöpning ${round}` },
    });
    expect(organization.statusCode).toBe(201);
    const organizationId: string = organization.json().id;
    const property = await request({
      method: 'POST',
      url: '/api/properties',
      payload: { name: 'Kapplöpning 0', organizationId, propertyType: 'multi-dwelling' },
    });
    expect(property.statusCode).toBe(201);
    return { organizationId, propertyId: property.json().id as string };
  }

  /** What is wrong with a round's answers and what it left: nothing, when all went well. */
  async function problemsOf(
    round: number,
    organizationId: string,
    calls: RaceCall[],
    answers: LightMyRequestResponse[],
  ) {
    const problems = calls.flatMap((call, index) => {
      const answer = answers[index] as LightMyRequestResponse;
      return (ALLOWED[call.kind] as number[]).includes(answer.statusCode)
        ? []
        : [`round ${round}, ${call.kind}: ${answer.statusCode} ${answer.body}`];
    });
    // One of the two deletes removes the organization, the other finds it gone.
    const deletes = calls.filter(
      (call, index) => call.kind === 'DELETE organization' && answers[index]?.statusCode === 204,
    );
    if (deletes.length !== 1)
      problems.push(`round ${round}: ${deletes.length} deletes answered 204`);
    const left = await Promise.all([
      db().$count(organizations, eq(organizations.id, organizationId)),
      db().$count(properties, eq(properties.organizationId, organizationId)),
      db().$count(areas, eq(areas.organizationId, organizationId)),
    ]);
    if (left.some((rows) => rows > 0))
      problems.push(`round ${round}: organization, properties, areas left: ${left.join(', ')}`);
    return problems;
  }

  /** Properties and areas whose organization is gone, in the whole database. */
  async function orphans() {
    const organizationGone = (column: AnyColumn) =>
      notExists(db().select().from(organizations).where(eq(organizations.id, column)));
    return {
      properties: await db().$count(properties, organizationGone(properties.organizationId)),
      areas: await db().$count(areas, organizationGone(areas.organizationId)),
    };
  }

  it(`answers no 500 and leaves nothing behind, ${ROUNDS} rounds of 12 calls`, async () => {
    // Nor any deadlock the retry had to undo: the locks are taken in one order
    // (db/client.ts says so on standard error when it retries).
    const warnings = vi.spyOn(console, 'warn');
    const problems: string[] = [];
    let serverErrors = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const { organizationId, propertyId } = await organizationWithProperty(round);
      const calls = raceCalls(organizationId, propertyId);
      const answers = await Promise.all(
        calls.map(async (call, index) => {
          await delay(startAfterMs(index, round));
          return request(call.options);
        }),
      );
      serverErrors += answers.filter((answer) => answer.statusCode >= 500).length;
      problems.push(...(await problemsOf(round, organizationId, calls, answers)));
    }
    expect(problems, `${serverErrors} answers 5xx`).toEqual([]);
    expect(await orphans()).toEqual({ properties: 0, areas: 0 });
    const retries = warnings.mock.calls.filter(([line]) =>
      String(line).startsWith('Database transaction retried'),
    );
    warnings.mockRestore();
    expect(retries).toEqual([]);
  });
});
