// Request logging that never writes secrets: no Authorization or cookie headers, no passwords or
// tokens from bodies, and no invitation or reset keys from signup links in URLs.
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/** SPA routes that carry a one-time key in the path (SPEC §2): /portal/signup/{key}/{email}. */
const KEYED_PATH = /^(\/portal\/(?:signup|reset-password-email)\/)[^/?#]+/;

export function redactUrl(url: string) {
  return url.replace(KEYED_PATH, '$1[redacted]');
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
        ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
