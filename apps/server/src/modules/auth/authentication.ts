// Who is calling: one hook reads the bearer token of SPEC §6 before any API handler runs and puts
// the caller on the request. Every API route needs a signed-in caller unless its config says
// `access: 'public'` (sign-in, signup, health) or `access: 'optional'` (a visitor registering);
// so a route added without thinking is closed, not open. A missing or bad token is 401, an
// expired one 418 so the client refreshes (SPEC §8), before the body is even read.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../errors';
import type { AccessClaims, AccessTokens } from './tokens';

/** Who may call a route: the default is only a signed-in caller. 'gateway': a gateway's call,
 * authenticated by its key instead (modules/gateways/gateway-authentication.ts). */
export type RouteAccess = 'signed-in' | 'optional' | 'public' | 'gateway';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Omitted: 'signed-in'. 'optional' reads a token if one is sent; 'public' ignores it. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /**
     * The signed-in caller. On a route that is not 'signed-in' there may be none, and reading
     * this answers 401; such routes read `callerIfSignedIn`.
     */
    readonly caller: AccessClaims;
    /** The caller on an 'optional' route, undefined for a visitor. */
    readonly callerIfSignedIn: AccessClaims | undefined;
  }
}

const CALLER = Symbol('caller');
type WithCaller = FastifyRequest & { [CALLER]: AccessClaims | null };

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('Invalid authorization header.');
  return match[1];
}

/** Adds the caller to every request of this scope (the API), as its routes' config asks. */
export function registerAuthentication(api: FastifyInstance, tokens: AccessTokens) {
  api.decorateRequest(CALLER, null);
  api.decorateRequest('caller', {
    getter(this: FastifyRequest) {
      const caller = (this as WithCaller)[CALLER];
      if (!caller) throw unauthorized();
      return caller;
    },
  });
  api.decorateRequest('callerIfSignedIn', {
    getter(this: FastifyRequest) {
      return (this as WithCaller)[CALLER] ?? undefined;
    },
  });
  // A callback rather than an async hook: public calls (health, sign-in) pay no promise for it.
  api.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access ?? 'signed-in';
    // An unknown path is answered 404 by the not-found handler, signed in or not.
    if (access === 'public' || access === 'gateway' || request.is404) return done();
    const token = bearerToken(request);
    if (!token) return done(access === 'optional' ? undefined : unauthorized());
    tokens.verify(token).then(
      (caller) => {
        (request as WithCaller)[CALLER] = caller;
        done();
      },
      (error: Error) => done(error),
    );
  });
}
