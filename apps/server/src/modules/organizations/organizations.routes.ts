// The organization calls of DESIGN §4.2: the caller's organizations, and (site managers) creating,
// changing and deleting them.
import {
  CreateOrganizationSchema,
  OrganizationSchema,
  UpdateOrganizationSchema,
} from '@portal/contracts/organizations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrganizationIdParams as params } from '../../access/id-params';
import type { AppContext } from '../../context';
import { errorResponses } from '../route-errors';
import { OrganizationsService } from './organizations.service';

export const organizationsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const organizations = new OrganizationsService(context);

  app.get(
    '/organizations',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Your organizations, by name, with their property and member counts',
        response: { 200: z.array(OrganizationSchema), ...errorResponses },
      },
    },
    async (request) => organizations.list(request.caller),
  );

  app.post(
    '/organizations',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Create an organization (site managers); you become its first member',
        body: CreateOrganizationSchema,
        response: { 201: OrganizationSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await organizations.create(request.caller, request.body)),
  );

  app.get(
    '/organizations/:organizationId',
    {
      schema: {
        tags: ['organizations'],
        summary: 'One of your organizations',
        params,
        response: { 200: OrganizationSchema, ...errorResponses },
      },
    },
    async (request) => organizations.get(request.caller, request.params.organizationId),
  );

  app.put(
    '/organizations/:organizationId',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Change one of your organizations (site managers)',
        params,
        body: UpdateOrganizationSchema,
        response: { 200: OrganizationSchema, ...errorResponses },
      },
    },
    async (request) =>
      organizations.update(request.caller, request.params.organizationId, request.body),
  );

  app.delete(
    '/organizations/:organizationId',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Delete one of your organizations with its properties and areas (site managers)',
        params,
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await organizations.delete(request.caller, request.params.organizationId);
      return reply.status(204).send();
    },
  );
};
