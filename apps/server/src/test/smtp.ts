// Waiting for and reading mail that reached the test SMTP server (test/smtp-server.ts).
import type { ReceivedMail, TestSmtpServer } from './smtp-server';

/** The first mail to the address, waiting for it if it has not arrived yet. */
export async function waitForMail(server: TestSmtpServer, address: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = server.received.find((candidate) =>
      candidate.to.some((recipient) => recipient.toLowerCase() === address.toLowerCase()),
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The key and address of the portal link to the given screen in a mail's text part. */
export function linkIn(mail: ReceivedMail, screen: 'signup' | 'reset-password-email') {
  const text = mail.parsed.parts['text/plain'] ?? '';
  const match = new RegExp(`/portal/${screen}/([^/\\s]+)/([^/\\s]+)`).exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`no ${screen} link in:\n${text}`);
  return { key: decodeURIComponent(match[1]), email: decodeURIComponent(match[2]) };
}
