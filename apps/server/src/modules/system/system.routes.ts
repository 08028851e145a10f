// Liveness (the process answers) and readiness (the database answers) for load balancers.
import { ErrorResponseSchema } from '@portal/contracts/errors';
import { HealthResponseSchema, ReadyResponseSchema } from '@portal/contracts/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { serviceUnavailable } from '../../errors';

const READY_TIMEOUT_MS = 2000;
/**
 * Both answers are a few bytes, far under the compression threshold: leaving the compression
 * plugin's hooks off them makes the call load balancers poll cheaper (W3, docs/performance.md).
 */
const NOT_COMPRESSED = { compress: false } as const;

export const systemRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/health',
    {
      ...NOT_COMPRESSED,
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers',
        response: { 200: HealthResponseSchema },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      ...NOT_COMPRESSED,
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers',
        response: { 200: ReadyResponseSchema, 503: ErrorResponseSchema },
      },
    },
    async () => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS);
      });
      try {
        await Promise.race([database.ping(), timeout]);
      } catch {
        throw serviceUnavailable('The database does not answer.');
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ready' as const, database: database.driver };
    },
  );
};
