import { asc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, type TestDatabase, testDrivers } from '../../test/database';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { Mailer, type MailerOptions, type QueuedMail, queueMail } from './mail.service';
import type { MailTemplate } from './mail-templates';

const PUBLIC_URL = 'https://portal.example.se';
const MAIL_FROM = 'Fastighetsportalen <no-reply@portal.example.se>';

function invitation(to: string, overrides: Partial<QueuedMail> = {}): QueuedMail {
  const template: MailTemplate = {
    kind: 'invitation',
    link: `${PUBLIC_URL}/portal/signup/S2V5LWZvci0${to.length}/${encodeURIComponent(to)}`,
    inviterName: 'Karin Lund',
    organizationName: 'BRF Solgläntan',
    role: 'user',
  };
  return { to, language: 'sv', template, ...overrides };
}

/** A pino logger writing its JSON lines to an array. */
function capturingLogger() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  return { log, lines, entries: () => lines.map((line) => JSON.parse(line)) };
}

describe.each(testDrivers)('mail on %s', (driver) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  const mailers: Mailer[] = [];

  function mailer(options: Partial<MailerOptions> = {}) {
    const created = new Mailer({
      db: database.db,
      smtpUrl: smtp.url,
      mailFrom: MAIL_FROM,
      log: capturingLogger().log,
      ...options,
    });
    mailers.push(created);
    return created;
  }

  // PGlite's clock has whole milliseconds, so mail queued one after the other can share createdAt.
  const outbox = () =>
    database.db
      .select()
      .from(mailOutbox)
      .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.recipient));
  const outboxRow = async (recipient: string) =>
    (await outbox()).find((row) => row.recipient === recipient);

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.drop();
  });
  beforeEach(async () => {
    await database.db.delete(mailOutbox);
    smtp.received.length = 0;
    smtp.logins.length = 0;
    smtp.refuseWith = undefined;
    smtp.delayDataAnswerMs = 0;
  });
  afterEach(async () => {
    await Promise.all(mailers.splice(0).map((created) => created.close()));
  });

  it('queues a pending mail and sends nothing until deliverPending', async () => {
    await queueMail(database.db, invitation('anna@example.se'));
    const [row] = await outbox();
    expect(row).toMatchObject({
      recipient: 'anna@example.se',
      subject: 'Du är inbjuden till Fastighetsportalen',
      status: 'pending',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    expect(row?.text).toContain('/portal/signup/');
    expect(smtp.received).toHaveLength(0);
  });

  it('queues inside the caller’s transaction, so a rollback leaves no mail', async () => {
    await database.db
      .transaction(async (tx) => {
        await queueMail(tx, invitation('anna@example.se'));
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await outbox()).toHaveLength(0);
  });

  it('refuses a recipient that is not one address', async () => {
    for (const to of [
      'nobody',
      'a@example.se, b@example.se',
      'a@example.se\r\nBcc: b@example.se',
    ]) {
      await expect(queueMail(database.db, invitation(to))).rejects.toThrow(TypeError);
    }
    expect(await outbox()).toHaveLength(0);
  });

  it('delivers a queued invitation in Swedish to its recipient and marks it sent', async () => {
    const mail = invitation('anna@example.se');
    const link = (mail.template as { link: string }).link;
    await queueMail(database.db, mail);
    await mailer().deliverPending();

    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received?.to).toEqual(['anna@example.se']);
    expect(received?.from).toBe('no-reply@portal.example.se');
    expect(received?.parsed.headers.subject).toBe('Du är inbjuden till Fastighetsportalen');
    expect(received?.parsed.headers.from).toBe(MAIL_FROM);
    expect(received?.parsed.headers.to).toBe('anna@example.se');
    expect(received?.parsed.parts['text/plain']).toContain(link);
    expect(received?.parsed.parts['text/plain']).toContain('Karin Lund har bjudit in dig');
    expect(received?.parsed.parts['text/html']).toContain(`href="${link}"`);

    const [row] = await outbox();
    expect(row?.status).toBe('sent');
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.lastError).toBeNull();
    expect(Math.abs((row?.sentAt?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    // A sent mail is never sent again.
    await mailer().deliverPending();
    expect(smtp.received).toHaveLength(1);
  });

  it('sends an English mail with the English subject', async () => {
    await queueMail(database.db, {
      to: 'john@example.com',
      language: 'en',
      template: {
        kind: 'password-reset',
        link: `${PUBLIC_URL}/portal/reset-password-email/a2V5/john%40example.com`,
      },
    });
    await mailer().deliverPending();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.parsed.headers.subject).toBe('Reset your password');
    expect(smtp.received[0]?.parsed.parts['text/plain']).toContain(
      `${PUBLIC_URL}/portal/reset-password-email/a2V5/john%40example.com`,
    );
  });

  it('sends each mail once when deliveries run at the same time, here and on other replicas', async () => {
    const recipients = Array.from({ length: 8 }, (_, index) => `person${index}@example.se`);
    for (const to of recipients) await queueMail(database.db, invitation(to));

    const here = mailer();
    const replicaA = mailer();
    const replicaB = mailer();
    await Promise.all([
      here.deliverPending(),
      here.deliverPending(),
      replicaA.deliverPending(),
      replicaB.deliverPending(),
      replicaA.deliverPending(),
    ]);

    const sentTo = smtp.received.flatMap((received) => received.to).sort();
    expect(sentTo).toEqual([...recipients].sort());
    const rows = await outbox();
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
  });

  it('holds no transaction while the SMTP server answers, so other queries go on', async () => {
    await queueMail(database.db, invitation('anna@example.se'));
    smtp.delayDataAnswerMs = 1_500;
    let delivered = false;
    const delivery = mailer()
      .deliverPending()
      .then(() => {
        delivered = true;
      });
    // The mail has reached the server, which now takes its time to answer.
    await expect.poll(() => smtp.received.length, { interval: 10 }).toBe(1);

    const started = performance.now();
    await database.db.execute(sql`select 1`);
    expect(performance.now() - started).toBeLessThan(500);
    expect(delivered).toBe(false);
    const [claimed] = await outbox();
    expect(claimed?.status).toBe('sending');
    expect(claimed?.claimedAt).toBeInstanceOf(Date);

    await delivery;
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'sent', attempts: 0, lastError: null });
    expect(smtp.received).toHaveLength(1);
  });

  it('takes over a mail left sending by a delivery that died, but not one sending now', async () => {
    await queueMail(database.db, invitation('stale@example.se'));
    await queueMail(database.db, invitation('fresh@example.se'));
    await database.db
      .update(mailOutbox)
      .set({ status: 'sending', claimedAt: sql`now() - interval '11 minutes'` })
      .where(eq(mailOutbox.recipient, 'stale@example.se'));
    await database.db
      .update(mailOutbox)
      .set({ status: 'sending', claimedAt: sql`now() - interval '9 minutes'` })
      .where(eq(mailOutbox.recipient, 'fresh@example.se'));
    const fresh = await outboxRow('fresh@example.se');

    await mailer().deliverPending();

    expect(smtp.received.flatMap((received) => received.to)).toEqual(['stale@example.se']);
    expect(await outboxRow('stale@example.se')).toMatchObject({ status: 'sent', attempts: 0 });
    expect(await outboxRow('fresh@example.se')).toEqual(fresh);
  });

  it('without SMTP keeps a mail left sending by a delivery that died', async () => {
    await queueMail(database.db, invitation('stale@example.se'));
    await database.db
      .update(mailOutbox)
      .set({ status: 'sending', claimedAt: sql`now() - interval '11 minutes'` });
    await mailer({ smtpUrl: undefined }).deliverPending();
    expect((await outbox())[0]?.status).toBe('kept');
  });

  it('sends mail queued while a delivery is running in a follow-up run', async () => {
    const subject = mailer();
    await queueMail(database.db, invitation('first@example.se'));
    const first = subject.deliverPending();
    await queueMail(database.db, invitation('second@example.se'));
    await subject.deliverPending();
    await first;
    expect(smtp.received.flatMap((received) => received.to).sort()).toEqual([
      'first@example.se',
      'second@example.se',
    ]);
  });

  it('keeps a refused mail pending with its error, retries it and gives up after 5 attempts', async () => {
    const logger = capturingLogger();
    const subject = mailer({ log: logger.log });
    await queueMail(database.db, invitation('anna@example.se'));
    smtp.refuseWith = 'Mailbox unavailable';

    await expect(subject.deliverPending()).resolves.toBeUndefined();
    let [row] = await outbox();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(row?.lastError).toContain('Mailbox unavailable');
    expect(smtp.received).toHaveLength(0);
    expect(logger.entries()).toContainEqual(
      expect.objectContaining({ level: 40, mailId: row?.id, attempts: 1 }),
    );

    for (let attempt = 2; attempt <= 5; attempt++) await subject.deliverPending();
    [row] = await outbox();
    expect(row).toMatchObject({ status: 'failed', attempts: 5 });

    // A failed mail is left alone, even once the server accepts mail again.
    smtp.refuseWith = undefined;
    await subject.deliverPending();
    [row] = await outbox();
    expect(row).toMatchObject({ status: 'failed', attempts: 5 });
    expect(smtp.received).toHaveLength(0);
  });

  it('sends a mail that failed once on the next delivery', async () => {
    const subject = mailer();
    await queueMail(database.db, invitation('anna@example.se'));
    smtp.refuseWith = 'Try again later';
    await subject.deliverPending();
    smtp.refuseWith = undefined;
    await subject.deliverPending();
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(smtp.received).toHaveLength(1);
  });

  it('tries other mail after one is refused, and tries the refused one once per delivery', async () => {
    await queueMail(database.db, invitation('anna@example.se'));
    await queueMail(database.db, invitation('bo@example.se'));
    smtp.refuseWith = 'Mailbox unavailable';
    await mailer().deliverPending();
    const rows = await outbox();
    expect(rows.map((row) => [row.recipient, row.status, row.attempts])).toEqual([
      ['anna@example.se', 'pending', 1],
      ['bo@example.se', 'pending', 1],
    ]);
  });

  it('keeps SMTP credentials out of the stored error and the log', async () => {
    const logger = capturingLogger();
    const url = new URL(smtp.url);
    url.username = 'portal-mailer';
    url.password = 'pa$$ word/secret';
    const subject = mailer({ smtpUrl: url.toString(), log: logger.log });
    await queueMail(database.db, invitation('anna@example.se'));
    // A careless server echoing what it was told.
    smtp.refuseWith = 'Refused for portal-mailer with pa$$ word/secret';

    await subject.deliverPending();
    expect(smtp.logins).toEqual([{ username: 'portal-mailer', password: 'pa$$ word/secret' }]);
    const [row] = await outbox();
    expect(row?.lastError).toContain('[redacted]');
    expect(row?.lastError).not.toContain('pa$$');
    expect(row?.lastError).not.toContain('portal-mailer');
    expect(logger.lines.join('')).not.toContain('pa$$');
    expect(logger.lines.join('')).not.toContain(encodeURIComponent('pa$$ word/secret'));
  });

  it('never throws when the SMTP server cannot be reached', async () => {
    const closed = await startTestSmtpServer();
    await closed.close();
    const logger = capturingLogger();
    const subject = mailer({ smtpUrl: closed.url, log: logger.log });
    await queueMail(database.db, invitation('anna@example.se'));

    await expect(subject.deliverPending()).resolves.toBeUndefined();
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(logger.entries().some((entry) => entry.level === 40)).toBe(true);
  });

  it('without SMTP keeps the mail in the outbox and logs its recipient, subject and link', async () => {
    const logger = capturingLogger();
    const subject = mailer({ smtpUrl: undefined, log: logger.log });
    const mail = invitation('anna@example.se');
    await queueMail(database.db, mail);
    await queueMail(database.db, invitation('bo@example.se', { language: 'en' }));

    // Another replica at the same time; which of the two keeps which mail is up to the database.
    const replica = mailer({ smtpUrl: undefined, log: logger.log });
    await Promise.all([subject.deliverPending(), replica.deliverPending()]);

    const rows = await outbox();
    expect(rows.map((row) => row.status)).toEqual(['kept', 'kept']);
    expect(rows.every((row) => row.sentAt === null)).toBe(true);
    expect(smtp.received).toHaveLength(0);
    const kept = logger.entries().filter((entry) => entry.level === 30);
    expect(kept).toContainEqual(
      expect.objectContaining({
        to: 'anna@example.se',
        subject: 'Du är inbjuden till Fastighetsportalen',
        links: [(mail.template as { link: string }).link],
      }),
    );
    expect(kept).toContainEqual(
      expect.objectContaining({
        to: 'bo@example.se',
        subject: 'You are invited to the Property Portal',
      }),
    );
    // Each mail is kept and logged by one of the two only.
    expect(kept.map((entry) => entry.to).sort()).toEqual(['anna@example.se', 'bo@example.se']);

    // Kept mail is not logged again.
    logger.lines.length = 0;
    await Promise.all([subject.deliverPending(), replica.deliverPending()]);
    expect(logger.lines).toHaveLength(0);
  });

  it('stops delivering once closed', async () => {
    const subject = mailer();
    await subject.close();
    await queueMail(database.db, invitation('anna@example.se'));
    await subject.deliverPending();
    expect(smtp.received).toHaveLength(0);
    expect((await outbox())[0]?.status).toBe('pending');
  });

  describe('work run after an answer (runDetached)', () => {
    it('starts only after the caller has gone on, then delivers what it queued', async () => {
      const subject = mailer();
      const steps: string[] = [];
      await subject.runDetached(async () => {
        steps.push('work');
        await queueMail(database.db, invitation('anna@example.se'));
      });
      steps.push('answered');
      await subject.idle();
      expect(steps).toEqual(['answered', 'work']);
      expect(smtp.received.map((mail) => mail.to)).toEqual([['anna@example.se']]);
    });

    it('logs a failure instead of throwing it', async () => {
      const logger = capturingLogger();
      const subject = mailer({ log: logger.log });
      await subject.runDetached(() => Promise.reject(new Error('database gone')));
      await subject.idle();
      expect(logger.entries()).toContainEqual(
        expect.objectContaining({ level: 40, error: 'database gone' }),
      );
    });

    it('is waited for when closing, and once closing the caller waits for it', async () => {
      const subject = mailer();
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let finished = false;
      await subject.runDetached(async () => {
        await held;
        finished = true;
      });
      const closed = subject.close();
      let inCallersTime = false;
      await subject.runDetached(async () => {
        inCallersTime = true;
      });
      expect(inCallersTime).toBe(true);
      release();
      await closed;
      expect(finished).toBe(true);
    });
  });

  it('survives a database that fails mid-delivery without throwing', async () => {
    const logger = capturingLogger();
    await queueMail(database.db, invitation('anna@example.se'));
    const broken = {
      transaction: () => Promise.reject(new Error('connection terminated')),
    } as unknown as MailerOptions['db'];
    const subject = mailer({ db: broken, log: logger.log });
    await expect(subject.deliverPending()).resolves.toBeUndefined();
    expect(logger.entries()).toContainEqual(
      expect.objectContaining({ level: 40, error: 'connection terminated' }),
    );
  });
});

describe('mail in the running app without SMTP', () => {
  it('logs the recipient, the subject and the link of each mail, and never the key elsewhere', async () => {
    const subject = await buildTestApp('pglite');
    try {
      const email = 'nyfiken@example.se';
      await subject.app.inject({ method: 'POST', url: '/api/user/', payload: { email } });
      // A registration's work runs after its answer (Mailer.runDetached), and delivers when done.
      await subject.app.portal.mailer.idle();
      const lines = subject.logs.map((line) => JSON.parse(line));
      const kept = lines.filter(
        (line) => line.msg === 'mail kept in the outbox (SMTP_URL is not set)',
      );
      expect(kept).toEqual([
        expect.objectContaining({
          to: email,
          subject: 'Slutför din registrering i Fastighetsportalen',
          links: [
            expect.stringMatching(
              /^https:\/\/portal\.test\/portal\/signup\/[^/]+\/nyfiken%40example\.se$/,
            ),
          ],
        }),
      ]);
      // The key is in that one line only: the request lines carry no body, and the link's page,
      // when opened, is logged with the key redacted (logger.test.ts).
      const key = decodeURIComponent(String(kept[0].links[0]).split('/').at(-2) ?? '');
      expect(subject.logs.filter((line) => line.includes(key))).toHaveLength(1);
      await subject.app.inject({ method: 'GET', url: new URL(kept[0].links[0]).pathname });
      expect(subject.logs.filter((line) => line.includes(key))).toHaveLength(1);
    } finally {
      await subject.close();
    }
  });
});
