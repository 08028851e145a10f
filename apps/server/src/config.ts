// The one place that reads the environment: every setting of DESIGN §4.3, validated once at start.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { createSecureContext } from 'node:tls';
import { z } from 'zod';
import { readSecretsKey } from './secrets/secrets-key';

/**
 * Words of the placeholder secrets in tutorials and example files ('my-super-secret-jwt-key…',
 * 'changeme…'): a random value contains none of them except by a one-in-millions chance.
 */
const WEAK_SECRET_MARKERS = ['secret', 'changeme', 'password', 'example', 'default', 'replace'];

const booleanText = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(value), {
    message: 'must be true or false',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** Digits only: Number() would also take ' ', '0x50' or '1e3'. */
const wholeNumber = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { message })
    .transform((value) => Number(value));

const portNumber = () =>
  wholeNumber('must be a port number between 0 and 65535').refine((value) => value <= 65535, {
    message: 'must be a port number between 0 and 65535',
  });

/** A file's contents, read once at start; a file that cannot be read says why. */
const fileContents = z
  .string()
  .trim()
  .transform((file, context) => {
    try {
      return readFileSync(file);
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'not allowed' : code;
      context.addIssue({ code: 'custom', message: `cannot be read: ${file} (${why})` });
      return z.NEVER;
    }
  });

/** Why a certificate and key cannot serve TLS, or undefined when they can. */
function tlsProblem(cert: Buffer, key: Buffer): string | undefined {
  try {
    createSecureContext({ cert, key });
    return undefined;
  } catch (error) {
    // OpenSSL's reason ('key values mismatch', 'no start line'): nothing of the key itself.
    const reason = (error as Error).message.split(':').pop()?.trim();
    return `are not a PEM certificate and its private key (${reason})`;
  }
}

const seconds = (fallback: number, maximum: number, unit: string) =>
  wholeNumber('must be a whole number of seconds')
    .refine((value) => value > 0, { message: 'must be a positive number of seconds' })
    .refine((value) => value <= maximum, {
      message: `must be at most ${maximum} seconds (${unit})`,
    })
    .default(fallback);

const urlWithProtocols = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL like ${example}`, abort: true },
    );

/** Names proxy-addr (Fastify's trustProxy) knows for ranges of addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR range (10.0.0.0/8, fd00::/8) or one of the range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which peers may say who the client is (X-Forwarded-For), as Fastify's trustProxy takes it:
 * false (nobody: the peer is the client), true (every hop) or the proxies' addresses and ranges.
 */
export type TrustProxy = boolean | string[];

const PROXY_LIST_EXAMPLE = '10.0.0.1, 172.16.0.0/12, loopback';

const trustProxy = z
  .string()
  .trim()
  .transform((value, context): TrustProxy => {
    const word = value.toLowerCase();
    if (['false', 'off', 'no'].includes(word)) return false;
    if (['true', 'on', 'yes'].includes(word)) return true;
    // Fastify 5 takes a number but then trusts nobody: a count of hops cannot tell a proxy from
    // a client that wrote the header itself. Refused, rather than silently doing nothing.
    if (/^\d+$/.test(word)) {
      context.addIssue({
        code: 'custom',
        message: `cannot be a number of proxies; name the proxies' addresses (${PROXY_LIST_EXAMPLE})`,
      });
      return z.NEVER;
    }
    const entries = word.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message: `must be true, false, or the proxies' addresses and ranges, comma-separated (${PROXY_LIST_EXAMPLE})`,
    });
    return z.NEVER;
  });

const EnvironmentSchema = z
  .object({
    PORT: portNumber().default(3000),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: urlWithProtocols(
      ['postgres:', 'postgresql:'],
      'postgres://user:password@host:5432/database',
    ).optional(),
    PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'https://portal.example.se')
      .refine(
        (value) => {
          const url = new URL(value);
          return (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
        },
        {
          message: 'must be the bare origin, like https://portal.example.se (no path, query or #)',
        },
      )
      .optional(),
    SMTP_URL: urlWithProtocols(
      ['smtp:', 'smtps:'],
      'smtp://user:password@mail.example.se:587',
    ).optional(),
    MAIL_FROM: z.string().trim().min(3).default('Portalen <no-reply@localhost>'),
    JWT_SECRET: z
      .string()
      .refine(
        (value) => !WEAK_SECRET_MARKERS.some((marker) => value.toLowerCase().includes(marker)),
        {
          message: 'is a well-known value; use a long random one (e.g. openssl rand -base64 48)',
          abort: true,
        },
      )
      .refine((value) => value.trim().length >= 32, {
        message: 'must be at least 32 characters long',
        abort: true,
      })
      .refine((value) => new Set(value).size >= 10, {
        message:
          'is too repetitive to be a secret; use a long random one (e.g. openssl rand -base64 48)',
      })
      .optional(),
    SECRETS_KEY: z
      .string()
      .transform((value, context) => {
        const key = readSecretsKey(value);
        if (key && new Set(key).size >= 8) return key;
        context.addIssue({
          code: 'custom',
          message: key
            ? 'is too repetitive to be a key; use a random one (openssl rand -base64 32)'
            : 'must be 32 bytes written as base64 or 64 hex digits (openssl rand -base64 32)',
        });
        return z.NEVER;
      })
      .optional(),
    ACCESS_TOKEN_TTL: seconds(900, 24 * 60 * 60, 'a day'),
    REFRESH_TOKEN_TTL: seconds(30 * 24 * 60 * 60, 365 * 24 * 60 * 60, 'a year'),
    PORTAL_ADMIN_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
    PORTAL_ADMIN_PASSWORD: z
      .string()
      .min(8, 'must be at least 8 characters long')
      .max(128)
      .optional(),
    PORTAL_DEMO: booleanText.optional(),
    PORTAL_DEMO_READINGS: booleanText.default(true),
    RATE_LIMIT_SIGN_IN: wholeNumber('must be a whole number of requests per minute').default(30),
    RATE_LIMIT_MAIL: wholeNumber('must be a whole number of requests per minute').default(10),
    TRUST_PROXY: trustProxy.default(false),
    LOG_LEVEL: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(
        z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
          message: 'must be one of fatal, error, warn, info, debug, trace, silent',
        }),
      )
      .default('info'),
    MQTT_PORT: portNumber().optional(),
    MQTT_TLS_CERT: fileContents.optional(),
    MQTT_TLS_KEY: fileContents.optional(),
  })
  .superRefine((environment, context) => {
    checkMqtt(environment, context);
    // Replicas sharing a PostgreSQL database must share the key too: one generated per DATA_DIR
    // would leave each unable to read the others' PIN codes.
    if (environment.DATABASE_URL !== undefined && environment.SECRETS_KEY === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['SECRETS_KEY'],
        message:
          'must be set when DATABASE_URL is set, the same on every server of the database (openssl rand -base64 32)',
      });
    }
    const hasEmail = environment.PORTAL_ADMIN_EMAIL !== undefined;
    const hasPassword = environment.PORTAL_ADMIN_PASSWORD !== undefined;
    if (hasEmail !== hasPassword) {
      context.addIssue({
        code: 'custom',
        path: [hasEmail ? 'PORTAL_ADMIN_PASSWORD' : 'PORTAL_ADMIN_EMAIL'],
        message: 'must be set together with PORTAL_ADMIN_EMAIL and PORTAL_ADMIN_PASSWORD',
      });
    }
  });

type MqttEnvironment = {
  PORT: number;
  MQTT_PORT?: number | undefined;
  MQTT_TLS_CERT?: Buffer | undefined;
  MQTT_TLS_KEY?: Buffer | undefined;
};

/** MQTT's settings go together: TLS needs both files and a port, on another port than HTTP's. */
function checkMqtt(environment: MqttEnvironment, context: z.RefinementCtx) {
  const { PORT, MQTT_PORT, MQTT_TLS_CERT, MQTT_TLS_KEY } = environment;
  const problem = (name: keyof MqttEnvironment, message: string) =>
    context.addIssue({ code: 'custom', path: [name], message });
  if (MQTT_PORT !== undefined && MQTT_PORT !== 0 && MQTT_PORT === PORT)
    problem('MQTT_PORT', `must be another port than PORT (${PORT})`);
  if ((MQTT_TLS_CERT === undefined) !== (MQTT_TLS_KEY === undefined)) {
    problem(
      MQTT_TLS_CERT === undefined ? 'MQTT_TLS_CERT' : 'MQTT_TLS_KEY',
      'must be set together with MQTT_TLS_CERT and MQTT_TLS_KEY (PEM files)',
    );
    return;
  }
  if (MQTT_TLS_CERT === undefined || MQTT_TLS_KEY === undefined) return;
  if (MQTT_PORT === undefined)
    problem('MQTT_PORT', 'must be set when MQTT_TLS_CERT and MQTT_TLS_KEY are (the MQTT port)');
  const tls = tlsProblem(MQTT_TLS_CERT, MQTT_TLS_KEY);
  if (tls) problem('MQTT_TLS_CERT', `and MQTT_TLS_KEY ${tls}`);
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string | undefined;
  /** The AES-256 key of secrets at rest (secrets/secrets-key.ts); undefined: kept in DATA_DIR. */
  secretsKey: Buffer | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  admin: { email: string; password: string } | undefined;
  /** undefined: decide by the database (on for an empty embedded one, off on PostgreSQL). */
  demo: boolean | undefined;
  /** Generate the demo's simulated meter readings while running (demo/demo-readings.ts). */
  demoReadings: boolean;
  /** Requests per minute and address for calls that sign in, and for calls that send mail. */
  rateLimits: { signIn: number; mail: number };
  /** Whose X-Forwarded-For gives the client's address (request.ip); false: nobody's. */
  trustProxy: TrustProxy;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** The MQTT listener for gateways (on HOST); undefined: none. tls: PEM certificate and key. */
  mqtt: { port: number; tls: { cert: Buffer; key: Buffer } | undefined } | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the settings from an environment; throws a ConfigError naming every bad variable. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most deployment tools' env files.
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvironmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return `${name} ${issue.message}`;
      }),
    );
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    jwtSecret: env.JWT_SECRET,
    secretsKey: env.SECRETS_KEY,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL,
    admin:
      env.PORTAL_ADMIN_EMAIL && env.PORTAL_ADMIN_PASSWORD
        ? { email: env.PORTAL_ADMIN_EMAIL, password: env.PORTAL_ADMIN_PASSWORD }
        : undefined,
    demo: env.PORTAL_DEMO,
    demoReadings: env.PORTAL_DEMO_READINGS,
    rateLimits: { signIn: env.RATE_LIMIT_SIGN_IN, mail: env.RATE_LIMIT_MAIL },
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    mqtt:
      env.MQTT_PORT === undefined
        ? undefined
        : {
            port: env.MQTT_PORT,
            tls:
              env.MQTT_TLS_CERT && env.MQTT_TLS_KEY
                ? { cert: env.MQTT_TLS_CERT, key: env.MQTT_TLS_KEY }
                : undefined,
          },
  };
}
