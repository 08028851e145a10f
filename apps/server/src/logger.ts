// Request logging that never writes secrets: no Authorization or cookie headers, no passwords or
// tokens from bodies, and no invitation or reset keys from signup links in URLs. One line per API
// call at `info`; the web app's files and pages only at `debug`, where they cannot drown the calls.
import {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Config } from './config';

/** SPA routes that carry a one-time key in the path (SPEC §2): /portal/signup/{key}/{email}. */
const KEYED_PATH = /^(\/portal\/(?:signup|reset-password-email)\/)[^/?#]+/;

/** Query parameters whose values are secrets wherever they appear. */
const SECRET_QUERY = /([?&](?:key|token|refreshToken|accessToken|password)=)[^&#]*/gi;

export function redactUrl(url: string) {
  return url.replace(KEYED_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * Errors as logged: type, message and stack, with the SQL parameters database errors carry
 * (password hashes, token hashes, addresses) left out.
 */
function serializeError(error: Error & { code?: unknown; statusCode?: unknown; cause?: unknown }) {
  const message = error.message.replace(/\nparams: .*/s, '\nparams: [redacted]');
  return {
    type: error.name,
    message,
    code: error.code,
    statusCode: error.statusCode,
    stack: (error.stack ?? '').replace(error.message, message),
    cause:
      error.cause instanceof Error
        ? { type: error.cause.name, message: error.cause.message }
        : undefined,
  };
}

const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'refreshToken',
  'accessToken',
  'key',
];

export function loggerOptions(
  level: Config['logLevel'],
  stream?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        ...SECRET_FIELDS.flatMap((field) => [
          field,
          `*.${field}`,
          `*.*.${field}`,
          `*.*.*.${field}`,
        ]),
        'headers.authorization',
        'headers.cookie',
        '*.headers.authorization',
        '*.headers.cookie',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: serializeError,
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}

/**
 * Fastify writes two lines per request ('incoming request', 'request completed'); this writes one,
 * when the answer has gone: API calls at `info`, everything else (the app's files and pages) at
 * `debug`, failures at `error` as before.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const entry = {
      req: request,
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...entry, err: error }, 'request errored');
    else if (request.url.startsWith('/api/')) reply.log.info(entry, 'request completed');
    else reply.log.debug(entry, 'request completed');
  }
}
