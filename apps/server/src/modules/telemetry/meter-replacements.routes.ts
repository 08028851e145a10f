// The meter replacement calls (DESIGN §5 "Telemetry"): everyone of the organization reads a
// meter's replacements; site managers record one (the old meter's final reading, the new one's
// first) and remove one recorded by mistake.
import { ErrorResponseSchema } from '@portal/contracts/errors';
import {
  MeterReplacementBodySchema,
  MeterReplacementCreatedSchema,
  MeterReplacementListSchema,
} from '@portal/contracts/meter-replacements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeviceIdParams, idParam } from '../../access/id-params';
import type { AppContext } from '../../context';
import { errorResponses } from '../route-errors';
import {
  METER_REPLACEMENT_NOT_FOUND,
  MeterReplacementsService,
} from './meter-replacements.service';

const ReplacementIdParams = z.object({ replacementId: idParam(METER_REPLACEMENT_NOT_FOUND) });

export const meterReplacementsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const replacements = new MeterReplacementsService(context);

  app.get(
    '/devices/:deviceId/meter-replacements',
    {
      schema: {
        tags: ['meter-replacements'],
        summary: "A meter's recorded replacements, newest first",
        description:
          "Readings in the portal's units (Wh for heat and electricity, l for water). Devices " +
          'that are no meters have none: [].',
        params: DeviceIdParams,
        response: { 200: MeterReplacementListSchema, ...errorResponses },
      },
    },
    async (request) => ({
      replacements: await replacements.list(request.caller, request.params.deviceId),
    }),
  );

  app.post(
    '/devices/:deviceId/meter-replacements',
    {
      schema: {
        tags: ['meter-replacements'],
        summary: "Record a meter's replacement (site managers)",
        description:
          "The old meter's final reading and the new one's first, at the time of the exchange: " +
          'use across it is counted from both registers, never negative, never a spike; the ' +
          'readings around it and their hourly, daily and monthly use are derived again. 409 ' +
          'NOT_A_METER (a gateway, door or keypad); 422 WRONG_UNIT (energy for a water meter or ' +
          'volume for another); 422 OUT_OF_RANGE (more than a day ahead, or before 2000); 409 ' +
          'METER_REPLACEMENT_EXISTS (one at that time already).',
        params: DeviceIdParams,
        body: MeterReplacementBodySchema,
        response: {
          201: MeterReplacementCreatedSchema,
          409: ErrorResponseSchema,
          422: ErrorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const replacement = await replacements.create(
        request.caller,
        request.params.deviceId,
        request.body,
      );
      return reply.status(201).send({ replacement });
    },
  );

  app.delete(
    '/meter-replacements/:replacementId',
    {
      schema: {
        tags: ['meter-replacements'],
        summary: 'Remove a replacement recorded by mistake (site managers)',
        description: 'The readings around it and their use are derived again without it.',
        params: ReplacementIdParams,
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await replacements.delete(request.caller, request.params.replacementId);
      return reply.status(204).send();
    },
  );
};
