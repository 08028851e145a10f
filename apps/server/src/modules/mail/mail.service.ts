// Outgoing mail: queued into mail_outbox inside the caller's transaction, delivered after commit
// over SMTP (or kept and logged when no SMTP server is configured), each mail exactly once.
import type { Language } from '@portal/contracts/domain';
import { and, asc, eq, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { PortalDb, Queryable } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail';
import { type MailTemplate, renderMail } from './mail-templates';

export type QueuedMail = { to: string; language: Language; template: MailTemplate };

/** After this many failed tries a mail is marked 'failed' and never tried again. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** Rows marked 'kept' per transaction when there is no SMTP server. */
const KEEP_BATCH_SIZE = 100;
const MAX_ERROR_LENGTH = 500;
/**
 * A row left in 'sending' this long after its claim belongs to a delivery that died (a crashed
 * or killed process) and is pending again. Far above the longest send the transport timeouts
 * below allow, so a delivery still running never loses its row.
 */
const STALE_CLAIM = sql.raw(`interval '10 minutes'`);

/**
 * Renders and inserts a 'pending' row into mail_outbox with the given Queryable, so callers put
 * it in the same transaction as the key it carries: no mail for a rolled-back key, no key
 * without its mail.
 */
export async function queueMail(db: Queryable, mail: QueuedMail): Promise<void> {
  const recipient = mail.to.trim();
  // Addresses come validated from the contracts; this only stops a header injection reaching SMTP.
  if (!recipient.includes('@') || /[\s<>,;]/.test(recipient)) {
    throw new TypeError('A mail recipient must be a single e-mail address');
  }
  const rendered = renderMail(mail.template, mail.language);
  await db.insert(mailOutbox).values({
    recipient,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    status: 'pending',
  });
}

export type MailerOptions = {
  db: PortalDb;
  /** smtp:// or smtps:// with optional credentials and nodemailer query options; unset: keep mail. */
  smtpUrl: string | undefined;
  mailFrom: string;
  log: FastifyBaseLogger;
};

type OutboxRow = typeof mailOutbox.$inferSelect;

export class Mailer {
  readonly #db: PortalDb;
  readonly #mailFrom: string;
  readonly #log: FastifyBaseLogger;
  readonly #transport: ReturnType<typeof createTransport> | undefined;
  readonly #secrets: string[];
  /** The delivery running now, and at most one queued behind it for calls made meanwhile. */
  #running: Promise<void> | undefined;
  #queued: Promise<void> | undefined;
  #closed = false;

  constructor(options: MailerOptions) {
    this.#db = options.db;
    this.#mailFrom = options.mailFrom;
    this.#log = options.log;
    this.#secrets = credentialsOf(options.smtpUrl);
    this.#transport = options.smtpUrl
      ? createTransport({
          url: options.smtpUrl,
          // A row stays 'sending' while its mail is handed over, and a delivery waits for each
          // send, so a dead server must fail fast (nodemailer waits minutes by default). Query
          // options in SMTP_URL take precedence.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : undefined;
  }

  /**
   * Sends every pending mail; call it after the transaction that queued mail committed. Never
   * throws: a failure is logged and the mail stays pending for the next call (up to
   * MAX_DELIVERY_ATTEMPTS tries). Calls made while a delivery runs share one follow-up run, which
   * starts after the current one and so also sees mail committed in the meantime.
   */
  deliverPending(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    if (!this.#running) {
      this.#running = this.#deliver().finally(() => {
        this.#running = undefined;
      });
      return this.#running;
    }
    this.#queued ??= this.#running.then(() => {
      this.#queued = undefined;
      return this.deliverPending();
    });
    return this.#queued;
  }

  /** Waits for a delivery in progress, then releases the SMTP transport. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#queued;
    await this.#running;
    this.#transport?.close();
  }

  async #deliver(): Promise<void> {
    try {
      if (this.#transport) await this.#sendAll(this.#transport);
      else await this.#keepAll();
    } catch (error) {
      // The database failed (a send failure is handled per row); the rows stay pending.
      this.#log.warn({ error: this.#describe(error) }, 'mail delivery stopped');
    }
  }

  /**
   * One row at a time: a short statement claims it (status 'sending', claimedAt) and commits, the
   * mail is handed to the SMTP server outside any transaction, and another short statement records
   * the outcome. So the database (PGlite has one connection) is never held while the SMTP server
   * answers, and a concurrent run on this or another replica skips the claimed row instead of
   * sending it a second time.
   */
  async #sendAll(transport: ReturnType<typeof createTransport>): Promise<void> {
    // A mail that failed in this run waits for the next run rather than being retried at once.
    const tried: string[] = [];
    while (!this.#closed) {
      const [row] = await claim(this.#db, 'sending', 1, tried);
      if (!row) return;
      tried.push(row.id);
      try {
        await transport.sendMail({
          from: this.#mailFrom,
          to: row.recipient,
          subject: row.subject,
          text: row.text,
          html: row.html,
          // Asks auto-responders (out-of-office replies) not to answer a no-reply address.
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
      } catch (error) {
        const attempts = row.attempts + 1;
        const lastError = this.#describe(error);
        const status = attempts >= MAX_DELIVERY_ATTEMPTS ? 'failed' : 'pending';
        await this.#settle(row, { attempts, lastError, status });
        this.#log.warn(
          { mailId: row.id, attempts, status, error: lastError },
          status === 'failed' ? 'mail could not be sent; giving up' : 'mail could not be sent',
        );
        continue;
      }
      await this.#settle(row, { status: 'sent', sentAt: sql`clock_timestamp()`, lastError: null });
    }
  }

  /**
   * Records the outcome of a send, only while the row is still this run's claim. (Should the
   * claim have gone stale and been taken over, the run that holds it now records its own.)
   */
  async #settle(row: OutboxRow, values: PgUpdateSetSource<typeof mailOutbox>): Promise<void> {
    const claimedAt = row.claimedAt;
    const settled = await this.#db
      .update(mailOutbox)
      .set(values)
      .where(
        and(
          eq(mailOutbox.id, row.id),
          eq(mailOutbox.status, 'sending'),
          claimedAt ? eq(mailOutbox.claimedAt, claimedAt) : undefined,
        ),
      )
      .returning({ id: mailOutbox.id });
    if (settled.length === 0) {
      this.#log.warn({ mailId: row.id }, 'mail claim was lost before its delivery was recorded');
    }
  }

  /** Without SMTP the mail is kept in the outbox and its link logged, so it can be followed. */
  async #keepAll(): Promise<void> {
    while (!this.#closed) {
      const rows = await claim(this.#db, 'kept', KEEP_BATCH_SIZE, []);
      for (const row of rows) {
        // The only place a mail link (with its one-time key) is logged: there is no other way
        // to receive it while no SMTP server is configured.
        this.#log.info(
          { mailId: row.id, to: row.recipient, subject: row.subject, links: linksIn(row.text) },
          'mail kept in the outbox (SMTP_URL is not set)',
        );
      }
      if (rows.length < KEEP_BATCH_SIZE) return;
    }
  }

  /** An error as one short line without the SMTP credentials, fit for the log and the table. */
  #describe(error: unknown): string {
    let message = error instanceof Error ? error.message : String(error);
    for (const secret of this.#secrets) message = message.split(secret).join('[redacted]');
    return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH)}…` : message;
  }
}

/**
 * Atomically moves up to `limit` pending rows (oldest first, none of `skip`) to `status` and
 * returns them, in a transaction of one statement. Rows another run is claiming at the same moment
 * are skipped (FOR UPDATE SKIP LOCKED), and a row claimed just before is no longer pending when
 * rechecked, so two runs never get the same row. A 'sending' row whose claim is stale counts as
 * pending.
 */
async function claim(
  db: PortalDb,
  status: 'sending' | 'kept',
  limit: number,
  skip: string[],
): Promise<OutboxRow[]> {
  // Whole milliseconds, so the claim time read back as a Date still matches it exactly.
  const now: SQL = sql`date_trunc('milliseconds', clock_timestamp())`;
  const rows = await db.transaction((tx) => {
    const claimable = tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          or(
            eq(mailOutbox.status, 'pending'),
            and(
              eq(mailOutbox.status, 'sending'),
              lt(mailOutbox.claimedAt, sql`clock_timestamp() - ${STALE_CLAIM}`),
            ),
          ),
          skip.length > 0 ? notInArray(mailOutbox.id, skip) : undefined,
        ),
      )
      .orderBy(asc(mailOutbox.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return tx
      .update(mailOutbox)
      .set({ status, claimedAt: now })
      .where(inArray(mailOutbox.id, claimable))
      .returning();
  });
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The user name and password of an SMTP URL, as written and decoded, longest first. */
function credentialsOf(smtpUrl: string | undefined): string[] {
  if (!smtpUrl) return [];
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return [];
  }
  const values = [url.password, url.username].flatMap((value) => {
    if (!value) return [];
    try {
      return [value, decodeURIComponent(value)];
    } catch {
      return [value];
    }
  });
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}

function linksIn(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
}
