// What the API's feature modules share: the database, settings, token signer and mailer.
import type { Config } from './config';
import type { Database } from './db/client';
import type { AccessTokens } from './modules/auth/tokens';
import type { ExportBuilds } from './modules/exports/export-builds';
import type { Mailer } from './modules/mail/mail.service';
import type { SecretBox } from './secrets/secret-box';

export type AppContext = {
  config: Config;
  database: Database;
  accessTokens: AccessTokens;
  mailer: Mailer;
  /** Builds export files as jobs (modules/exports). */
  exportBuilds: ExportBuilds;
  /** Encrypts secrets kept at rest (PIN codes, WiFi passwords) under SECRETS_KEY. */
  secrets: SecretBox;
  /** Requests per minute and address for calls that sign in or send mail. */
  rateLimits: { signIn: number; mail: number };
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared context, for the process around the app (server.ts) and for tests. */
    portal: AppContext;
  }
}
