// Test data made directly in the database, signing in through the real API, and the cast and
// call tables of the tenancy tests (DESIGN §5).
import type { LoginResponse } from '@portal/contracts/auth';
import { count, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { Queryable } from '../db/client';
import { areas, organizationMemberships, organizations, properties, users } from '../db/schema';
import { hashPassword } from '../modules/auth/password';

export const PASSWORD = 'a quiet basement meter';

/** How timestamps look in answers: ISO 8601 in UTC. */
export const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
/** Ids in a path that name nothing: not a UUID at all, one longer than any id (within Fastify's
 * maxParamLength of 100, so it reaches the route), and a UUID of nothing. */
const NO_SUCH_ID = ['not-a-uuid', 'x'.repeat(100), '00000000-0000-4000-8000-000000000000'];
/** An id longer than Fastify's maxParamLength: no route matches it, which is a 404 as well. */
export const OVERLONG_ID = 'x'.repeat(200);
/** The 403 message of a change that SPEC §6 gives no message of its own. */
export const DEFAULT_FORBIDDEN = 'You do not have permission to do this.';

// scrypt at full cost takes a moment: hash each test password once.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password) as Promise<string>;
};

let counter = 0;
export const uniqueEmail = (name = 'user') => `${name}.${Date.now()}.${++counter}@example.se`;

/** An organization, with members in the roles given. */
export async function createOrganization(
  db: Queryable,
  name = 'Brf Solrosen',
  members: { userId: string; role: 'site-manager' | 'user' }[] = [],
) {
  const [row] = await db
    .insert(organizations)
    .values({ name, address: 'Solrosvägen 1, Lund' })
    .returning();
  if (!row) throw new Error('no organization');
  for (const member of members) {
    await db.insert(organizationMemberships).values({ organizationId: row.id, ...member });
  }
  return row;
}

export async function createProperty(
  db: Queryable,
  organizationId: string,
  values: Partial<typeof properties.$inferInsert> = {},
) {
  const [row] = await db
    .insert(properties)
    .values({
      name: 'Solrosen 1',
      address: 'Solrosvägen 1, 223 50 Lund',
      propertyType: 'multi-dwelling',
      ...values,
      organizationId,
    })
    .returning();
  if (!row) throw new Error('no property');
  return row;
}

/** An area of the property, in the property's organization (as the schema demands). */
export async function createArea(
  db: Queryable,
  property: { id: string; organizationId: string },
  values: Partial<typeof areas.$inferInsert> = {},
) {
  const [row] = await db
    .insert(areas)
    .values({
      areaType: 'apt',
      ...values,
      propertyId: property.id,
      organizationId: property.organizationId,
    })
    .returning();
  if (!row) throw new Error('no area');
  return row;
}

/** Areas numbered `from` to `to` in one statement, however many: for tests that need a full
 * property without paying for a request per area. */
export async function createNumberedAreas(
  db: Queryable,
  property: { id: string; organizationId: string },
  from: number,
  to: number,
) {
  await db.execute(sql`
    insert into ${areas} (property_id, organization_id, area_type, number)
    select ${property.id}, ${property.organizationId}, 'apt', number
    from generate_series(${from}::int, ${to}::int) as number`);
}

export async function createUser(
  db: Queryable,
  options: {
    email?: string;
    name?: string;
    /** Their role in each of organizationIds (roles belong to memberships). */
    role?: 'site-manager' | 'user';
    password?: string | null;
    organizationIds?: string[];
    language?: 'sv' | 'en';
  } = {},
) {
  const password = options.password === undefined ? PASSWORD : options.password;
  const [row] = await db
    .insert(users)
    .values({
      email: options.email ?? uniqueEmail(),
      name: options.name ?? 'Anna Andersson',
      language: options.language ?? 'sv',
      invitationStatus: password ? 'accepted' : 'pending',
      passwordHash: password ? await hashOf(password) : null,
    })
    .returning();
  if (!row) throw new Error('no user');
  for (const organizationId of options.organizationIds ?? []) {
    await db
      .insert(organizationMemberships)
      .values({ organizationId, userId: row.id, role: options.role ?? 'user' });
  }
  return row;
}

export async function signIn(app: FastifyInstance, email: string, password = PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: { email, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json() as LoginResponse;
}

export const bearer = (session: { accessToken: string }) => ({
  authorization: `Bearer ${session.accessToken}`,
});

export async function countRows(db: Queryable, table: PgTable) {
  const [row] = await db.select({ rows: count() }).from(table);
  return row?.rows ?? 0;
}

/** Every row of the tables, in a stable order: equal before and after a call that changed nothing. */
export async function contentsOf(db: Queryable, ...tables: PgTable[]) {
  return Promise.all(
    tables.map(async (table) =>
      (await db.select().from(table)).map((row) => JSON.stringify(row)).sort(),
    ),
  );
}

/**
 * PostgreSQL only: resolves once `sessions` sessions of this database wait for a lock, so a test
 * holding one can let go knowing the requests it started are queued behind it.
 */
export async function untilWaitingForLock(db: Queryable, timeoutMs = 5000, sessions = 1) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [row] = await db
      .select({ waiting: sql<number>`count(*)::int` })
      .from(sql`pg_stat_activity`)
      .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
    if ((row?.waiting ?? 0) >= sessions) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no session came to wait for a lock');
}

/** Who calls, in the tenancy tests of DESIGN §5. */
export type Caller = 'manager' | 'member' | 'otherManager' | 'otherMember' | 'anonymous';

/**
 * The cast of every tenancy test: a site manager and a user of one organization, and the same
 * of another, each signed in once (sign-ins run full-cost scrypt).
 */
export async function createTenancyCast(app: FastifyInstance, db: Queryable) {
  const organization = await createOrganization(db, 'Brf Solrosen');
  const otherOrganization = await createOrganization(db, 'Brf Granne');
  const manager = await createUser(db, {
    name: 'Karin Lund',
    role: 'site-manager',
    organizationIds: [organization.id],
  });
  const member = await createUser(db, {
    name: 'Erik Styrelse',
    organizationIds: [organization.id],
  });
  const otherManager = await createUser(db, {
    name: 'Greta Granne',
    role: 'site-manager',
    organizationIds: [otherOrganization.id],
  });
  const otherMember = await createUser(db, {
    name: 'Gustav Granne',
    organizationIds: [otherOrganization.id],
  });
  const headers: Record<Caller, Record<string, string>> = {
    manager: bearer(await signIn(app, manager.email)),
    member: bearer(await signIn(app, member.email)),
    otherManager: bearer(await signIn(app, otherManager.email)),
    otherMember: bearer(await signIn(app, otherMember.email)),
    anonymous: {},
  };
  return {
    organization,
    otherOrganization,
    manager,
    member,
    otherManager,
    otherMember,
    /** A call to the API as one of the cast. */
    request: (
      caller: Caller,
      method: InjectOptions['method'],
      url: string,
      payload?: InjectOptions['payload'],
      /** Headers beside the caller's authorization (a multipart body's content type). */
      extraHeaders: Record<string, string> = {},
    ) => app.inject({ method, url, payload, headers: { ...headers[caller], ...extraHeaders } }),
    /** The caller's authorization header, for a call `request` cannot make (another body type). */
    headersOf: (caller: Caller) => headers[caller],
  };
}

export type TenancyCast = Awaited<ReturnType<typeof createTenancyCast>>;

/** A call on the first organization's data; `forbidden` marks a change and is what a user of
 * the organization is told (403). Ids are known only once the data exists, hence functions. */
export type GuardedCall = {
  call: string;
  method: InjectOptions['method'];
  url: () => string;
  payload?: () => InjectOptions['payload'];
  /** Headers the payload needs (a multipart body's content type). */
  headers?: () => Record<string, string>;
  forbidden?: string;
};

/**
 * Each call with every caller DESIGN §5 refuses it, and how: anyone of another organization
 * learns nothing (404, tenancy is checked before the role), nobody signed in is asked to sign in
 * (401), and the user of the organization may read but not change (403).
 */
export function refusals(calls: GuardedCall[]): Refusal[] {
  return calls.flatMap((call) => [
    ...(call.forbidden ? [{ ...call, caller: 'member' as const, status: 403 }] : []),
    { ...call, caller: 'otherManager' as const, status: 404 },
    { ...call, caller: 'otherMember' as const, status: 404 },
    { ...call, caller: 'anonymous' as const, status: 401 },
  ]);
}

export type Refusal = GuardedCall & { caller: Caller; status: number };

/** The site manager's calls on ids that name nothing: each answers 404 and changes nothing. */
export function unknownIdCalls(
  methods: InjectOptions['method'][],
  url: (id: string) => string,
  payload?: () => InjectOptions['payload'],
): Refusal[] {
  return NO_SUCH_ID.flatMap((id) =>
    methods.map((method) => ({
      call: `${method} ${url(id)}`,
      method,
      url: () => url(id),
      payload,
      caller: 'manager' as const,
      status: 404,
    })),
  );
}

/** Makes a refused call and checks its answer (an error body, never data) and that the tables
 * are as they were. */
export async function expectRefused(
  cast: TenancyCast,
  db: Queryable,
  tables: PgTable[],
  refusal: Refusal,
) {
  const before = await contentsOf(db, ...tables);
  const response = await cast.request(
    refusal.caller,
    refusal.method,
    refusal.url(),
    refusal.payload?.(),
    refusal.headers?.(),
  );
  expect(response.statusCode).toBe(refusal.status);
  expect(Object.keys(response.json()).sort()).toEqual(['code', 'error', 'message', 'statusCode']);
  const codes: Record<number, string> = { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' };
  expect(response.json().code).toBe(codes[refusal.status]);
  if (refusal.status === 403) expect(response.json().message).toBe(refusal.forbidden);
  expect(await contentsOf(db, ...tables)).toEqual(before);
  return response;
}

/** Sends bad input as the site manager and checks the 400 names the problem, in its message and
 * in details.issues, and the tables are as they were. */
export async function expectInvalid(
  cast: TenancyCast,
  db: Queryable,
  tables: PgTable[],
  call: { method: InjectOptions['method']; url: string; payload: InjectOptions['payload'] },
  message: string,
) {
  const before = await contentsOf(db, ...tables);
  const response = await cast.request('manager', call.method, call.url, call.payload);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  expect(response.json().message).toContain(message);
  // The same, as the details a client translates: the field and the rule it broke.
  const issues: { field: string; rule: string; message: string }[] = response.json().details.issues;
  const named = issues.filter((issue) =>
    (issue.field ? `${issue.field}: ${issue.message}` : issue.message).includes(message),
  );
  expect(named, JSON.stringify(issues)).not.toHaveLength(0);
  for (const issue of named) expect(issue.rule).toMatch(/^[a-z_]+$/);
  expect(await contentsOf(db, ...tables)).toEqual(before);
}
