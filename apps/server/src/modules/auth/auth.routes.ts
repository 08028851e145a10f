// Sign-in, session refresh, sign-out, completing an invitation and password recovery.
import {
  AcceptedSchema,
  LoginResponseSchema,
  LoginSchema,
  LogoutSchema,
  RefreshResponseSchema,
  RefreshSchema,
  ResetPasswordEmailSchema,
  ResetPasswordSchema,
  SignupCheckResponseSchema,
  SignupCheckSchema,
  SignupSchema,
} from '@portal/contracts/auth';
import { ErrorResponseSchema } from '@portal/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { AuthService } from './auth.service';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema };

export const authRoutes: FastifyPluginAsyncZod<{ context: AppContext; auth: AuthService }> = async (
  app,
  { context, auth },
) => {
  // Every call here is made before there is a session, so none needs a caller.
  const signInLimit = {
    access: 'public',
    rateLimit: { max: context.rateLimits.signIn, timeWindow: '1 minute' },
  } as const;
  // Every mail-sending call shares one budget per address (mail/mail-sending-budget.ts).
  const mailLimit = { access: 'public', sendsMail: true } as const;

  app.post(
    '/auth/login/',
    {
      config: signInLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        body: LoginSchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
    },
    (request) => auth.login(request.body.email, request.body.password, request.ip),
  );

  app.post(
    '/auth/refresh/',
    {
      config: signInLimit,
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new access token (and a new refresh token)',
        body: RefreshSchema,
        response: { 200: RefreshResponseSchema, ...errors },
      },
    },
    (request) => auth.refresh(request.body.refreshToken, request.body.id),
  );

  app.post(
    '/auth/logout/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'End the session of a refresh token',
        body: LogoutSchema.optional(),
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await auth.logout(request.body?.refreshToken);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/signup/',
    {
      config: signInLimit,
      schema: {
        tags: ['auth'],
        summary: 'Complete an invitation or registration with the e-mailed key, and sign in',
        body: SignupSchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
    },
    (request) => auth.signup(request.body),
  );

  app.post(
    '/auth/signup/check',
    {
      config: signInLimit,
      schema: {
        tags: ['auth'],
        summary: 'Whether a signup link (key and address) is still valid, or its account exists',
        description:
          "'valid', 'used' (the account of that address exists: sign in) or 'invalid'; without a " +
          'key sent to that address the answer is always invalid.',
        body: SignupCheckSchema,
        response: { 200: SignupCheckResponseSchema, ...errors },
      },
    },
    (request) => auth.checkSignup(request.body),
  );

  app.post(
    '/auth/reset-password-email/',
    {
      config: mailLimit,
      schema: {
        tags: ['auth'],
        summary:
          'Mail a password reset link; always 202, whether or not the address has an account',
        body: ResetPasswordEmailSchema,
        response: { 202: AcceptedSchema, ...errors },
      },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(request.body.email);
      return reply.status(202).send({ status: 'accepted' });
    },
  );

  app.post(
    '/auth/reset-password/',
    {
      config: signInLimit,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the e-mailed key; every session of the account ends',
        body: ResetPasswordSchema,
        response: { 204: z.undefined(), ...errors },
      },
    },
    async (request, reply) => {
      await auth.resetPassword(request.body);
      return reply.status(204).send();
    },
  );
};
