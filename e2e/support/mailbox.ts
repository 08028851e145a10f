// Reads the mail the portal sent during the run (written by support/global-setup.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type StoredMail = { to: string[]; raw: string };

/** The body with quoted-printable soft breaks and escapes undone: enough to find links. */
function decoded(raw: string) {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export async function waitForMail(to: string, timeoutMs = 15_000): Promise<string> {
  const directory = process.env.E2E_MAIL_DIR as string;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of readdirSync(directory).sort()) {
      const mail = JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as StoredMail;
      if (mail.to.includes(to.toLowerCase())) return decoded(mail.raw);
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The path (under /portal) of the first link to the given screen in a mail. */
export function portalLinkIn(mail: string, screen: 'signup' | 'reset-password-email'): string {
  const match = new RegExp(`https?://[^/\\s]+(/portal/${screen}/[^\\s"<>]+)`).exec(mail);
  if (!match?.[1]) throw new Error(`no ${screen} link in the mail`);
  return match[1];
}
