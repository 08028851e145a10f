// Outgoing mail: queued into mail_outbox inside the caller's transaction, delivered after commit
// over SMTP (or kept and logged when no SMTP server is configured), each mail exactly once: the
// outbox is a job queue (jobs/), claimed row by row by whichever replica gets there first.
import type { Language } from '@portal/contracts/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { PortalDb, Queryable } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail';
import { JobQueue } from '../../jobs/job-queue';
import { runJobs, SingleFlight } from '../../jobs/job-runner';
import { type MailTemplate, renderMail } from './mail-templates';
import { recipientBudget } from './recipient-budget';

export type QueuedMail = {
  to: string;
  language: Language;
  template: MailTemplate;
  /** The organization whose site manager sends it; none for what a visitor asked for. */
  senderOrganizationId?: string;
};

/** After this many failed tries a mail is marked 'failed' and never tried again. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** Rows marked 'kept' per transaction when there is no SMTP server. */
const KEEP_BATCH_SIZE = 100;
const MAX_ERROR_LENGTH = 500;

/**
 * The outbox as a job queue: 'sending' while a delivery hands a mail to the SMTP server. A row
 * left 'sending' 10 minutes after its claim belongs to a delivery that died and is pending again:
 * far above the longest send the transport timeouts below allow.
 */
const outbox = new JobQueue({
  table: mailOutbox,
  pending: 'pending',
  running: 'sending',
  staleAfter: sql.raw(`interval '10 minutes'`),
});

/** Whether a mail went into the outbox, or the recipient's budget had no room for it. */
export type QueueOutcome = { queued: true } | { queued: false; retryAfterSeconds: number };

/**
 * Renders and inserts a 'pending' row into mail_outbox with the given Queryable, so callers put
 * it in the same transaction as the key it carries: no mail for a rolled-back key, no key
 * without its mail. A recipient whose budget is spent (recipient-budget.ts) gets nothing, and
 * the outcome says so: a caller answering anonymous calls says nothing about it, so the answer
 * is the same whether or not a mail went.
 */
export async function queueMail(db: Queryable, mail: QueuedMail): Promise<QueueOutcome> {
  const recipient = mail.to.trim();
  // Addresses come validated from the contracts; this only stops a header injection reaching SMTP.
  if (!recipient.includes('@') || /[\s<>,;]/.test(recipient)) {
    throw new TypeError('A mail recipient must be a single e-mail address');
  }
  const budget = await recipientBudget(db, recipient, mail.senderOrganizationId);
  if (!budget.fits) return { queued: false, retryAfterSeconds: budget.retryAfterSeconds };
  const rendered = renderMail(mail.template, mail.language);
  await db.insert(mailOutbox).values({
    recipient,
    senderOrganizationId: mail.senderOrganizationId,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    status: 'pending',
  });
  return { queued: true };
}

export type MailerOptions = {
  db: PortalDb;
  /** smtp:// or smtps:// with optional credentials and nodemailer query options; unset: keep mail. */
  smtpUrl: string | undefined;
  mailFrom: string;
  log: FastifyBaseLogger;
};

type OutboxRow = typeof mailOutbox.$inferSelect;
type Transport = Transporter;

export class Mailer {
  readonly #db: PortalDb;
  readonly #mailFrom: string;
  readonly #log: FastifyBaseLogger;
  readonly #smtpUrl: string | undefined;
  /** Made at the first delivery: nodemailer is loaded then, not at every start (~70 ms). */
  #transport: Promise<Transport> | undefined;
  readonly #secrets: string[];
  readonly #deliveries = new SingleFlight(() => this.#deliver());
  readonly #detached = new Set<Promise<void>>();
  #closed = false;

  constructor(options: MailerOptions) {
    this.#db = options.db;
    this.#mailFrom = options.mailFrom;
    this.#log = options.log;
    this.#secrets = credentialsOf(options.smtpUrl);
    this.#smtpUrl = options.smtpUrl;
  }

  #smtpTransport(url: string): Promise<Transport> {
    this.#transport ??= import('nodemailer')
      .then(({ createTransport }) =>
        createTransport({
          url,
          // A row stays 'sending' while its mail is handed over, and a delivery waits for each
          // send, so a dead server must fail fast (nodemailer waits minutes by default). Query
          // options in SMTP_URL take precedence.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        }),
      )
      .catch((error: unknown) => {
        // Not kept: the next delivery tries again (and logs why it could not).
        this.#transport = undefined;
        throw error;
      });
    return this.#transport;
  }

  /**
   * Sends every pending mail; call it after the transaction that queued mail committed. Never
   * throws: a failure is logged and the mail stays pending for the next call (up to
   * MAX_DELIVERY_ATTEMPTS tries). Calls made while a delivery runs share one follow-up run, which
   * starts after the current one and so also sees mail committed in the meantime.
   */
  deliverPending(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    return this.#deliveries.trigger();
  }

  /**
   * Runs work that queues mail once the caller's answer is on its way, then delivers what it
   * queued: for answers that must not tell by their timing whether there was anything to send
   * (a reset request answers as fast for an unknown address as for an account). The work starts
   * on a later turn of the event loop, after the answer has been written; a failure is logged.
   * close() waits for it. While closing, the caller waits for the work instead, so that it never
   * outlives the database.
   */
  runDetached(work: () => Promise<void>): Promise<void> {
    if (this.#closed) return work();
    const running = new Promise<void>((started) => setImmediate(started))
      .then(work)
      .then(
        () => void this.deliverPending(),
        (error: unknown) =>
          this.#log.warn({ error: this.#describe(error) }, 'mail work after an answer failed'),
      )
      .finally(() => this.#detached.delete(running));
    this.#detached.add(running);
    return Promise.resolve();
  }

  /** Resolves once the detached work and the deliveries under way (and those they start) are done. */
  async idle(): Promise<void> {
    while (this.#detached.size > 0) await Promise.all(this.#detached);
    await this.#deliveries.settled();
  }

  /** Waits for detached work and a delivery in progress, then releases the SMTP transport. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.idle();
    (await this.#transport?.catch(() => undefined))?.close();
  }

  async #deliver(): Promise<void> {
    try {
      if (this.#smtpUrl) await this.#sendAll(await this.#smtpTransport(this.#smtpUrl));
      else await this.#keepAll();
    } catch (error) {
      // The database failed, or nodemailer could not be loaded (a send failure is handled per
      // row); the rows stay pending.
      this.#log.warn({ error: this.#describe(error) }, 'mail delivery stopped');
    }
  }

  /** One mail at a time, each claimed, handed to the SMTP server and recorded (jobs/). */
  #sendAll(transport: Transport): Promise<void> {
    return runJobs({
      db: this.#db,
      queue: outbox,
      maxAttempts: MAX_DELIVERY_ATTEMPTS,
      failedStatus: 'failed',
      stopped: () => this.#closed,
      describe: (error) => this.#describe(error),
      perform: async (row: OutboxRow) => {
        await transport.sendMail({
          from: this.#mailFrom,
          to: row.recipient,
          subject: row.subject,
          text: row.text,
          html: row.html,
          // Asks auto-responders (out-of-office replies) not to answer a no-reply address.
          headers: { 'Auto-Submitted': 'auto-generated' },
        });
        return { status: 'sent' as const, sentAt: sql`clock_timestamp()`, lastError: null };
      },
      onFailure: (row, { attempts, gaveUp, error }) =>
        this.#log.warn(
          { mailId: row.id, attempts, status: gaveUp ? 'failed' : 'pending', error },
          gaveUp ? 'mail could not be sent; giving up' : 'mail could not be sent',
        ),
      onClaimLost: (row) =>
        this.#log.warn({ mailId: row.id }, 'mail claim was lost before its delivery was recorded'),
    });
  }

  /** Without SMTP the mail is kept in the outbox and logged, so it can be followed. */
  async #keepAll(): Promise<void> {
    while (!this.#closed) {
      const rows = await outbox.claim(this.#db, { limit: KEEP_BATCH_SIZE, status: 'kept' });
      for (const row of rows) {
        // The only place a mail link (with its one-time key) is logged: there is no other way
        // to receive it while no SMTP server is configured. Recipient and subject say which
        // mail it is, so a newcomer can tell an invitation from a password reset.
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
    // Drizzle's text of a failed query repeats its parameters (addresses, key hashes): of a
    // database error only its SQLSTATE and the database's own words go to the log.
    const cause = error instanceof Error ? error.cause : undefined;
    const code = (cause as { code?: unknown } | undefined)?.code;
    if (cause instanceof Error && typeof code === 'string') message = `${code}: ${cause.message}`;
    for (const secret of this.#secrets) message = message.split(secret).join('[redacted]');
    return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH)}…` : message;
  }
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
