// The mail outbox: every e-mail the portal sends, claimed and delivered as a job (jobs/).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every e-mail the portal sends, sent or waiting; without SMTP_URL it stays here (and in the log). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    recipient: text().notNull(),
    /** The organization whose site manager sent it (an invitation); null for the portal's own
     * mails to a visitor. Each has its own budget per recipient (recipient-budget.ts). */
    senderOrganizationId: uuid(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    // 'sending': claimed by a delivery that is handing it to the SMTP server right now.
    status: text({ enum: ['pending', 'sending', 'sent', 'failed', 'kept'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When a delivery last claimed the row; a 'sending' row claimed long ago is pending again. */
    claimedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_status').on(table.status, table.createdAt),
    // The mails to one inbox within the last hour (modules/mail/recipient-budget.ts), without
    // reading the whole outbox for every mail.
    index('mail_outbox_recipient').on(sql`lower(${table.recipient})`, table.createdAt),
  ],
);
