// Builds the real app around a test database, with its log lines captured for assertions.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { DatabaseDriver } from '@portal/contracts/system';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from './database';

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  /** Every log line the app wrote, as text. */
  logs: string[];
  close(): Promise<void>;
};

export async function buildTestApp(
  driver: DatabaseDriver,
  options: {
    environment?: Record<string, string>;
    webRoot?: string;
    rateLimits?: { signIn: number; mail: number };
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(driver);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const config = loadConfig({
    LOG_LEVEL: 'info',
    DATA_DIR: '/nonexistent',
    JWT_SECRET: randomBytes(32).toString('base64'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    PUBLIC_URL: 'https://portal.test',
    ...options.environment,
  });
  const app = await buildApp({
    config,
    database,
    logStream,
    webRoot: options.webRoot ?? '/nonexistent',
    // Tests sign in often from one address; the limits get their own tests.
    rateLimits: options.rateLimits ?? { signIn: 10_000, mail: 10_000 },
  });
  return {
    app,
    config,
    database,
    logs,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
