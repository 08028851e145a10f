// Reads the mail the portal sent during the run (written by support/global-setup.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rememberSecret } from './secrets-seen';

type StoredMail = { to: string[]; raw: string };

/** The body with quoted-printable soft breaks and escapes undone: enough to find links. */
function decoded(raw: string) {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The first mail to `to` (that `matching` accepts, when given: an address can get several, e.g.
 * its registration and later a password reset).
 */
export async function waitForMail(
  to: string,
  timeoutMs = 15_000,
  matching: (mail: string) => boolean = () => true,
): Promise<string> {
  const directory = process.env.E2E_MAIL_DIR as string;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Whole mails only: one being written is still named *.json.partial (global-setup.ts).
    const mails = readdirSync(directory).filter((file) => file.endsWith('.json'));
    for (const file of mails.sort()) {
      const mail = JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as StoredMail;
      if (!mail.to.includes(to.toLowerCase())) continue;
      const text = decoded(mail.raw);
      if (matching(text)) return text;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every mail to `to` so far (that `matching` accepts), oldest first. */
export function mailsTo(to: string, matching: (mail: string) => boolean = () => true): string[] {
  const directory = process.env.E2E_MAIL_DIR as string;
  return readdirSync(directory)
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as StoredMail)
    .filter((mail) => mail.to.includes(to.toLowerCase()))
    .map((mail) => decoded(mail.raw))
    .filter(matching);
}

type LinkScreen = 'signup' | 'reset-password-email';

const linkPattern = (screen: LinkScreen) =>
  new RegExp(`https?://[^/\\s]+(/portal/${screen}/[^\\s"<>]+)`);

/** The path (under /portal) of the first link to the given screen in a mail. */
export function portalLinkIn(mail: string, screen: LinkScreen): string {
  const match = linkPattern(screen).exec(mail);
  if (!match?.[1]) throw new Error(`no ${screen} link in the mail`);
  const key = match[1].split('/')[3];
  rememberSecret(key && decodeURIComponent(key), screen === 'signup' ? 'signup key' : 'reset key');
  return match[1];
}

/** Whether a mail carries a link (with key and address) to the given screen. */
export const hasPortalLink = (screen: LinkScreen) => (mail: string) =>
  linkPattern(screen).test(mail);

/** The key and address of an e-mailed link path (/portal/{screen}/{key}/{email}). */
export function linkParts(link: string): { key: string; email: string } {
  const [key, email] = link.split('/').slice(-2).map(decodeURIComponent);
  if (!key || !email) throw new Error(`no key and address in ${link}`);
  return { key, email };
}
