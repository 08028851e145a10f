// Request logging that never writes secrets: no Authorization or cookie headers, no passwords or
// tokens from bodies, and no invitation or reset keys from signup links in URLs. One line per API
// call at `info`; the web app's files and pages only at `debug`, where they cannot drown the calls.
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Config } from './config';

/** SPA routes that carry a one-time key in the path (SPEC §2): /portal/signup/{key}/{email}. */
const KEYED_PATH = /^(\/portal\/(?:signup|reset-password-email)\/)[^/?#]+/;

/** Query parameters whose values are secrets wherever they appear. */
const SECRET_QUERY = /([?&](?:key|token|refreshToken|accessToken|password|secret)=)[^&#]*/gi;

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
  // A new gateway's ingestion key, in the answer that makes or renews it (contracts/devices.ts).
  'gatewayKey',
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
 *
 * The `info` line holds only what is written here (method, the URL without keys, address, status,
 * time), so it skips the redaction pass every other line takes: walking the secret paths cost more
 * than writing the line (docs/architecture.md). Failures keep it, since they carry an error.
 */
export class RequestLogController extends LogController {
  #lines: FastifyBaseLogger | undefined;

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
    else if (!request.url.startsWith('/api/')) reply.log.debug(entry, 'request completed');
    else {
      this.#lines ??= reply.server.log.child({}, { redact: [] });
      this.#lines.info({ reqId: request.id, ...entry }, 'request completed');
    }
  }
}

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ParentLogger = FastifyBaseLogger & { isLevelEnabled(level: LevelName): boolean };

/**
 * A request's logger (Fastify's child carrying its reqId), made when the request first writes a
 * line through it. Making a child runs pino's redaction over its bindings, and most requests never
 * write through theirs: their one line is RequestLogController's.
 */
class DeferredRequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: ParentLogger,
    private readonly bindings: Record<string, unknown>,
  ) {}

  #write(level: LevelName, args: unknown[]) {
    if (!this.#made && !this.parent.isLevelEnabled(level)) return;
    this.#made ??= this.parent.child(this.bindings);
    const made = this.#made as unknown as Record<LevelName, (...line: unknown[]) => void>;
    made[level](...args);
  }

  get level() {
    return this.#made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.#made ??= this.parent.child(this.bindings);
    this.#made.level = level;
  }

  fatal(...line: unknown[]) {
    this.#write('fatal', line);
  }
  error(...line: unknown[]) {
    this.#write('error', line);
  }
  warn(...line: unknown[]) {
    this.#write('warn', line);
  }
  info(...line: unknown[]) {
    this.#write('info', line);
  }
  debug(...line: unknown[]) {
    this.#write('debug', line);
  }
  trace(...line: unknown[]) {
    this.#write('trace', line);
  }
  silent() {}

  child(bindings: Record<string, unknown>, options?: Parameters<FastifyBaseLogger['child']>[1]) {
    this.#made ??= this.parent.child(this.bindings);
    return this.#made.child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: a route with its own log level gets its child at once. */
export const deferredRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) =>
  options.level
    ? logger.child(bindings, options)
    : new DeferredRequestLogger(logger as ParentLogger, bindings);
