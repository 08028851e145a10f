// The device calls of DESIGN §4.4: everyone reads their areas' devices and their properties'
// device log; site managers add (one by one or from a file), change and delete devices and renew
// gateways' keys.
import {
  CreateDeviceSchema,
  DeviceCreatedSchema,
  DeviceLogPageSchema,
  DeviceLogQuerySchema,
  DeviceSchema,
  GatewayKeySchema,
  UpdateDeviceSchema,
} from '@portal/contracts/devices';
import { ErrorResponseSchema } from '@portal/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AreaIdParams as areaParams,
  DeviceIdParams as deviceParams,
  PropertyIdParams as propertyParams,
} from '../../access/id-params';
import type { AppContext } from '../../context';
import { errorResponses } from '../route-errors';
import { deviceImportRoutes } from './device-import.routes';
import { DevicesService } from './devices.service';

export const devicesRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const devices = new DevicesService(context);
  app.get(
    '/areas/:areaId/devices',
    {
      schema: {
        tags: ['devices'],
        summary: "An area's devices, by type and id",
        params: areaParams,
        response: { 200: z.array(DeviceSchema), ...errorResponses },
      },
    },
    async (request) => devices.list(request.caller, request.params.areaId),
  );

  app.post(
    '/areas/:areaId/devices',
    {
      schema: {
        tags: ['devices'],
        summary: 'Add a device to an area (site managers)',
        description:
          "400 MISSING_ID ('Missing ID'); 409 GATEWAY_REQUIRED ('A gateway device must be added " +
          "first'); 422 ID_FORMAT_MISMATCH until confirmIdFormat is true (details.expected names " +
          "the type's forms); 409 DEVICE_ID_TAKEN (details name the device and its area). A " +
          "gateway's answer carries its ingestion key, this once.",
        params: areaParams,
        body: CreateDeviceSchema,
        response: {
          201: DeviceCreatedSchema,
          409: ErrorResponseSchema,
          422: ErrorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const created = await devices.create(request.caller, request.params.areaId, request.body);
      return reply.status(201).send(created);
    },
  );

  // The import takes a file; in a plugin of its own, so no other device call takes one.
  await app.register(deviceImportRoutes, { devices });

  app.get(
    '/devices/:deviceId',
    {
      schema: {
        tags: ['devices'],
        summary: 'A device',
        params: deviceParams,
        response: { 200: DeviceSchema, ...errorResponses },
      },
    },
    async (request) => devices.get(request.caller, request.params.deviceId),
  );

  app.put(
    '/devices/:deviceId',
    {
      schema: {
        tags: ['devices'],
        summary: "Change a device's id, name, role, main mark or slots (site managers)",
        params: deviceParams,
        body: UpdateDeviceSchema,
        response: {
          200: DeviceSchema,
          409: ErrorResponseSchema,
          422: ErrorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => devices.update(request.caller, request.params.deviceId, request.body),
  );

  app.delete(
    '/devices/:deviceId',
    {
      schema: {
        tags: ['devices'],
        summary: 'Delete a device (site managers)',
        description:
          '409 GATEWAY_IN_USE for the only gateway of an area whose other devices need it.',
        params: deviceParams,
        response: { 204: z.undefined(), 409: ErrorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await devices.delete(request.caller, request.params.deviceId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/devices/:deviceId/gateway-key',
    {
      schema: {
        tags: ['devices'],
        summary: 'A new ingestion key for a gateway; the old one stops working (site managers)',
        params: deviceParams,
        response: { 200: GatewayKeySchema, ...errorResponses },
      },
    },
    async (request) => ({
      gatewayKey: await devices.renewGatewayKey(request.caller, request.params.deviceId),
    }),
  );

  app.get(
    '/properties/:propertyId/device-logs',
    {
      schema: {
        tags: ['devices'],
        summary:
          "A page of a property's device log, newest first (?limit, ?cursor), of one device with ?deviceId",
        params: propertyParams,
        querystring: DeviceLogQuerySchema,
        response: { 200: DeviceLogPageSchema, ...errorResponses },
      },
    },
    async (request) => devices.log(request.caller, request.params.propertyId, request.query),
  );
};
