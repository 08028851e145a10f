// The property calls of DESIGN §4.2: everyone reads their organizations' properties, site managers
// create, change, move and delete them.
import {
  CreatePropertySchema,
  PropertyListQuerySchema,
  PropertySchema,
  UpdatePropertySchema,
} from '@portal/contracts/properties';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PropertyIdParams as params } from '../../access/id-params';
import type { AppContext } from '../../context';
import { linkNextPage, PAGED_LIST_DESCRIPTION } from '../paging';
import { errorResponses } from '../route-errors';
import { PropertiesService } from './properties.service';

export const propertiesRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const properties = new PropertiesService(context);

  app.get(
    '/properties',
    {
      schema: {
        tags: ['properties'],
        summary:
          "A page of your organizations' properties by name, with area counts per type; ?q= searches names, addresses and organizations",
        description: PAGED_LIST_DESCRIPTION,
        querystring: PropertyListQuerySchema,
        response: { 200: z.array(PropertySchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await properties.list(request.caller, request.query);
      linkNextPage(request, reply, page.nextKey);
      return page.properties;
    },
  );

  app.post(
    '/properties',
    {
      schema: {
        tags: ['properties'],
        summary: 'Create a property in one of your organizations (site managers)',
        body: CreatePropertySchema,
        response: { 201: PropertySchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await properties.create(request.caller, request.body)),
  );

  app.get(
    '/properties/:propertyId',
    {
      schema: {
        tags: ['properties'],
        summary: 'One property of your organizations',
        params,
        response: { 200: PropertySchema, ...errorResponses },
      },
    },
    async (request) => properties.get(request.caller, request.params.propertyId),
  );

  app.put(
    '/properties/:propertyId',
    {
      schema: {
        tags: ['properties'],
        summary:
          'Change a property (site managers); a new organizationId moves it with its areas to another of your organizations',
        params,
        body: UpdatePropertySchema,
        response: { 200: PropertySchema, ...errorResponses },
      },
    },
    async (request) => properties.update(request.caller, request.params.propertyId, request.body),
  );

  app.delete(
    '/properties/:propertyId',
    {
      schema: {
        tags: ['properties'],
        summary: 'Delete a property with its areas (site managers)',
        params,
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await properties.delete(request.caller, request.params.propertyId);
      return reply.status(204).send();
    },
  );
};
