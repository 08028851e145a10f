// The user calls of SPEC §7 exactly as DESIGN §4.1 fixes them, and an organization's members.

import { AcceptedSchema } from '@portal/contracts/auth';
import { ErrorResponseSchema } from '@portal/contracts/errors';
import {
  CreateUserSchema,
  RemoveUserQuerySchema,
  UpdateUserSchema,
  UserEnvelopeSchema,
  UserSchema,
} from '@portal/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MemberParams, OrganizationIdParams, userKeyParam } from '../../access/id-params';
import type { AppContext } from '../../context';
import type { AuthService } from '../auth/auth.service';
import { errorResponses } from '../route-errors';
import { UsersService } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod<{
  context: AppContext;
  auth: AuthService;
}> = async (app, { context, auth }) => {
  const users = new UsersService(context, auth);
  const mailLimit = { sendsMail: true } as const;

  app.post(
    '/user/',
    {
      // Anonymous is a visitor registering; signed in, a site manager inviting.
      config: { ...mailLimit, access: 'optional' },
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
          429: ErrorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const result = await users.create(request.callerIfSignedIn, request.body);
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
        params: z.object({ id: userKeyParam }),
        response: { 200: UserSchema, ...errorResponses },
      },
    },
    async (request) => users.get(request.caller, request.params.id),
  );

  app.put(
    '/user/:email',
    {
      schema: {
        tags: ['users'],
        summary:
          "Change a user: your own profile, or (site manager) a member's role in your organization",
        description:
          'Your own profile and password, never your own role. A site manager changes another ' +
          "member's role in the organization named by organizationId (400 ORGANIZATION_REQUIRED " +
          'without it) and nothing else: their profile is theirs (403).',
        params: z.object({ email: userKeyParam }),
        body: UpdateUserSchema,
        response: { 200: UserEnvelopeSchema, ...errorResponses },
      },
    },
    async (request) => ({
      user: await users.update(request.caller, request.params.email, request.body),
    }),
  );

  app.delete(
    '/user/:emailOrId',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete your account, or (site manager) remove a member from your organizations',
        description:
          'A site manager removes the member from the organization named by organizationId, or ' +
          'else from every organization of theirs that they manage and the member belongs to; ' +
          'the account goes with its last membership. The only site manager of an organization ' +
          'others belong to keeps their account (409 LAST_SITE_MANAGER).',
        params: z.object({ emailOrId: userKeyParam }),
        querystring: RemoveUserQuerySchema,
        response: { 204: z.undefined(), 409: ErrorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await users.delete(request.caller, request.params.emailOrId, request.query.organizationId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/organizations/:organizationId/users',
    {
      schema: {
        tags: ['users'],
        summary: "An organization's members, with role and invitation status",
        params: OrganizationIdParams,
        response: { 200: z.array(UserSchema), ...errorResponses },
      },
    },
    async (request) => users.members(request.caller, request.params.organizationId),
  );

  app.post(
    '/organizations/:organizationId/users/:userId/invitation',
    {
      config: mailLimit,
      schema: {
        tags: ['users'],
        summary: "Send a pending member's invitation again (site managers)",
        description:
          'A new link replaces the old one, which stops working. 409 when the member has already ' +
          'accepted; 404 outside your organizations or for someone not a member of this one.',
        params: MemberParams,
        response: {
          202: AcceptedSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      await users.resendInvitation(
        request.caller,
        request.params.organizationId,
        request.params.userId,
      );
      return reply.status(202).send({ status: 'accepted' });
    },
  );
};
