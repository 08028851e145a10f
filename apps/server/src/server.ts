// Starts the portal: reads the configuration, claims the data directory, opens and migrates the
// database, listens, and shuts down cleanly on SIGTERM or SIGINT.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { type Database, databaseLocation, openDatabase } from './db/client';
import {
  type DataDirectoryLock,
  DataDirectoryLockedError,
  lockDataDirectory,
} from './db/data-dir-lock';
import { migrateDatabase } from './db/migrate';
import { startDemoFeeds } from './demo/demo-readings';
import { demoSignInsThatWork, demoWanted, seedDemo } from './demo/seed-demo';
import { AlertJob } from './modules/alerts/alert-job';
import type { MqttListener } from './modules/mqtt/mqtt-listener';
import { ensureAdmin } from './modules/users/ensure-admin';
import { drainingClose } from './request-drain';
import { SecretBox } from './secrets/secret-box';
import { resolveSecretsKey } from './secrets/secrets-key';

/** A reason not to start that the operator can act on: printed as it is, without a stack. */
class StartError extends Error {}

/** Requests still running after this are cut off, so a hung one cannot keep the process alive. */
const SHUTDOWN_DEADLINE_MS = 10_000;
const MAIL_RETRY_INTERVAL_MS = 60_000;

async function main() {
  const config = loadConfig();
  const location = databaseLocation(config);
  // Only the embedded database lives in DATA_DIR; PostgreSQL guards itself.
  const lock: DataDirectoryLock | undefined =
    location.driver === 'pglite' ? lockDataDirectory(config.dataDir) : undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let closeApp: (() => Promise<void>) | undefined;
  let mailRetry: NodeJS.Timeout | undefined;
  let demoFeeds: ReturnType<typeof startDemoFeeds> | undefined;
  let mqtt: MqttListener | undefined;
  let alertJob: AlertJob | undefined;

  // Installed before anything slow, so a signal during migrations still releases the lock.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app?.log.info({ signal }, 'shutting down: finishing requests in flight');
    const deadline = setTimeout(() => {
      console.error('Requests did not finish in time; stopping anyway.');
      lock?.release();
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    try {
      clearInterval(mailRetry);
      // Gateways go first: readings under way are stored and acknowledged, none are taken after.
      await mqtt?.close();
      // Its run under way finishes before the database closes.
      await alertJob?.stop();
      // Every request taken is answered and the mailer has stopped before the database closes.
      await (closeApp ? closeApp() : app?.close());
      await demoFeeds?.stop();
      await database?.close();
      lock?.release();
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed:', error);
      lock?.release();
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  database = await openDatabase(location);
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    lock?.release();
    throw new Error(`Database migration failed: ${(error as Error).message}`, { cause: error });
  }

  // Demo first: it only goes into a database without users, and the admin would be one.
  let demoSignIns: Awaited<ReturnType<typeof demoSignInsThatWork>> = [];
  if (demoWanted(config.demo, database)) {
    await seedDemo(database, new SecretBox(resolveSecretsKey(config)));
    demoSignIns = await demoSignInsThatWork(database);
  }
  if (config.admin) await ensureAdmin(database.db, config.admin);

  app = await buildApp({ config, database });
  closeApp = drainingClose(app);
  try {
    await app.listen({ port: config.port, host: config.host });
    // Loaded only when gateways are to connect: the broker (aedes, mqtt-packet) is ~0.1 s of a
    // start that has no MQTT port.
    if (config.mqtt)
      mqtt = await (await import('./modules/mqtt/mqtt-listener')).startMqttListener({
        settings: { ...config.mqtt, host: config.host },
        context: app.portal,
        log: app.log,
      });
  } catch (error) {
    // The HTTP listener is up when it was the MQTT port that failed.
    const [what, port, variable] = app.server.listening
      ? ['MQTT port', config.mqtt?.port, 'MQTT_PORT']
      : ['Port', config.port, 'PORT'];
    await app.close();
    await database.close();
    lock?.release();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new StartError(
        `${what} ${port} on ${config.host} is already in use: stop what uses it, or set ${variable} to another port.`,
      );
    throw error;
  }
  // Mail goes out right after the request that queued it; this picks up what failed or waited
  // while the process was down.
  const mailer = app.portal.mailer;
  mailRetry = setInterval(() => void mailer.deliverPending(), MAIL_RETRY_INTERVAL_MS).unref();
  void mailer.deliverPending();
  // The demo's meters report in the background: the portal answers meanwhile (a week of readings
  // per transaction), and the energy screens fill in within half a minute of a first start.
  if (config.demoReadings) demoFeeds = startDemoFeeds(database, app.log);
  // Export files asked for while the process was down, or left by another: now and every half
  // minute; exports past their 30 days are removed every hour (modules/exports).
  void app.portal.exportBuilds.start();
  // Offline gateways and meters, possible leaks: every 5 minutes, and now (modules/alerts).
  alertJob = new AlertJob({ db: database.db, log: app.log });
  alertJob.start();

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(
    `\nThe portal is running: open http://${host}:${port}/portal/ (${database.driver} database)`,
  );
  if (mqtt)
    console.log(
      `Gateways: MQTT${config.mqtt?.tls ? ' over TLS' : ''} on ${host}:${mqtt.port} (docs/gateway-readings.md)`,
    );
  if (demoSignIns.length > 0) {
    const lines = demoSignIns.map(
      (account) => `${account.label} ${account.email} / ${account.password}`,
    );
    console.log(`Demo sign-in: ${lines.join(', ')}`);
  }
  console.log('');
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirectoryLockedError ||
    error instanceof StartError
  ) {
    console.error(`\nThe portal cannot start.\n${error.message}\n`);
  } else {
    console.error('\nThe portal cannot start.', error);
  }
  process.exit(1);
});
