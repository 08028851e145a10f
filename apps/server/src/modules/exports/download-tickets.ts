// Download tickets (docs/export.md "Downloading"): a file of hundreds of megabytes is best
// downloaded by the browser itself, straight to disk — but a plain link carries no bearer token,
// and a token in the URL would end up in logs and history. So a member asks for a ticket, which
// comes back as a cookie scoped to that one file's address, for a minute; the link then works for
// them alone. A ticket is a JWT signed with a key derived from JWT_SECRET for this purpose only, so
// it can never pass as an access token, nor an access token as a ticket.
import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const TICKET_COOKIE = 'portal_export';
export const TICKET_SECONDS = 60;
const AUDIENCE = 'export-download';

export class DownloadTickets {
  readonly #key: Uint8Array;

  constructor(jwtSecret: string) {
    this.#key = createHmac('sha256', jwtSecret).update('export download tickets').digest();
  }

  /** A ticket for this member to download this export's file. */
  issue(userId: string, exportId: string): Promise<string> {
    return new SignJWT({ eid: exportId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${TICKET_SECONDS}s`)
      .sign(this.#key);
  }

  /** Whose ticket it is, if it is a valid one for this export; undefined otherwise. */
  async holderOf(ticket: string, exportId: string): Promise<string | undefined> {
    try {
      const { payload } = await jwtVerify(ticket, this.#key, {
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      return payload.eid === exportId && typeof payload.sub === 'string' ? payload.sub : undefined;
    } catch {
      return undefined;
    }
  }
}

/** The ticket a request's Cookie header carries, if any. */
export function ticketIn(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === TICKET_COOKIE) return value.join('=');
  }
  return undefined;
}

/** The Set-Cookie of a ticket: for the file's address only, a minute, never read by scripts. */
export function ticketCookie(ticket: string, exportId: string, secure: boolean): string {
  return [
    `${TICKET_COOKIE}=${ticket}`,
    `Path=/api/exports/${exportId}/file`,
    `Max-Age=${TICKET_SECONDS}`,
    'HttpOnly',
    // Lax, not Strict: sent when the browser follows the link (a top-level navigation).
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
