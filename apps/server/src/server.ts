// Starts the portal: reads the configuration, claims the data directory, opens and migrates the
// database, listens, and shuts down cleanly on SIGTERM or SIGINT.
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { databaseLocation, openDatabase } from './db/client';
import {
  type DataDirectoryLock,
  DataDirectoryLockedError,
  lockDataDirectory,
} from './db/data-dir-lock';
import { migrateDatabase } from './db/migrate';
import {
  DEMO_MEMBER,
  DEMO_SITE_MANAGER,
  demoWanted,
  hasDemoAccounts,
  seedDemo,
} from './demo/seed-demo';
import { ensureAdmin } from './modules/users/ensure-admin';

async function main() {
  const config = loadConfig();
  const location = databaseLocation(config);
  // Only the embedded database lives in DATA_DIR; PostgreSQL guards itself.
  const lock: DataDirectoryLock | undefined =
    location.driver === 'pglite' ? lockDataDirectory(config.dataDir) : undefined;
  const database = await openDatabase(location);
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    lock?.release();
    throw new Error(`Database migration failed: ${(error as Error).message}`, { cause: error });
  }

  // Demo first: it only goes into a database without users, and the admin would be one.
  const demo =
    demoWanted(config.demo, database) &&
    (await seedDemo(database), await hasDemoAccounts(database));
  if (config.admin) await ensureAdmin(database.db, config.admin);

  const app = await buildApp({ config, database });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await app.close();
      await database.close();
      lock?.release();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Mail goes out right after the request that queued it; this picks up what failed or waited
  // while the process was down.
  const mailRetry = setInterval(() => void app.portal.mailer.deliverPending(), 60_000);
  mailRetry.unref();
  void app.portal.mailer.deliverPending();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const local = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
  console.log(`\nThe portal is running: open ${local}/portal/ (${database.driver} database)`);
  if (demo) {
    console.log(
      `Demo sign-in: site manager ${DEMO_SITE_MANAGER.email} / ${DEMO_SITE_MANAGER.password}, ` +
        `board member ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}`,
    );
  }
  console.log('');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirectoryLockedError) {
    console.error(`\nThe portal cannot start.\n${error.message}\n`);
  } else {
    console.error('\nThe portal cannot start.', error);
  }
  process.exit(1);
});
