// Builds the portal's HTTP application: API under /api, the web app under /portal. Tests use it
// through app.inject without a port; server.ts adds only listening and shutdown.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerErrorHandling } from './errors';
import { DEFAULT_WEB_ROOT } from './locations';
import { loggerOptions } from './logger';
import { systemRoutes } from './modules/system/system.routes';
import { registerOpenApi } from './openapi';
import { registerSecurityHeaders } from './security';
import { registerSpa } from './spa';

export type AppOptions = {
  config: Config;
  database: Database;
  /** The built web app; defaults to apps/web/dist. */
  webRoot?: string;
  /** Where log lines go; standard output by default. */
  logStream?: NodeJS.WritableStream;
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.config.logLevel, options.logStream),
    // Rejects bodies with __proto__ / constructor.prototype instead of silently keeping them.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await registerSecurityHeaders(app);
  await registerOpenApi(app);
  await app.register(
    async (api) => {
      await api.register(systemRoutes, { database: options.database });
    },
    { prefix: '/api' },
  );
  await registerSpa(app, options.webRoot ?? DEFAULT_WEB_ROOT);
  return app;
}
