// Typed API errors with a stable code and status, and the one handler that turns any error into
// the error body of DESIGN §4.1 without leaking internals of server faults.
import { ErrorCode, type ErrorResponse } from '@portal/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  418: "I'm a Teapot",
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Sent as Retry-After with 429 and 503 answers. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, ErrorCode.badRequest, message);
export const unauthorized = (message = 'Authentication required.') =>
  new AppError(401, ErrorCode.unauthorized, message);
/** SPEC §8: status 418 tells the client its access token has expired and it should refresh. */
export const tokenExpired = () =>
  new AppError(418, ErrorCode.tokenExpired, 'Access token expired.');
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, ErrorCode.forbidden, message);
export const notFound = (message = 'Not found.') => new AppError(404, ErrorCode.notFound, message);
/** SPEC §4: the client recognises exactly this text as "already exists". */
export const conflict = (message = 'Conflict, already exists.') =>
  new AppError(409, ErrorCode.conflict, message);
export const tooManyRequests = (
  retryAfterSeconds: number,
  message = 'Too many attempts. Try again later.',
) =>
  new AppError(429, ErrorCode.tooManyRequests, message, Math.max(1, Math.ceil(retryAfterSeconds)));
export const serviceUnavailable = (message = 'Service unavailable.') =>
  new AppError(503, ErrorCode.unavailable, message);

export function errorBody(statusCode: number, message: string, code?: ErrorCode): ErrorResponse {
  return { statusCode, error: REASON_PHRASES[statusCode] ?? 'Error', message, code };
}

function codeForStatus(statusCode: number): ErrorCode {
  switch (statusCode) {
    case 400:
      return ErrorCode.badRequest;
    case 401:
      return ErrorCode.unauthorized;
    case 403:
      return ErrorCode.forbidden;
    case 404:
      return ErrorCode.notFound;
    case 409:
      return ErrorCode.conflict;
    case 413:
      return ErrorCode.payloadTooLarge;
    case 429:
      return ErrorCode.tooManyRequests;
    case 503:
      return ErrorCode.unavailable;
    default:
      return statusCode >= 500 ? ErrorCode.internal : ErrorCode.badRequest;
  }
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds) reply.header('Retry-After', String(error.retryAfterSeconds));
    return reply
      .status(error.statusCode)
      .send(errorBody(error.statusCode, error.message, error.code));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const message = error.validation
      .map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return field ? `${field}: ${issue.message}` : issue.message;
      })
      .join('; ');
    return reply.status(400).send(errorBody(400, message, ErrorCode.validation));
  }
  const statusCode = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (statusCode >= 500) {
    // Details of server faults go to the log only; the client learns nothing about internals.
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(statusCode)
      .send(errorBody(statusCode, 'Something went wrong.', codeForStatus(statusCode)));
  }
  // Fastify's own client errors (malformed JSON, body too large, bad content type) are safe to show.
  return reply
    .status(statusCode)
    .send(errorBody(statusCode, error.message, codeForStatus(statusCode)));
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(handleError);
}
