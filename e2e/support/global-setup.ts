// Starts a real SMTP server for the run: the portal's mail is delivered to it and each message
// is written to E2E_MAIL_DIR, where specs read it (support/mailbox.ts).
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export default async function globalSetup() {
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
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
