// The one place that reads the environment: every setting of DESIGN §4.3, validated once at start.
import { z } from 'zod';

/** Values that are published in tutorials and therefore no secret at all. */
const WEAK_SECRETS = new Set([
  'secret',
  'changeme',
  'change-me',
  'jwt-secret',
  'jwt_secret',
  'your-secret',
  'your_jwt_secret',
  'supersecret',
  'password',
  'development',
  'test',
]);

const booleanText = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(value), {
    message: 'must be true or false',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const seconds = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .positive('must be a positive number of seconds')
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
      { message: `must be a URL like ${example}` },
    );

const EnvironmentSchema = z
  .object({
    PORT: z.coerce
      .number({ message: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65535, 'must be between 0 and 65535')
      .default(3000),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: urlWithProtocols(
      ['postgres:', 'postgresql:'],
      'postgres://user:password@host:5432/database',
    ).optional(),
    PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'https://portal.example.se').optional(),
    SMTP_URL: urlWithProtocols(
      ['smtp:', 'smtps:'],
      'smtp://user:password@mail.example.se:587',
    ).optional(),
    MAIL_FROM: z.string().trim().min(3).default('Portalen <no-reply@localhost>'),
    JWT_SECRET: z
      .string()
      .refine((value) => !WEAK_SECRETS.has(value.trim().toLowerCase()), {
        message: 'is a well-known value; use a long random one (e.g. openssl rand -base64 48)',
        abort: true,
      })
      .refine((value) => value.length >= 32, { message: 'must be at least 32 characters long' })
      .optional(),
    ACCESS_TOKEN_TTL: seconds(900),
    REFRESH_TOKEN_TTL: seconds(30 * 24 * 60 * 60),
    PORTAL_ADMIN_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
    PORTAL_ADMIN_PASSWORD: z
      .string()
      .min(8, 'must be at least 8 characters long')
      .max(128)
      .optional(),
    PORTAL_DEMO: booleanText.optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  })
  .superRefine((environment, context) => {
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

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  admin: { email: string; password: string } | undefined;
  /** undefined: decide by the database (on for an empty embedded one, off on PostgreSQL). */
  demo: boolean | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
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
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL,
    admin:
      env.PORTAL_ADMIN_EMAIL && env.PORTAL_ADMIN_PASSWORD
        ? { email: env.PORTAL_ADMIN_EMAIL, password: env.PORTAL_ADMIN_PASSWORD }
        : undefined,
    demo: env.PORTAL_DEMO,
    logLevel: env.LOG_LEVEL,
  };
}
