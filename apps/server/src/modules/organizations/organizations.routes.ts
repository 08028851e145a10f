// The organization calls of DESIGN §4.2: the caller's organizations, and (site managers) creating,
// changing and deleting them.
import {
  CreateOrganizationSchema,
  OrganizationSchema,
  UpdateOrganizationSchema,
} from '@portal/contracts/organizations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authenticate } from '../auth/authentication';
import { errorResponses } from '../route-errors';
import { OrganizationsService } from './organizations.service';

const params = z.object({ organizationId: z.string() });

export const organizationsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const organizations = new OrganizationsService(context);
  const tokens = context.accessTokens;

  app.get(
    '/organizations',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Your organizations, by name, with their property and member counts',
        response: { 200: z.array(OrganizationSchema), ...errorResponses },
      },
    },
    async (request) => organizations.list(await authenticate(request, tokens)),
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
      reply
        .status(201)
        .send(await organizations.create(await authenticate(request, tokens), request.body)),
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
    async (request) =>
      organizations.get(await authenticate(request, tokens), request.params.organizationId),
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
      organizations.update(
        await authenticate(request, tokens),
        request.params.organizationId,
        request.body,
      ),
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
      await organizations.delete(
        await authenticate(request, tokens),
        request.params.organizationId,
      );
      return reply.status(204).send();
    },
  );
};
