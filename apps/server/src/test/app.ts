// Builds the real app around a test database, with its log lines captured for assertions.
import { Writable } from 'node:stream';
import type { DatabaseDriver } from '@portal/contracts/system';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from './database';

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  /** Every log line the app wrote, as text. */
  logs: string[];
  close(): Promise<void>;
};

export async function buildTestApp(
  driver: DatabaseDriver,
  options: { environment?: Record<string, string>; webRoot?: string } = {},
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
    ...options.environment,
  });
  const app = await buildApp({
    config,
    database,
    logStream,
    webRoot: options.webRoot ?? '/nonexistent',
  });
  return {
    app,
    database,
    logs,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
