// The user calls of SPEC §7 exactly as DESIGN §4.1 fixes them, and an organization's members.

import { AcceptedSchema } from '@portal/contracts/auth';
import { ErrorResponseSchema } from '@portal/contracts/errors';
import {
  CreateUserSchema,
  UpdateUserSchema,
  UserEnvelopeSchema,
  UserSchema,
} from '@portal/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { AuthService } from '../auth/auth.service';
import { authenticate, authenticateIfPresent } from '../auth/authentication';
import { errorResponses } from '../route-errors';
import { UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<{
  context: AppContext;
  auth: AuthService;
}> = async (app, { context, auth }) => {
  const users = new UsersService(context, auth);
  const tokens = context.accessTokens;

  app.post(
    '/user/',
    {
      config: { rateLimit: { max: context.rateLimits.mail, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'Invite a user (site manager) or register as a visitor',
        description:
          'Signed in as a site manager: invites the address into one of your organizations (201). ' +
          'Anonymous: registers a visitor; always 202, whether or not the address has an account.',
        body: CreateUserSchema,
        response: {
          201: UserEnvelopeSchema,
          202: AcceptedSchema,
          409: ErrorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const caller = await authenticateIfPresent(request, tokens);
      const result = await users.create(caller, request.body);
      if (result.kind === 'registration-accepted')
        return reply.status(202).send({ status: 'accepted' });
      return reply.status(201).send({ user: result.user });
    },
  );

  app.get(
    '/user/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'A user: yourself or a member of your organizations',
        params: z.object({ id: z.string().max(254) }),
        response: { 200: UserSchema, ...errorResponses },
      },
    },
    async (request) => users.get(await authenticate(request, tokens), request.params.id),
  );

  app.put(
    '/user/:email',
    {
      schema: {
        tags: ['users'],
        summary:
          'Change a user: your own profile, or (site manager) a member of your organizations',
        params: z.object({ email: z.string().max(254) }),
        body: UpdateUserSchema,
        response: { 200: UserEnvelopeSchema, ...errorResponses },
      },
    },
    async (request) => ({
      user: await users.update(
        await authenticate(request, tokens),
        request.params.email,
        request.body,
      ),
    }),
  );

  app.delete(
    '/user/:emailOrId',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete your account, or (site manager) remove a member from your organizations',
        params: z.object({ emailOrId: z.string().max(254) }),
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await users.delete(await authenticate(request, tokens), request.params.emailOrId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/organizations/:organizationId/users',
    {
      schema: {
        tags: ['users'],
        summary: "An organization's members, with role and invitation status",
        params: z.object({ organizationId: z.string().max(64) }),
        response: { 200: z.array(UserSchema), ...errorResponses },
      },
    },
    async (request) =>
      users.members(await authenticate(request, tokens), request.params.organizationId),
  );
};
