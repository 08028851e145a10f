// Builds the portal's HTTP application: API under /api, the web app under /portal. Tests use it
// through app.inject without a port; server.ts adds only listening and shutdown.
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifySerializerCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandling,
  tooManyRequests,
} from './errors';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { DEFAULT_WEB_ROOT } from './locations';
import { deferredRequestLogger, loggerOptions, RequestLogController } from './logger';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { areasRoutes } from './modules/areas/areas.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { registerAuthentication } from './modules/auth/authentication';
import { resolveJwtSecret } from './modules/auth/jwt-secret';
import { AccessTokens } from './modules/auth/tokens';
import { compareRoutes } from './modules/compare/compare.routes';
import { devicesRoutes } from './modules/devices/devices.routes';
import { energySummaryRoutes } from './modules/energy/energy-summary.routes';
import { solarRoutes } from './modules/energy/solar.routes';
import { energyOverviewRoutes } from './modules/energy-overview/energy-overview.routes';
import { ExportBuilds } from './modules/exports/export-builds';
import { exportsRoutes } from './modules/exports/exports.routes';
import { imagesRoutes } from './modules/images/images.routes';
import { Mailer } from './modules/mail/mail.service';
import { registerMailSendingBudget } from './modules/mail/mail-sending-budget';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { pinCodeIngestRoutes } from './modules/pin-codes/pin-code-ingest.routes';
import { pinCodesRoutes } from './modules/pin-codes/pin-codes.routes';
import { pricesRoutes } from './modules/prices/prices.routes';
import { propertiesRoutes } from './modules/properties/properties.routes';
import { statisticsRoutes } from './modules/statistics/statistics.routes';
import { systemRoutes } from './modules/system/system.routes';
import { meterReplacementsRoutes } from './modules/telemetry/meter-replacements.routes';
import { readingsIngestRoutes } from './modules/telemetry/readings-ingest.routes';
import { usageEstimateRoutes } from './modules/usage-estimate/usage-estimate.routes';
import { findUserById } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { wifiRoutes } from './modules/wifi/wifi.routes';
import { registerOpenApi } from './openapi';
import { SecretBox } from './secrets/secret-box';
import { resolveSecretsKey } from './secrets/secrets-key';
import { registerSecurityHeaders } from './security';
import { createResponseSerializerCompiler } from './serializer';
import { registerSpa } from './spa';

export type AppOptions = {
  config: Config;
  database: Database;
  /** The built web app; defaults to apps/web/dist. */
  webRoot?: string;
  /** Where log lines go; standard output by default. */
  logStream?: NodeJS.WritableStream;
  /** Overrides the configured rate limits (tests). */
  rateLimits?: AppContext['rateLimits'];
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.config.logLevel, options.logStream),
    // One line per request instead of two, and none at `info` for the app's files.
    logController: new RequestLogController(),
    childLoggerFactory: deferredRequestLogger,
    // Rejects bodies with __proto__ / constructor.prototype instead of silently keeping them.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    frameworkErrors: frameworkErrorHandler,
    // What Node's HTTP parser refuses (431 headers too large, 400 no HTTP), in the same shape.
    clientErrorHandler,
    // While closing, a request still arriving on an open connection is answered (with
    // Connection: close) instead of refused with 503: the database stays open until the last
    // one is done (request-drain.ts), and a refusal would reach the user as a failure.
    return503OnClosing: false,
    // Whose X-Forwarded-For names the client (request.ip, which every limit counts by): by
    // default nobody's, so a client cannot name itself; behind a proxy, TRUST_PROXY names it.
    trustProxy: options.config.trustProxy,
  });
  // Requests are checked by zod; answers are written from the same contracts, each compiled once,
  // at its route's first answer.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledAtFirstAnswer(createResponseSerializerCompiler()));
  registerErrorHandling(app);

  const context: AppContext = {
    config: options.config,
    database: options.database,
    accessTokens: new AccessTokens(
      resolveJwtSecret(options.config),
      options.config.accessTokenTtlSeconds,
      async (userId) => (await findUserById(options.database.db, userId)) !== undefined,
    ),
    mailer: new Mailer({
      db: options.database.db,
      smtpUrl: options.config.smtpUrl,
      mailFrom: options.config.mailFrom,
      log: app.log,
    }),
    exportBuilds: new ExportBuilds({
      db: options.database.db,
      log: app.log,
      // The embedded database is one process's (DATA_DIR is locked): what runs at its start is
      // nobody's.
      soleProcess: options.database.driver === 'pglite',
    }),
    secrets: new SecretBox(resolveSecretsKey(options.config)),
    rateLimits: options.rateLimits ?? options.config.rateLimits,
  };
  app.decorate('portal', context);
  const auth = new AuthService(context);
  app.addHook('onClose', () => context.mailer.close());
  app.addHook('onClose', () => context.exportBuilds.close());

  registerSecurityHeaders(app);
  // JSON and the app page, compressed for clients that take it (lists of thousands of areas are
  // megabytes uncompressed); static files come precompressed from the build and pass untouched.
  skipRequestDecompressionWithoutBody(app);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // Per route (the sign-in calls), per address, counted in the database so that every replica
  // counts alike (http/rate-limit-store.ts); routes without a limit never touch it. The answer is
  // the error handler's 429, with retryAfterSeconds in the body like every other 429.
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(options.database.db, app.log),
    // Counted once the body is read: a client that sends its request and leaves while the count
    // is awaited would otherwise leave Fastify never reading the body, the request never ending,
    // and the server's drain at shutdown waiting for it (server-shutdown.test.ts found it).
    hook: 'preHandler',
    errorResponseBuilder: (_request, limit) =>
      tooManyRequests(limit.ttl / 1000, 'Too many requests. Try again later.'),
  });
  // The mail-sending calls share one budget per address (the routes' `sendsMail`).
  registerMailSendingBudget(app, context.rateLimits.mail);
  await registerOpenApi(app);
  await app.register(
    async (api) => {
      registerAuthentication(api, context.accessTokens);
      await api.register(systemRoutes, { database: options.database });
      await api.register(authRoutes, { context, auth });
      await api.register(usersRoutes, { context, auth });
      await api.register(organizationsRoutes, { context });
      await api.register(propertiesRoutes, { context });
      await api.register(areasRoutes, { context });
      await api.register(devicesRoutes, { context });
      await api.register(pinCodesRoutes, { context });
      await api.register(pinCodeIngestRoutes, { context, prefix: '/ingest' });
      await api.register(readingsIngestRoutes, { context, prefix: '/ingest' });
      await api.register(meterReplacementsRoutes, { context });
      await api.register(alertsRoutes, { context });
      await api.register(statisticsRoutes, { context });
      await api.register(energyOverviewRoutes, { context });
      await api.register(compareRoutes, { context });
      await api.register(energySummaryRoutes, { context });
      await api.register(solarRoutes, { context });
      await api.register(usageEstimateRoutes, { context });
      await api.register(pricesRoutes, { context });
      await api.register(exportsRoutes, { context });
      await api.register(wifiRoutes, { context });
      // Takes multipart uploads: in a plugin of its own (http/multipart.ts).
      await api.register(imagesRoutes, { context });
    },
    { prefix: '/api' },
  );
  await registerSpa(app, options.webRoot ?? DEFAULT_WEB_ROOT);
  return app;
}

/**
 * A call without a body (GET, HEAD, OPTIONS) has nothing to decompress: the compression
 * plugin's request hooks are left off its routes, which made `/api/health` measurably faster (W3).
 * Registered before the plugin, so this route hook runs before the plugin's, which reads it.
 */
function skipRequestDecompressionWithoutBody(app: FastifyInstance) {
  const withBody = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => withBody.has(method))) route.decompress ??= false;
  });
}

/**
 * Compiles a route's answer writer when the route first answers with that status, instead of
 * every route's at start: compiling them all was about a sixth of a start's CPU (DESIGN §7 M2;
 * docs/timings.md), while a process, and each API test's app, answers a few routes of many. Every
 * contract still compiles in serializer.test.ts, so none fails only at its first answer.
 */
function compiledAtFirstAnswer(
  compile: FastifySerializerCompiler<unknown>,
): FastifySerializerCompiler<unknown> {
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data) => {
      serialize ??= compile(route) as (data: unknown) => string;
      return serialize(data);
    };
  };
}
