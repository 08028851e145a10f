// The gateway's readings call (DESIGN §4.4), under /api/ingest with `Authorization: Gateway <key>`:
// 1–5 000 meter readings, answered only after they are committed.
import { ErrorResponseSchema } from '@portal/contracts/errors';
import {
  IngestReadingsSchema,
  IngestResultSchema,
  MAX_READINGS_PER_CALL,
  READINGS_BODY_LIMIT,
} from '@portal/contracts/readings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { registerGatewayAuthentication } from '../gateways/gateway-authentication';
import { ReadingIngestService } from './reading-ingest.service';

export const readingsIngestRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  // The gateway's last contact is its newest reading's time, written with the readings.
  registerGatewayAuthentication(app, context.database.db, { markSeen: false });
  const ingest = new ReadingIngestService(context, app.log);

  app.post(
    '/readings',
    {
      bodyLimit: READINGS_BODY_LIMIT,
      schema: {
        tags: ['ingest'],
        summary: 'Meter readings from a gateway (cumulative registers)',
        description:
          `Header \`Authorization: Gateway <key>\`. 1–${MAX_READINGS_PER_CALL} readings, a body ` +
          "of at most 4 MB (413 beyond). `meter` is the meter's id as registered (any written " +
          "form of its M-Bus address) or its UUID, in the gateway's property; `at` an ISO 8601 " +
          'time with its offset. Answered only after the readings and their rollups are ' +
          'committed: `accepted` stored now, `duplicates` stored before (or twice in the call) ' +
          'with the same value, and every other reading in `rejected` by index: CONFLICT (stored ' +
          'with another value; the first stays), UNKNOWN_METER, WRONG_UNIT, OUT_OF_RANGE, ' +
          'NO_TIMEZONE. Sending a batch again is safe. 400 VALIDATION_FAILED for a body not in ' +
          'this shape (nothing is stored); 401 GATEWAY_KEY_MISSING / GATEWAY_KEY_INVALID. See ' +
          'docs/telemetry.md.',
        security: [{ gatewayKey: [] }],
        body: IngestReadingsSchema,
        response: {
          200: IngestResultSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          413: ErrorResponseSchema,
        },
      },
    },
    async (request) => ingest.ingest(request.gateway, request.body),
  );
};
