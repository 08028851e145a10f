// The PIN code calls of DESIGN §4.2: everyone of the organization reads a door's or keypad's
// slots (never a code); site managers add, change and delete codes.
import { ErrorResponseSchema } from '@portal/contracts/errors';
import {
  CreatePinCodeSchema,
  PinCodeSchema,
  UpdatePinCodeSchema,
} from '@portal/contracts/pin-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeviceIdParams, PinCodeIdParams } from '../../access/id-params';
import type { AppContext } from '../../context';
import { errorResponses } from '../route-errors';
import { PinCodesService } from './pin-codes.service';

export const pinCodesRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const pinCodes = new PinCodesService(context, app.log);

  app.get(
    '/devices/:deviceId/pin-codes',
    {
      schema: {
        tags: ['pin-codes'],
        summary: "A door's or keypad's PIN code slots, by number, without their codes",
        description:
          'Every slot that holds a code or is being cleared on the lock (`clearing`), with where ' +
          'its latest change stands (`sync`). Other devices have none: [].',
        params: DeviceIdParams,
        response: { 200: z.array(PinCodeSchema), ...errorResponses },
      },
    },
    async (request) => pinCodes.list(request.caller, request.params.deviceId),
  );

  app.post(
    '/devices/:deviceId/pin-codes',
    {
      schema: {
        tags: ['pin-codes'],
        summary: 'Put a PIN code in a slot of a door or keypad (site managers)',
        description:
          '`slot` omitted: the lowest free one. 409 NO_PIN_SLOTS (not a door or keypad); 422 ' +
          'PIN_SLOT_OUT_OF_RANGE (details.slotCount); 409 PIN_SLOT_TAKEN (details.slot); 409 ' +
          'PIN_SLOTS_FULL; 409 PIN_CODE_DUPLICATE (details.slot holds the code); 422 ' +
          "PIN_CODE_TRIVIAL (details.reason 'same-digit' or 'sequence'). The slot answers " +
          "sync 'pending' until the gateway of the device's area applies it.",
        params: DeviceIdParams,
        body: CreatePinCodeSchema,
        response: {
          201: PinCodeSchema,
          409: ErrorResponseSchema,
          422: ErrorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const made = await pinCodes.create(request.caller, request.params.deviceId, request.body);
      return reply.status(201).send(made);
    },
  );

  app.put(
    '/pin-codes/:pinCodeId',
    {
      schema: {
        tags: ['pin-codes'],
        summary: "Change a slot's code, status or label (site managers)",
        description:
          'Fields left out stay. A new code or status is a new version, pending for the lock; a ' +
          'call that changes neither on a slot whose delivery failed sends it again. 409 ' +
          'PIN_CODE_DUPLICATE, 422 PIN_CODE_TRIVIAL as for adding; 404 for a slot being cleared.',
        params: PinCodeIdParams,
        body: UpdatePinCodeSchema,
        response: {
          200: PinCodeSchema,
          409: ErrorResponseSchema,
          422: ErrorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => pinCodes.update(request.caller, request.params.pinCodeId, request.body),
  );

  app.delete(
    '/pin-codes/:pinCodeId',
    {
      schema: {
        tags: ['pin-codes'],
        summary: "Delete a slot's code (site managers)",
        description:
          'The slot stays, `clearing` and pending, until the gateway has cleared it on the lock; ' +
          'then it is gone.',
        params: PinCodeIdParams,
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await pinCodes.delete(request.caller, request.params.pinCodeId);
      return reply.status(204).send();
    },
  );
};
