// Typed API errors with a stable code and status, and the one handler that turns any error into
// the error body of DESIGN §4.1 without leaking internals.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorDetails, ValidationIssue } from '@portal/contracts/error-codes';
import { ErrorCode, type ErrorResponse } from '@portal/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiSecurityHeaders } from './security';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      /** Sent as Retry-After and as retryAfterSeconds with 429 and 503 answers. */
      retryAfterSeconds?: number;
      /** What the code says beyond itself (error-codes.ts), for the client to show. */
      details?: ErrorDetails;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A request the server refuses; a domain outcome names its code (CONVENTIONS 5). */
export const badRequest = (
  message: string,
  code: ErrorCode = ErrorCode.badRequest,
  details?: ErrorDetails,
) => new AppError(400, code, message, { details });
export const unauthorized = (
  message = 'Authentication required.',
  code: ErrorCode = ErrorCode.unauthorized,
) => new AppError(401, code, message);
/** A valid token whose account has been deleted: like any session that ended, 401. */
export const accountGone = () => unauthorized('Session ended.');
/** SPEC §8: status 418 tells the client its access token has expired and it should refresh. */
export const tokenExpired = () =>
  new AppError(418, ErrorCode.tokenExpired, 'Access token expired.');
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, ErrorCode.forbidden, message);
export const notFound = (message = 'Not found.') => new AppError(404, ErrorCode.notFound, message);
/** SPEC §4: the client recognises exactly this text as "already exists". */
export const conflict = (
  message = 'Conflict, already exists.',
  code: ErrorCode = ErrorCode.conflict,
  details?: ErrorDetails,
) => new AppError(409, code, message, { details });
export const tooManyRequests = (
  retryAfterSeconds: number,
  message = 'Too many attempts. Try again later.',
) =>
  new AppError(429, ErrorCode.tooManyRequests, message, {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
  });
export const serviceUnavailable = (message = 'Service unavailable.') =>
  new AppError(503, ErrorCode.unavailable, message);

/** Whether a database error, or one it wraps (as Drizzle does), carries this SQLSTATE. */
function hasPostgresCode(error: unknown, code: string): boolean {
  let current = error;
  // A few levels are enough for any wrapper; the bound keeps a cyclic cause from looping.
  for (let depth = 0; depth < 5 && current instanceof Object; depth++) {
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether a database error (or one wrapping it, as Drizzle does) is PostgreSQL's unique violation
 * 23505: two writers raced for the same unique value, which the caller answers as a conflict.
 */
export const isUniqueViolation = (error: unknown) => hasPostgresCode(error, '23505');

/**
 * Whether a database error (or one wrapping it) is PostgreSQL's foreign key violation 23503: the
 * row written refers to one that is gone, which the caller answers as not found.
 */
export const isForeignKeyViolation = (error: unknown) => hasPostgresCode(error, '23503');

const REASON_OVERRIDES: Record<number, string> = { 418: "I'm a Teapot" };

export function errorBody(
  statusCode: number,
  message: string,
  code?: ErrorCode,
  details?: ErrorDetails,
): ErrorResponse {
  return {
    statusCode,
    error: REASON_OVERRIDES[statusCode] ?? STATUS_CODES[statusCode] ?? 'Error',
    message,
    code,
    ...(details ? { details } : {}),
  };
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.badRequest,
  401: ErrorCode.unauthorized,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  409: ErrorCode.conflict,
  413: ErrorCode.payloadTooLarge,
  418: ErrorCode.tokenExpired,
  429: ErrorCode.tooManyRequests,
  503: ErrorCode.unavailable,
};
const codeForStatus = (statusCode: number) =>
  CODE_BY_STATUS[statusCode] ?? (statusCode >= 500 ? ErrorCode.internal : ErrorCode.badRequest);

/** Fastify's own request errors (bad JSON, body too large, wrong content type) describe the
 * request, not the server; any other library's message may say more than a client should know. */
const isFrameworkClientError = (error: FastifyError) =>
  typeof error.code === 'string' && error.code.startsWith('FST_');

type SchemaIssue = {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
};

/** A broken rule of the contract as the client gets it: the field, zod's code, its bound. */
export function validationIssue(issue: SchemaIssue): ValidationIssue {
  const bound = issue.params.minimum ?? issue.params.maximum;
  const { format, inclusive } = issue.params;
  return {
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    rule: issue.keyword,
    ...(typeof bound === 'number' || typeof bound === 'bigint' ? { limit: Number(bound) } : {}),
    ...(typeof inclusive === 'boolean' ? { inclusive } : {}),
    ...(typeof format === 'string' ? { format } : {}),
    message: issue.message ?? 'Invalid value.',
  };
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const { retryAfterSeconds, details } = error.extra;
    const body = errorBody(error.statusCode, error.message, error.code, details);
    if (retryAfterSeconds) {
      reply.header('Retry-After', String(retryAfterSeconds));
      body.retryAfterSeconds = retryAfterSeconds;
    }
    return reply.status(error.statusCode).send(body);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    if (error.validationContext === 'params') {
      // An id that cannot be one names nothing (access/id-params.ts): the resource's 404.
      const message = error.validation[0]?.message ?? 'Not found.';
      return reply.status(404).send(errorBody(404, message, ErrorCode.notFound));
    }
    const issues = error.validation.map(validationIssue);
    const message = issues
      .map((issue) => (issue.field ? `${issue.field}: ${issue.message}` : issue.message))
      .join('; ');
    return reply.status(400).send(errorBody(400, message, ErrorCode.validation, { issues }));
  }
  const given = error.statusCode ?? 500;
  const statusCode = given >= 400 && given <= 599 ? given : 500;
  if (statusCode >= 500 || !isFrameworkClientError(error)) {
    // Details go to the log only; the client learns nothing about internals.
    request.log.error({ err: error }, 'request failed');
    const shown =
      statusCode >= 500 ? 'Something went wrong.' : (STATUS_CODES[statusCode] ?? 'Bad request.');
    return reply.status(statusCode).send(errorBody(statusCode, shown, codeForStatus(statusCode)));
  }
  return reply
    .status(statusCode)
    .send(errorBody(statusCode, error.message, codeForStatus(statusCode)));
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(handleError);
}

/**
 * Errors Fastify raises before routing (a malformed URL): answered in the same shape, with the
 * security headers for JSON the hooks that did not run would have added. A path segment longer than
 * Fastify's maxParamLength (100) is longer than any id, so it names nothing: 404, as an unknown
 * id does, rather than Fastify's 414.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const send = (statusCode: number, message: string) =>
    reply
      .headers(apiSecurityHeaders())
      .status(statusCode)
      .send(errorBody(statusCode, message, codeForStatus(statusCode)));
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(404, 'Not found.');
  const statusCode =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return send(statusCode, error.message);
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers larger than it reads,
 * bytes that are no HTTP, a request too slow to arrive): answered as Fastify's default handler
 * does, but in the error shape and with the API's security headers, like every other answer.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
) {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Exceeded maximum allowed HTTP header size']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Client Timeout']
        : [400, 'Client Error'];
  this.log.trace({ err: error }, 'client error');
  // As Node's own handler: no answer into a response already under way on this connection (a
  // pipelined bad request), which would corrupt it for the client.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify(errorBody(statusCode, message, codeForStatus(statusCode)));
    const headers = Object.entries({
      ...apiSecurityHeaders(),
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    // The answer to a HEAD has no body (a client would read it as the next answer). Known from
    // the chunk the parser failed in; a HEAD whose request line came in an earlier chunk gets the
    // body, which is harmless, as the connection closes right after it.
    const head = (error as { rawPacket?: Buffer }).rawPacket?.toString('latin1', 0, 5) === 'HEAD ';
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n${headers}\r\n${head ? '' : body}`,
    );
  }
  socket.destroy(error);
}
