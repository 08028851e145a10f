// Starts a real SMTP server for the run: the portal's mail is delivered to it and each message
// is written to E2E_MAIL_DIR, where specs read it (support/mailbox.ts). Then the portal itself,
// logging everything to E2E_SERVER_LOG; after the run it is stopped and its log searched for the
// secrets the specs noted in E2E_SECRETS_FILE (support/log-scan.ts): one there fails the run.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { checkLog } from './log-scan';
import { startPortal } from './portal-server';
import { rememberSecret } from './secrets-seen';

export default async function globalSetup(config: FullConfig) {
  const directory = process.env.E2E_MAIL_DIR as string;
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((recipient) =>
          recipient.address.toLowerCase(),
        );
        const file = path.join(directory, `${Date.now()}-${++count}.json`);
        // Written beside it and renamed: a spec reading the folder meanwhile (support/mailbox.ts)
        // sees the whole mail or none, never half of one.
        writeFileSync(
          `${file}.partial`,
          JSON.stringify({ to: recipients, raw: Buffer.concat(chunks).toString('utf8') }),
        );
        renameSync(`${file}.partial`, file);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) =>
    server.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1', resolve),
  );
  const closeMail = () => new Promise<void>((resolve) => server.close(() => resolve()));

  const logFile = process.env.E2E_SERVER_LOG as string;
  const secretsFile = process.env.E2E_SECRETS_FILE as string;
  writeFileSync(logFile, '');
  writeFileSync(secretsFile, '');
  rememberSecret(process.env.E2E_JWT_SECRET, 'JWT secret');
  const baseURL = config.projects[0]?.use.baseURL as string;
  let stopPortal: Awaited<ReturnType<typeof startPortal>>;
  try {
    stopPortal = await startPortal(baseURL, logFile);
  } catch (error) {
    await closeMail();
    throw error;
  }
  // Generated at the first start and kept beside the database (apps/server/src/secrets).
  const secretsKey = path.join(process.env.E2E_DATA_DIR as string, 'secrets-key');
  if (existsSync(secretsKey))
    rememberSecret(readFileSync(secretsKey, 'utf8').trim(), 'secrets key');

  return async () => {
    const exitCode = await stopPortal();
    await closeMail();
    if (exitCode !== 0) console.warn(`The portal stopped with exit code ${exitCode}.`);
    checkLog(logFile, secretsFile);
  };
}
