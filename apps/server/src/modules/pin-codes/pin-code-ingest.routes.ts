// The gateway's PIN code calls (DESIGN §4.4), under /api/ingest with `Authorization: Gateway
// <key>`: the pending changes for the locks of its area, and its acknowledgements.
import { ErrorResponseSchema } from '@portal/contracts/errors';
import {
  PinCodeAckAnswerSchema,
  PinCodeAckSchema,
  PinCodeChangesSchema,
} from '@portal/contracts/pin-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { registerGatewayAuthentication } from '../gateways/gateway-authentication';
import { PinCodeIngestService } from './pin-code-ingest.service';

const gatewayErrors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };

export const pinCodeIngestRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  registerGatewayAuthentication(app, context.database.db);
  const ingest = new PinCodeIngestService(context, app.log);
  const security = [{ gatewayKey: [] }];

  app.get(
    '/pin-codes',
    {
      schema: {
        tags: ['ingest'],
        summary: "The pending PIN code changes for the doors and keypads of the gateway's area",
        description:
          'Header `Authorization: Gateway <key>`. Each change names the lock (deviceId, idNumber, ' +
          'deviceType), the slot, the code to set (null: clear the slot), its status and version. ' +
          "Apply them in the list's order: each lock's clears come first. Answered with " +
          'Cache-Control no-store. 401 GATEWAY_KEY_MISSING / GATEWAY_KEY_INVALID. See ' +
          'docs/gateway-pin-codes.md.',
        security,
        response: { 200: PinCodeChangesSchema, ...gatewayErrors },
      },
    },
    async (request, reply) => {
      const changes = await ingest.pendingChanges(request.gateway);
      // The answer carries codes in plain text: no cache along the way, nor the gateway's own
      // HTTP client, may keep it.
      reply.header('cache-control', 'no-store');
      return { changes };
    },
  );

  app.post(
    '/pin-codes/ack',
    {
      schema: {
        tags: ['ingest'],
        summary: 'Acknowledge PIN code changes: applied or failed on the lock',
        description:
          'Each result is answered `recorded` (the slot holds a result for this version: ' +
          '`applied` replaces `failed`, never the other way round), `stale` (the slot changed ' +
          "since: ignored) or `unknown` (not a slot of this gateway's locks, or a version never " +
          'sent).',
        security,
        body: PinCodeAckSchema,
        response: { 200: PinCodeAckAnswerSchema, ...gatewayErrors },
      },
    },
    async (request) => ingest.acknowledge(request.gateway, request.body),
  );
};
