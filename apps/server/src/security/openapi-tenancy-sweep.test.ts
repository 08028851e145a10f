// The tenancy sweep (DESIGN §5, issue 16): every operation of the OpenAPI document that names
// something of an organization's, in its path, its query or its body, filled with organization
// A's real ids, is called by B's site manager (404, or for a call that leaves out what is not
// the caller's an answer without A's data; never anything of A's in it) and, when it changes
// something, by A's user (403, but for the export calls users may make); B's gateway key gets
// nothing of A's at /api/ingest; and A's data is as it was afterwards. The routes come from the
// document: a new route is swept the day it is added, one whose path takes an id the sweep does
// not know fails it, and so does one that names nothing the sweep knows and is not on the short
// list of those that name no organization's data.
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alerts,
  areas,
  dataExportChunks,
  dataExports,
  deviceImages,
  deviceLogs,
  devices,
  emailKeys,
  mailOutbox,
  meterReplacements,
  organizationMemberships,
  organizations,
  pinCodes,
  properties,
  propertyPrices,
  readings,
  refreshTokens,
  useDaily,
  useHourly,
  useMonthly,
  users,
  wifiNetworks,
} from '../db/schema';
import { buildTestApp, type TestApp } from '../test/app';
import { testDrivers } from '../test/database';
import { type Caller, contentsOf } from '../test/factories';
import {
  bodyFor,
  describeOperation,
  isMutating,
  knownNamesOf,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  pathsOf,
  queryFor,
} from './openapi-requests';
import { answerProblems, headerProblems } from './response-checks';
import { createTenantWorld, type TenantWorld } from './tenant-world';

/** DESIGN §5: users of an organization may export its data, which takes these two changes. */
const USERS_MAY = [
  'POST /api/properties/{propertyId}/exports',
  'POST /api/exports/{exportId}/download',
];

/**
 * The operations that name no organization's data, so there is nothing of A's to try on them:
 * the caller's own session, account keys and organizations, and the service's state. Every
 * other operation but the gateways' is swept; one that is neither fails the sweep.
 */
const NAMING_NONE = [
  // The service's own state.
  'GET /api/health',
  'GET /api/ready',
  // One's own session: the password or the refresh token is the credential (refresh's id is the
  // token's owner).
  'POST /api/auth/login/',
  'POST /api/auth/refresh/',
  'POST /api/auth/logout/',
  // A key e-mailed to an address, and asking for one: answered alike whoever asks.
  'POST /api/auth/signup/',
  'POST /api/auth/signup/check',
  'POST /api/auth/reset-password-email/',
  'POST /api/auth/reset-password/',
  // The caller's own organizations: the list of them, and a new one they found.
  'GET /api/organizations',
  'POST /api/organizations',
];

/** Calls documented to leave out the named things that are not the caller's ("others are left
 * out, as if they did not exist") rather than refuse: B is answered 200, with nothing of A's. */
const LEAVE_OUT = ['GET /api/energy-overview'];

/** The tables an outsider's or a user's refused call must leave as they were. */
const DATA_TABLES = [
  organizations,
  organizationMemberships,
  users,
  properties,
  areas,
  devices,
  deviceLogs,
  pinCodes,
  deviceImages,
  readings,
  meterReplacements,
  wifiNetworks,
  propertyPrices,
  alerts,
  useHourly,
  useDaily,
  useMonthly,
  emailKeys,
  mailOutbox,
  refreshTokens,
  dataExports,
  dataExportChunks,
];

describe.each(testDrivers)('the tenancy sweep over the OpenAPI document on %s', (driver) => {
  let subject: TestApp;
  let world: TenantWorld;
  let document: OpenApiDocument;
  /** The operations that name something of an organization's in their path, query or body,
   * apart from the gateways' ingest calls. */
  let swept: Operation[];
  let tablesBefore: string[][];
  let readsBefore: Map<string, string>;

  const db = () => subject.database.db;

  /** A call as one of the cast (or with other headers), with the operation's required query
   * and a valid body built from its schema with A's ids. */
  const call = (operation: Operation, path: string, headers: Record<string, string>) => {
    const known = { ...world.thingIds, ...world.bodyValues };
    const body = bodyFor(document, operation, { known });
    return subject.app.inject({
      method: operation.method as InjectOptions['method'],
      url: `${path}${queryFor(document, operation, { known, queryKnown: true })}`,
      headers: body ? { ...headers, 'content-type': body.contentType } : headers,
      payload: body?.text,
    });
  };
  const as = (caller: Caller) => world.cast.headersOf(caller);

  /** A's secrets in an answer that its request did not send (an acknowledgement names the ids
   * it was sent back, whatever they are). */
  const leaks = (answer: { body: string }, sent = '') =>
    world.secrets.filter((secret) => answer.body.includes(secret) && !sent.includes(secret));
  /** The rows of the tables, apart from B's (its gateway is seen when it calls, its people's
   * sessions are theirs) and the exports A's user may make, with their files. */
  const tablesOfA = async () => {
    const { cast, otherIds } = world;
    const others = [...Object.values(otherIds), cast.otherManager.id, cast.otherMember.id];
    const usersExports = new Set(
      (
        await db()
          .select({ id: dataExports.id })
          .from(dataExports)
          .where(eq(dataExports.userId, cast.member.id))
      ).map(({ id }) => id),
    );
    const contents = await contentsOf(db(), ...DATA_TABLES);
    return contents.map((rows, index) =>
      rows.filter((row) => {
        if (others.some((id) => row.includes(id))) return false;
        const table = DATA_TABLES[index];
        if (table !== dataExports && table !== dataExportChunks) return true;
        const { id, exportId } = JSON.parse(row);
        return !usersExports.has(table === dataExports ? id : exportId);
      }),
    );
  };

  /** Every GET of A's data the document has, as A's site manager sees it. */
  const readEverything = async () => {
    const answers = new Map<string, string>();
    for (const operation of swept.filter((candidate) => candidate.method === 'GET')) {
      for (const path of pathsOf(operation, world.pathIds)) {
        const response = await call(operation, path, as('manager'));
        // The answers with data (files, images) carry the security headers as well.
        expect(headerProblems(response.headers), path).toEqual([]);
        const json = String(response.headers['content-type']).startsWith('application/json');
        answers.set(
          `${path} ${response.statusCode}`,
          json ? withoutUsersExports(response.body) : response.body,
        );
      }
    }
    return answers;
  };
  /** The export history with the exports A's user made during the sweep left out. */
  const withoutUsersExports = (body: string) => {
    const parsed = JSON.parse(body);
    if (!Array.isArray(parsed)) return body;
    return JSON.stringify(parsed.filter((entry) => entry?.userId !== world.cast.member.id));
  };

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    world = await createTenantWorld(subject.app, db());
    document = (await subject.app.inject({ url: '/api/openapi.json' })).json();
    swept = operationsOf(document).filter(
      (operation) =>
        !operation.gatewayKey &&
        (operation.pathParameters.length > 0 ||
          knownNamesOf(document, operation, world.thingIds).length > 0),
    );
    tablesBefore = await tablesOfA();
    readsBefore = await readEverything();
  });
  afterAll(() => subject?.close());

  it("sweeps every operation but the gateways' and those that name no organization's data", () => {
    const sweeps = new Set(swept.map(describeOperation));
    const unswept = operationsOf(document)
      .filter((operation) => !operation.gatewayKey && !sweeps.has(describeOperation(operation)))
      .map(describeOperation);
    // biome-ignore lint/suspicious/noConsole: the sweep's size, for the log of a run
    console.info(
      `tenancy sweep on ${driver}: ${swept.length} operations swept, ${unswept.length} listed as naming none`,
    );
    // A new operation that names nothing the sweep knows must be taught to it or listed; a listed
    // one that is gone, or is swept now, leaves the list.
    expect(unswept.sort()).toEqual([...NAMING_NONE].sort());
    expect(swept.map(describeOperation)).toEqual(expect.arrayContaining(LEAVE_OUT));
  });

  it("answers B's site manager 404 on every call on A's ids, with nothing of A's in it", async () => {
    const problems: string[] = [];
    let calls = 0;
    for (const operation of swept) {
      const expected = LEAVE_OUT.includes(describeOperation(operation)) ? 200 : 404;
      for (const path of pathsOf(operation, world.pathIds)) {
        const response = await call(operation, path, as('otherManager'));
        calls += 1;
        const where = `${operation.method} ${path}: ${response.statusCode}`;
        if (response.statusCode !== expected)
          problems.push(`${where} ${response.body.slice(0, 200)}`);
        for (const problem of answerProblems({ ...response, status: response.statusCode }))
          problems.push(`${where} ${problem}`);
        for (const secret of leaks(response)) problems.push(`${where} leaks '${secret}'`);
      }
    }
    // biome-ignore lint/suspicious/noConsole: the sweep's size, for the log of a run
    console.info(`tenancy sweep on ${driver}: ${swept.length} operations, ${calls} calls as B`);
    expect(problems).toEqual([]);
    expect(swept.length).toBeGreaterThan(40);
  });

  it("refuses A's user every change (403) but the export calls DESIGN §5 lets users make", async () => {
    const problems: string[] = [];
    const mutating = swept.filter((operation) => isMutating(operation.method));
    let calls = 0;
    for (const operation of mutating) {
      const allowed = USERS_MAY.includes(describeOperation(operation));
      for (const path of pathsOf(operation, world.pathIds)) {
        const response = await call(operation, path, as('member'));
        calls += 1;
        const where = `${operation.method} ${path}: ${response.statusCode}`;
        const fine = allowed
          ? response.statusCode >= 200 && response.statusCode < 300
          : response.statusCode === 403;
        if (!fine) problems.push(`${where} ${response.body.slice(0, 200)}`);
        for (const problem of answerProblems({ ...response, status: response.statusCode }))
          problems.push(`${where} ${problem}`);
      }
    }
    // biome-ignore lint/suspicious/noConsole: the sweep's size, for the log of a run
    console.info(
      `tenancy sweep on ${driver}: ${mutating.length} changes, ${calls} calls as A's user`,
    );
    expect(problems).toEqual([]);
    // The list of what users may do names operations that exist.
    expect(mutating.map(describeOperation)).toEqual(expect.arrayContaining(USERS_MAY));
  });

  it("gives B's gateway nothing of A's at /api/ingest, and refuses a person's token there", async () => {
    const ingest = operationsOf(document).filter((operation) => operation.gatewayKey);
    expect(ingest.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const operation of ingest) {
      const asOther = await call(operation, operation.path, {
        authorization: `Gateway ${world.otherGatewayKey}`,
      });
      const where = `${describeOperation(operation)} with B's key: ${asOther.statusCode}`;
      // Refused outright, or answered for B's own gateway: nothing accepted of A's meters.
      if (asOther.statusCode >= 300 && ![401, 403, 404].includes(asOther.statusCode))
        problems.push(where);
      if (asOther.statusCode === 200 && (asOther.json().accepted ?? 0) !== 0)
        problems.push(`${where} accepted ${asOther.body}`);
      const sent = bodyFor(document, operation, { known: world.bodyValues })?.text;
      for (const secret of leaks(asOther, sent)) problems.push(`${where} leaks '${secret}'`);
      for (const problem of answerProblems({ ...asOther, status: asOther.statusCode }))
        problems.push(`${where} ${problem}`);
      const asPerson = await call(operation, operation.path, as('manager'));
      if (asPerson.statusCode !== 401)
        problems.push(
          `${describeOperation(operation)} with a bearer token: ${asPerson.statusCode}`,
        );
    }
    expect(problems).toEqual([]);
  });

  it("leaves A's data as it was", async () => {
    expect(await tablesOfA()).toEqual(tablesBefore);
    expect(await readEverything()).toEqual(readsBefore);
  });
});
