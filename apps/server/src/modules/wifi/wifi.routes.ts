// The WiFi calls of DESIGN §4.4: a property's networks, read by everyone of its organization
// (a password only on request, never in a list) and added, changed and deleted by its site
// managers.
import { ErrorResponseSchema } from '@portal/contracts/errors';
import {
  SaveWifiSchema,
  UpdateWifiSchema,
  WifiPasswordSchema,
  WifiSchema,
} from '@portal/contracts/wifi';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PropertyIdParams, WifiIdParams } from '../../access/id-params';
import type { AppContext } from '../../context';
import { errorResponses } from '../route-errors';
import { WifiService } from './wifi.service';

export const wifiRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const wifi = new WifiService(context, app.log);

  app.get(
    '/properties/:propertyId/wifi',
    {
      schema: {
        tags: ['wifi'],
        summary: "A property's WiFi networks, by name, without their passwords",
        description:
          '`hasPassword` says whether a network has one; GET /api/wifi/{wifiId}/password answers ' +
          'it on request.',
        params: PropertyIdParams,
        response: { 200: z.array(WifiSchema), ...errorResponses },
      },
    },
    async (request) => wifi.list(request.caller, request.params.propertyId),
  );

  app.post(
    '/properties/:propertyId/wifi',
    {
      schema: {
        tags: ['wifi'],
        summary: 'Add a WiFi network to a property (site managers)',
        description:
          'The password (8–63 printable ASCII characters; none for an open network) is encrypted ' +
          'at rest and never comes back but through GET /api/wifi/{wifiId}/password.',
        params: PropertyIdParams,
        body: SaveWifiSchema,
        response: { 201: WifiSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const made = await wifi.create(request.caller, request.params.propertyId, request.body);
      return reply.status(201).send(made);
    },
  );

  app.get(
    '/wifi/:wifiId',
    {
      schema: {
        tags: ['wifi'],
        summary: 'A WiFi network, without its password',
        params: WifiIdParams,
        response: { 200: WifiSchema, ...errorResponses },
      },
    },
    async (request) => wifi.get(request.caller, request.params.wifiId),
  );

  app.get(
    '/wifi/:wifiId/password',
    {
      schema: {
        tags: ['wifi'],
        summary: "A WiFi network's password, for any member who asks ('' for an open network)",
        description:
          'Cache-Control no-store: a password is fetched when it is to be shown and kept by ' +
          'nothing on the way. 409 WIFI_PASSWORD_UNREADABLE when the stored password does not ' +
          'decrypt (SECRETS_KEY changed): a site manager sets it again.',
        params: WifiIdParams,
        response: { 200: WifiPasswordSchema, 409: ErrorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Before the call: an error answer must not be kept either.
      reply.header('cache-control', 'no-store');
      return wifi.password(request.caller, request.params.wifiId);
    },
  );

  app.put(
    '/wifi/:wifiId',
    {
      schema: {
        tags: ['wifi'],
        summary: 'Change a WiFi network as a whole (site managers)',
        description:
          'An empty password keeps the stored one, unless the network is made open (which drops ' +
          'it); a network that had none (it was open) needs one: 400.',
        params: WifiIdParams,
        body: UpdateWifiSchema,
        response: { 200: WifiSchema, ...errorResponses },
      },
    },
    async (request) => wifi.update(request.caller, request.params.wifiId, request.body),
  );

  app.delete(
    '/wifi/:wifiId',
    {
      schema: {
        tags: ['wifi'],
        summary: 'Delete a WiFi network (site managers)',
        params: WifiIdParams,
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await wifi.delete(request.caller, request.params.wifiId);
      return reply.status(204).send();
    },
  );
};
