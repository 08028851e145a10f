// Stopping the server while it is busy: every request it took is answered, and only then does
// the database close (issue 9: "Cannot use a pool after calling end on the pool" after SIGINT).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { refreshTokens } from './db/schema/accounts';
import { DEMO_SITE_MANAGER } from './demo/seed-demo';
import { createTestDatabase, type TestDatabase, testDrivers } from './test/database';
import { cleanUp, startServer, temporaryFolder, waitUntilRunning } from './test/server-process';

let database: TestDatabase | undefined;
afterEach(async () => {
  cleanUp();
  await database?.drop();
  database = undefined;
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SIGN_IN = JSON.stringify({
  email: DEMO_SITE_MANAGER.email,
  password: DEMO_SITE_MANAGER.password,
});

/**
 * A sign-in over a connection of its own, kept alive and idle after the answer, as a browser
 * leaves it. `answer` resolves with the status, or undefined when none came; `abandon()` is a
 * client leaving before the answer.
 */
function signIn(url: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const request = http.request(`${url}/api/auth/login/`, {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json' },
  });
  const answer = new Promise<number | undefined>((resolve) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    });
    request.on('error', () => resolve(undefined));
  });
  const sent = new Promise((resolve) => request.on('finish', resolve));
  request.end(SIGN_IN);
  return { answer, sent, abandon: () => request.destroy() };
}

/**
 * Resolves once the server has answered a request over a new connection: connections are taken
 * in the order they were made, so the server has then read every request sent before this one.
 */
function taken(url: string) {
  return new Promise((resolve, reject) =>
    http
      .get(`${url}/api/health`, { agent: false }, (response) => {
        response.resume();
        response.on('end', resolve);
      })
      .on('error', reject),
  );
}

describe.each(testDrivers)('the server process on %s, stopped during a burst', (driver) => {
  it('answers every request it took, finishes those whose clients left, then exits 0', async () => {
    const dataDir = temporaryFolder();
    const environment: Record<string, string> = { DATA_DIR: dataDir, PORTAL_DEMO: 'true' };
    if (driver === 'postgres') {
      database = await createTestDatabase('postgres');
      environment.DATABASE_URL = database.url as string;
      // PostgreSQL needs the key of secrets at rest set, as every server of it shares it.
      environment.SECRETS_KEY = randomBytes(32).toString('base64');
    }
    const server = startServer(environment);
    const url = await waitUntilRunning(server);
    const firstSignIn = await fetch(`${url}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: SIGN_IN,
    });
    const session = (await firstSignIn.json()) as { accessToken: string };

    const answers: { status: number; afterSignal: boolean }[] = [];
    let signalled = false;
    // Clients calling again as soon as they have an answer, over kept-alive connections, until
    // the process is gone; a refused or cut connection got no answer, which is fine meanwhile.
    const clients = Array.from({ length: 4 }, async () => {
      while (server.child.exitCode === null) {
        try {
          const response = await fetch(`${url}/api/properties`, {
            headers: { authorization: `Bearer ${session.accessToken}` },
          });
          await response.arrayBuffer();
          answers.push({ status: response.status, afterSignal: signalled });
        } catch {
          await pause(10);
        }
      }
    });
    await pause(300);
    // Sign-ins still hashing at the signal, and one whose client leaves before the answer: its
    // handler runs on with no connection left to keep the server waiting for it.
    const signIns = [signIn(url), signIn(url)];
    const abandoned = [signIn(url)];
    await Promise.all([...signIns, ...abandoned].map((call) => call.sent));
    await taken(url);
    for (const call of abandoned) call.abandon();
    signalled = true;
    server.child.kill('SIGTERM');

    expect(await server.exited, server.output()).toBe(0);
    expect(await Promise.all(signIns.map((call) => call.answer))).toEqual([200, 200]);
    expect(await Promise.all(abandoned.map((call) => call.answer))).toEqual([undefined]);
    await Promise.all(clients);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(answers.some((answer) => answer.afterSignal)).toBe(true);
    expect(server.output()).not.toMatch(/"level":50|Cannot use a pool|is closed|did not finish/i);

    // Every sign-in the server took made its session, the abandoned one too: the first one,
    // two answered and one abandoned.
    const after =
      database ??
      (await openDatabase({ driver: 'pglite', directory: path.join(dataDir, 'pgdata') }));
    try {
      const [sessions] = await after.db.select({ count: count() }).from(refreshTokens);
      expect(sessions?.count).toBe(4);
    } finally {
      if (!database) await after.close();
    }
  }, 90_000);
});
