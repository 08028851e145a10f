// Who is calling: reads the bearer token of SPEC §6. Routes that need a caller ask for one; a
// missing or bad token is 401, an expired one 418 so the client refreshes (SPEC §8).
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../errors';
import type { AccessClaims, AccessTokens } from './tokens';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('Invalid authorization header.');
  return match[1];
}

export async function authenticate(
  request: FastifyRequest,
  tokens: AccessTokens,
): Promise<AccessClaims> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  return tokens.verify(token);
}

/** For calls open to visitors that act differently for a signed-in caller. */
export async function authenticateIfPresent(
  request: FastifyRequest,
  tokens: AccessTokens,
): Promise<AccessClaims | undefined> {
  const token = bearerToken(request);
  return token ? tokens.verify(token) : undefined;
}
