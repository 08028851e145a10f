// The area calls of DESIGN §4.2: everyone reads their properties' areas, site managers create
// them one by one or as a numbered range, change and delete them.
import {
  AreaListQuerySchema,
  AreaSchema,
  CreateAreaSchema,
  CreateAreasSchema,
  MAX_AREAS_PER_PROPERTY,
  UpdateAreaSchema,
} from '@portal/contracts/areas';
import { ErrorResponseSchema } from '@portal/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AreaIdParams as areaParams,
  PropertyIdParams as propertyParams,
} from '../../access/id-params';
import type { AppContext } from '../../context';
import { linkNextPage, PAGED_LIST_DESCRIPTION } from '../paging';
import { errorResponses } from '../route-errors';
import { AreasService } from './areas.service';

export const areasRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const areas = new AreasService(context);

  app.get(
    '/properties/:propertyId/areas',
    {
      schema: {
        tags: ['areas'],
        summary:
          "A page of a property's areas by type, number and name; ?type= narrows to one type, ?q= searches names and numbers",
        description: PAGED_LIST_DESCRIPTION,
        params: propertyParams,
        querystring: AreaListQuerySchema,
        response: { 200: z.array(AreaSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await areas.list(request.caller, request.params.propertyId, request.query);
      linkNextPage(request, reply, page.nextKey);
      return page.areas;
    },
  );

  app.post(
    '/properties/:propertyId/areas',
    {
      schema: {
        tags: ['areas'],
        summary: 'Create an area in a property (site managers)',
        description: `409 AREA_NUMBERS_TAKEN when the property has an area with that number, or PROPERTY_FULL when it already has ${MAX_AREAS_PER_PROPERTY} areas.`,
        params: propertyParams,
        body: CreateAreaSchema,
        response: { 201: AreaSchema, 409: ErrorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await areas.create(request.caller, request.params.propertyId, request.body)),
  );

  app.post(
    '/properties/:propertyId/areas/bulk',
    {
      schema: {
        tags: ['areas'],
        summary: 'Create one area per number from `from` to `to` (site managers)',
        description:
          'All or none, at most 500 at once; 409 AREA_NUMBERS_TAKEN names the numbers the property ' +
          `already uses, PROPERTY_FULL says it would have more than ${MAX_AREAS_PER_PROPERTY} areas.`,
        params: propertyParams,
        body: CreateAreasSchema,
        response: { 201: z.array(AreaSchema), 409: ErrorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await areas.createRange(request.caller, request.params.propertyId, request.body)),
  );

  app.get(
    '/areas/:areaId',
    {
      schema: {
        tags: ['areas'],
        summary: 'One area of your properties',
        params: areaParams,
        response: { 200: AreaSchema, ...errorResponses },
      },
    },
    async (request) => areas.get(request.caller, request.params.areaId),
  );

  app.put(
    '/areas/:areaId',
    {
      schema: {
        tags: ['areas'],
        summary: 'Change an area (site managers)',
        params: areaParams,
        body: UpdateAreaSchema,
        response: { 200: AreaSchema, 409: ErrorResponseSchema, ...errorResponses },
      },
    },
    async (request) => areas.update(request.caller, request.params.areaId, request.body),
  );

  app.delete(
    '/areas/:areaId',
    {
      schema: {
        tags: ['areas'],
        summary: 'Delete an area (site managers)',
        params: areaParams,
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await areas.delete(request.caller, request.params.areaId);
      return reply.status(204).send();
    },
  );
};
