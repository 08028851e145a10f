import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { organizationMemberships } from '../../db/schema/organizations';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import {
  bearer,
  createOrganization,
  createUser,
  PASSWORD,
  signIn,
  uniqueEmail,
  untilWaitingForLock,
} from '../../test/factories';
import { linkIn, waitForMail } from '../../test/smtp';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { ensureAdmin } from './ensure-admin';

describe.each(testDrivers)('users and invitations on %s', (driver) => {
  let subject: TestApp;
  let smtp: TestSmtpServer;
  let organizationId: string;
  let otherOrganizationId: string;
  let manager: { id: string; email: string };
  let managerSession: { accessToken: string };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    subject = await buildTestApp(driver, { environment: { SMTP_URL: smtp.url } });
    const db = subject.database.db;
    organizationId = (await createOrganization(db, 'Brf Solrosen')).id;
    otherOrganizationId = (await createOrganization(db, 'Brf Granne')).id;
    manager = await createUser(db, {
      name: 'Karin Lund',
      role: 'site-manager',
      organizationIds: [organizationId],
    });
    managerSession = await signIn(subject.app, manager.email);
  });
  afterAll(async () => {
    await subject.close();
    await smtp.close();
  });

  const invite = (payload: Record<string, unknown>, session = managerSession) =>
    subject.app.inject({ method: 'POST', url: '/api/user/', payload, headers: bearer(session) });

  describe('POST /api/user/ by a site manager', () => {
    it('invites into their organization: 201 {user}, pending, and a mail with the signup link', async () => {
      const email = uniqueEmail('invitee');
      const response = await invite({ email, role: 'user' });
      expect(response.statusCode).toBe(201);
      expect(response.json().user).toMatchObject({
        email,
        role: 'user',
        invitationStatus: 'pending',
        organizations: [{ id: organizationId, name: 'Brf Solrosen', role: 'user' }],
      });
      const mail = await waitForMail(smtp, email);
      expect(mail.parsed.headers.subject).toBe('Du är inbjuden till Fastighetsportalen');
      expect(mail.parsed.parts['text/plain']).toContain('Karin Lund');
      expect(mail.parsed.parts['text/plain']).toContain('Du får rollen Användare:');
      expect(mail.parsed.parts['text/plain']).toContain('https://portal.test/portal/signup/');
      expect(linkIn(mail, 'signup').email).toBe(email);
    });

    it("answers a member's address, whatever its case, with 409 'Conflict, already exists.'", async () => {
      const email = uniqueEmail('twice');
      expect((await invite({ email })).statusCode).toBe(201);
      const again = await invite({ email: email.toUpperCase() });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Conflict, already exists.');
    });

    it('refuses an organization the site manager does not belong to with 404', async () => {
      const response = await invite({ email: uniqueEmail(), organizationId: otherOrganizationId });
      expect(response.statusCode).toBe(404);
    });

    it('refuses a member with role user with 403, and creates nothing', async () => {
      const member = await createUser(subject.database.db, { organizationIds: [organizationId] });
      const email = uniqueEmail('not-invited');
      const response = await invite({ email }, await signIn(subject.app, member.email));
      expect(response.statusCode).toBe(403);
      const login = await subject.app.inject({
        method: 'POST',
        url: '/api/user/',
        payload: { email },
      });
      expect(login.statusCode).toBe(202); // the address is still free to register
    });

    it('asks a site manager without an organization to create one first', async () => {
      const lonely = await createUser(subject.database.db, { role: 'site-manager' });
      const response = await invite(
        { email: uniqueEmail() },
        await signIn(subject.app, lonely.email),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Create an organization first.',
        code: 'ORGANIZATION_REQUIRED',
      });
    });

    it('refuses an invalid address with 400 and a clear message', async () => {
      const response = await invite({ email: 'not an address' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('email');
    });
  });

  describe('the invitation link', () => {
    it('leads through signup to a signed-in, accepted user; the key works once', async () => {
      const email = uniqueEmail('newcomer');
      await invite({ email });
      const { key } = linkIn(await waitForMail(smtp, email), 'signup');
      const signup = (body: Record<string, unknown>) =>
        subject.app.inject({ method: 'POST', url: '/api/auth/signup/', payload: body });

      const response = await signup({
        key,
        email,
        name: 'Nils Nyman',
        phone: '070-123 45 67',
        password: PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        user: { email, name: 'Nils Nyman', phone: '070-123 45 67', invitationStatus: 'accepted' },
      });
      expect((await signIn(subject.app, email)).user.name).toBe('Nils Nyman');

      const reused = await signup({
        key,
        email,
        name: 'Someone Else',
        password: 'another fine password',
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toMatchObject({
        message: 'The link is invalid or has expired.',
        code: 'LINK_INVALID',
      });
    });

    it('is bound to the address it was sent to', async () => {
      const email = uniqueEmail('bound');
      await invite({ email });
      const { key } = linkIn(await waitForMail(smtp, email), 'signup');
      const response = await subject.app.inject({
        method: 'POST',
        url: '/api/auth/signup/',
        payload: { key, email: uniqueEmail('thief'), name: 'Thief', password: PASSWORD },
      });
      expect(response.statusCode).toBe(400);
    });

    it('takes a phone number only as the profile does, and names the field otherwise', async () => {
      const email = uniqueEmail('phone');
      await invite({ email });
      const { key } = linkIn(await waitForMail(smtp, email), 'signup');
      const response = await subject.app.inject({
        method: 'POST',
        url: '/api/auth/signup/',
        payload: { key, email, name: 'Ring Mig', phone: 'ring mig', password: PASSWORD },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details.issues).toContainEqual(
        expect.objectContaining({ field: 'phone', rule: 'invalid_format', format: 'regex' }),
      );
    });

    it('expires after its time', async () => {
      const email = uniqueEmail('late');
      await invite({ email });
      const { key } = linkIn(await waitForMail(smtp, email), 'signup');
      await subject.database.db.execute(
        sql`update email_keys set expires_at = now() - interval '1 second' where email = ${email.toLowerCase()}`,
      );
      const response = await subject.app.inject({
        method: 'POST',
        url: '/api/auth/signup/',
        payload: { key, email, name: 'Late', password: PASSWORD },
      });
      expect(response.statusCode).toBe(400);
    });

    it.each([
      ['too short', () => 'short1', 'VALIDATION_FAILED'],
      ['too common', () => 'password123', 'PASSWORD_COMMON'],
      ['just one character repeated', () => 'aaaaaaaaaaaa', 'PASSWORD_GUESSABLE'],
      [
        'the address',
        (email: string) => `my ${email.split('@')[0]} pass`,
        'PASSWORD_CONTAINS_EMAIL',
      ],
    ])(
      'refuses a password that is %s, and the key still works afterwards',
      async (_reason, password, code) => {
        const email = uniqueEmail('weak');
        await invite({ email });
        const { key } = linkIn(await waitForMail(smtp, email), 'signup');
        const weak = await subject.app.inject({
          method: 'POST',
          url: '/api/auth/signup/',
          payload: { key, email, name: 'Weak', password: password(email) },
        });
        expect(weak.statusCode).toBe(400);
        expect(weak.json().code).toBe(code);
        const strong = await subject.app.inject({
          method: 'POST',
          url: '/api/auth/signup/',
          payload: { key, email, name: 'Strong', password: PASSWORD },
        });
        expect(strong.statusCode).toBe(200);
      },
    );

    it('keeps all 128 characters of a long password', async () => {
      const email = uniqueEmail('long');
      await invite({ email });
      const { key } = linkIn(await waitForMail(smtp, email), 'signup');
      const password = `${'correct horse battery staple '.repeat(5).slice(0, 127)}A`;
      expect(password).toHaveLength(128);
      await subject.app.inject({
        method: 'POST',
        url: '/api/auth/signup/',
        payload: { key, email, name: 'Long', password },
      });
      expect((await signIn(subject.app, email, password)).id).toBeDefined();
      const lastCharacterWrong = await subject.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email, password: `${password.slice(0, 127)}B` },
        remoteAddress: '10.9.0.1',
      });
      expect(lastCharacterWrong.statusCode).toBe(401);
      const tooLong = await subject.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password/',
        payload: { key: 'x', email, password: `${password}x` },
      });
      expect(tooLong.statusCode).toBe(400);
    });
  });

  describe('POST /api/user/ by a visitor', () => {
    it('registers the address with 202 and mails a signup link; the visitor becomes a site manager', async () => {
      const email = uniqueEmail('visitor');
      const response = await subject.app.inject({
        method: 'POST',
        url: '/api/user/',
        payload: { email },
      });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ status: 'accepted' });
      const { key } = linkIn(await waitForMail(smtp, email), 'signup');
      const signup = await subject.app.inject({
        method: 'POST',
        url: '/api/auth/signup/',
        payload: { key, email, name: 'Vera Visitor', password: PASSWORD },
      });
      expect(signup.json().user).toMatchObject({ role: 'site-manager', organizations: [] });
    });

    it('answers an address that has an account the same way, and mails its owner instead', async () => {
      const owner = await createUser(subject.database.db);
      const response = await subject.app.inject({
        method: 'POST',
        url: '/api/user/',
        payload: { email: owner.email },
      });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ status: 'accepted' });
      const mail = await waitForMail(smtp, owner.email);
      expect(mail.parsed.parts['text/plain']).toContain(
        'https://portal.test/portal/reset-password-email',
      );
      expect(mail.parsed.parts['text/plain']).not.toContain('/portal/signup/');
    });
  });

  describe('an address invited and registered, in either order', () => {
    const register = (email: string) =>
      subject.app.inject({ method: 'POST', url: '/api/user/', payload: { email } });
    const signup = (link: { key: string; email: string }) =>
      subject.app.inject({
        method: 'POST',
        url: '/api/auth/signup/',
        payload: { ...link, name: 'Nora Ny', password: PASSWORD },
      });
    const checkLink = async (link: { key: string; email: string }) =>
      (
        await subject.app.inject({
          method: 'POST',
          url: '/api/auth/signup/check',
          payload: link,
        })
      ).json().status;
    const nextLink = async (email: string) => {
      const link = linkIn(await waitForMail(smtp, email), 'signup');
      smtp.received.splice(0);
      return link;
    };

    it('registered first: the invitation still comes, and either link makes the one account', async () => {
      const email = uniqueEmail('registered-first');
      expect((await register(email)).statusCode).toBe(202);
      const registration = await nextLink(email);
      const invited = await invite({ email });
      expect(invited.statusCode).toBe(201);
      expect(invited.json().user).toMatchObject({
        invitationStatus: 'pending',
        organizations: [{ id: organizationId, role: 'user' }],
      });
      const invitation = await nextLink(email);
      expect([await checkLink(registration), await checkLink(invitation)]).toEqual([
        'valid',
        'valid',
      ]);
      const done = await signup(registration);
      expect(done.statusCode).toBe(200);
      expect(done.json().user).toMatchObject({
        role: 'user',
        organizations: [{ id: organizationId, role: 'user' }],
      });
      expect(await checkLink(invitation)).toBe('used');
      expect((await signup(invitation)).json().code).toBe('LINK_INVALID');
    });

    it('invited first: registering the address does not spoil the invitation', async () => {
      const email = uniqueEmail('invited-first');
      expect((await invite({ email })).statusCode).toBe(201);
      const invitation = await nextLink(email);
      expect((await register(email)).statusCode).toBe(202);
      await nextLink(email); // the registration's own link, which would work as well
      const done = await signup(invitation);
      expect(done.statusCode).toBe(200);
      expect(done.json().user.organizations).toEqual([
        { id: organizationId, name: 'Brf Solrosen', role: 'user' },
      ]);
    });

    it('invited by another organization first: both invitations stand, each with its role', async () => {
      const otherManager = await createUser(subject.database.db, {
        role: 'site-manager',
        organizationIds: [otherOrganizationId],
      });
      const email = uniqueEmail('invited-twice');
      const first = await invite(
        { email, role: 'site-manager' },
        await signIn(subject.app, otherManager.email),
      );
      expect(first.statusCode).toBe(201);
      const theirs = await nextLink(email);
      expect((await invite({ email })).statusCode).toBe(201);
      const ours = await nextLink(email);
      expect(await checkLink(ours)).toBe('valid');
      const done = await signup(theirs);
      expect(done.json().user).toMatchObject({
        role: 'site-manager',
        organizations: expect.arrayContaining([
          expect.objectContaining({ id: organizationId, role: 'user' }),
          expect.objectContaining({ id: otherOrganizationId, role: 'site-manager' }),
        ]),
      });
    });

    it('with an account already: 409 and nothing more, the person is not added', async () => {
      const elsewhere = await createOrganization(subject.database.db, 'Brf Annanstans');
      const person = await createUser(subject.database.db, {
        name: 'Per Privat',
        role: 'site-manager',
        organizationIds: [elsewhere.id],
      });
      const response = await invite({ email: person.email });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: 'Conflict, already exists.',
        code: 'CONFLICT',
      });
      const session = await signIn(subject.app, person.email);
      expect(session.user.organizations).toEqual([
        { id: elsewhere.id, name: 'Brf Annanstans', role: 'site-manager' },
      ]);
      await expect(waitForMail(smtp, person.email, 300)).rejects.toThrow();
    });
  });

  describe('password reset', () => {
    const requestReset = (email: string) =>
      subject.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password-email/',
        payload: { email },
      });

    it('answers 202 for an unknown address and sends nothing', async () => {
      const email = uniqueEmail('unknown');
      expect((await requestReset(email)).statusCode).toBe(202);
      await expect(waitForMail(smtp, email, 500)).rejects.toThrow();
    });

    it('mails a link that sets a new password once and ends every session', async () => {
      const user = await createUser(subject.database.db, { language: 'en' });
      const session = await signIn(subject.app, user.email);
      expect((await requestReset(user.email)).statusCode).toBe(202);
      const mail = await waitForMail(smtp, user.email);
      expect(mail.parsed.headers.subject).toBe('Reset your password');
      const { key } = linkIn(mail, 'reset-password-email');
      const reset = (password: string) =>
        subject.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password/',
          payload: { key, email: user.email, password },
        });
      expect((await reset('a brand new passphrase')).statusCode).toBe(204);
      expect((await signIn(subject.app, user.email, 'a brand new passphrase')).id).toBe(user.id);
      const old = await subject.app.inject({
        method: 'POST',
        url: '/api/auth/refresh/',
        payload: { refreshToken: session.refreshToken, id: user.id },
      });
      expect(old.statusCode).toBe(401);
      expect((await reset('yet another passphrase')).statusCode).toBe(400);
    });

    it('retires an earlier link when a new one is requested', async () => {
      const user = await createUser(subject.database.db);
      await requestReset(user.email);
      const first = linkIn(await waitForMail(smtp, user.email), 'reset-password-email');
      smtp.received.splice(0);
      await requestReset(user.email);
      const second = linkIn(await waitForMail(smtp, user.email), 'reset-password-email');
      const useFirst = await subject.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password/',
        payload: { ...first, password: 'a brand new passphrase' },
      });
      expect(useFirst.statusCode).toBe(400);
      const useSecond = await subject.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password/',
        payload: { ...second, password: 'a brand new passphrase' },
      });
      expect(useSecond.statusCode).toBe(204);
    });
  });

  describe('GET /api/user/{id}', () => {
    it('answers the user object itself for oneself', async () => {
      const response = await subject.app.inject({
        method: 'GET',
        url: `/api/user/${manager.id}`,
        headers: bearer(managerSession),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: manager.id,
        email: manager.email,
        name: 'Karin Lund',
      });
    });

    it('lets members of one organization see each other', async () => {
      const member = await createUser(subject.database.db, { organizationIds: [organizationId] });
      const response = await subject.app.inject({
        method: 'GET',
        url: `/api/user/${manager.id}`,
        headers: bearer(await signIn(subject.app, member.email)),
      });
      expect(response.statusCode).toBe(200);
    });

    it('answers 404 for a user outside the caller’s organizations, and for nobody', async () => {
      const stranger = await createUser(subject.database.db, {
        organizationIds: [otherOrganizationId],
      });
      // A NUL in the address, plain or in an e-mail, names nobody either (it answered 500, issue 10).
      for (const id of [
        stranger.id,
        '00000000-0000-4000-8000-000000000000',
        'nobody@example.se',
        'a%00b',
        'a%00b%40example.se',
      ]) {
        const response = await subject.app.inject({
          method: 'GET',
          url: `/api/user/${id}`,
          headers: bearer(managerSession),
        });
        expect(response.statusCode).toBe(404);
      }
    });

    it('answers 400 for an address that is not UTF-8 (half a surrogate pair, encoded)', async () => {
      const response = await subject.app.inject({
        method: 'GET',
        url: '/api/user/%ED%A0%80',
        headers: bearer(managerSession),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
    });
  });

  describe('PUT /api/user/{email}', () => {
    const put = (
      email: string,
      payload: Record<string, unknown>,
      session: { accessToken: string },
    ) =>
      subject.app.inject({
        method: 'PUT',
        url: `/api/user/${encodeURIComponent(email)}`,
        payload,
        headers: bearer(session),
      });

    it('updates one’s own profile from the whole user object and answers {user}', async () => {
      const user = await createUser(subject.database.db, { organizationIds: [organizationId] });
      const session = await signIn(subject.app, user.email);
      const me = (
        await subject.app.inject({
          method: 'GET',
          url: `/api/user/${user.id}`,
          headers: bearer(session),
        })
      ).json();
      const response = await put(
        user.email,
        {
          ...me,
          name: 'Ulla Uppdaterad',
          phone: '+46 70 000 00 00',
          language: 'en',
          pushNotifications: true,
        },
        session,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({
        name: 'Ulla Uppdaterad',
        phone: '+46 70 000 00 00',
        language: 'en',
        pushNotifications: true,
        role: 'user',
      });
    });

    it('never raises one’s own role', async () => {
      const user = await createUser(subject.database.db, { organizationIds: [organizationId] });
      const session = await signIn(subject.app, user.email);
      const response = await put(user.email, { role: 'site-manager' }, session);
      expect(response.statusCode).toBe(403);
      const me = await subject.app.inject({
        method: 'GET',
        url: `/api/user/${user.id}`,
        headers: bearer(session),
      });
      expect(me.json().role).toBe('user');
    });

    it('lets a site manager change a member’s role, but not a member change another', async () => {
      const member = await createUser(subject.database.db, { organizationIds: [organizationId] });
      const colleague = await createUser(subject.database.db, {
        organizationIds: [organizationId],
      });
      const asMember = await put(
        colleague.email,
        { role: 'site-manager', organizationId },
        await signIn(subject.app, member.email),
      );
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json().message).toBe('Only site managers can change other users.');
      const asManager = await put(
        member.email,
        { role: 'site-manager', organizationId },
        managerSession,
      );
      expect(asManager.statusCode).toBe(200);
      expect(asManager.json().user).toMatchObject({
        role: 'site-manager',
        organizations: [{ id: organizationId, role: 'site-manager' }],
      });
    });

    it('asks a site manager changing someone else which organization the role is in: 400', async () => {
      const member = await createUser(subject.database.db, { organizationIds: [organizationId] });
      const response = await put(member.email, { role: 'site-manager' }, managerSession);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('ORGANIZATION_REQUIRED');
      const other = await put(
        member.email,
        { role: 'site-manager', organizationId: otherOrganizationId },
        managerSession,
      );
      expect(other.statusCode).toBe(404);
    });

    it("leaves another member's profile to them, even in the whole user object", async () => {
      const member = await createUser(subject.database.db, {
        name: 'Erik Egen',
        organizationIds: [organizationId],
      });
      const asListed = (
        await subject.app.inject({
          method: 'GET',
          url: `/api/user/${member.id}`,
          headers: bearer(managerSession),
        })
      ).json();
      const renamed = await put(
        member.email,
        { ...asListed, organizationId, name: 'Renamed by the manager' },
        managerSession,
      );
      expect(renamed.statusCode).toBe(403);
      expect(renamed.json().message).toBe('Only the person themselves can change their profile.');
      const promoted = await put(
        member.email,
        { ...asListed, organizationId, role: 'site-manager' },
        managerSession,
      );
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json().user).toMatchObject({ name: 'Erik Egen', role: 'site-manager' });
    });

    // The attack of the black-box test: a site manager of one organization reached into another.
    it('never changes what an organization the caller is not in sees', async () => {
      const db = subject.database.db;
      const colleague = await createUser(db, {
        name: 'Sara Förvaltare',
        role: 'site-manager',
        organizationIds: [organizationId],
      });
      const colleagueSession = await signIn(subject.app, colleague.email);
      const own = await subject.app.inject({
        method: 'POST',
        url: '/api/organizations',
        payload: { name: 'Brf Egen', address: '' },
        headers: bearer(colleagueSession),
      });
      expect(own.statusCode).toBe(201);
      const ownId = own.json().id as string;

      const attack = await put(
        colleague.email,
        { role: 'user', name: 'Renamed by SM1', organizationId },
        managerSession,
      );
      expect(attack.statusCode).toBe(403);
      const intoTheirs = await put(
        colleague.email,
        { role: 'user', organizationId: ownId },
        managerSession,
      );
      expect(intoTheirs.statusCode).toBe(404);

      // What the caller may see of them: nothing of the organization they do not share.
      const seen = [
        (
          await subject.app.inject({
            method: 'GET',
            url: `/api/user/${colleague.id}`,
            headers: bearer(managerSession),
          })
        ).json(),
        (
          await subject.app.inject({
            method: 'GET',
            url: `/api/organizations/${organizationId}/users`,
            headers: bearer(managerSession),
          })
        )
          .json()
          .find((member: { id: string }) => member.id === colleague.id),
      ];
      for (const user of seen)
        expect(user.organizations).toEqual([
          { id: organizationId, name: 'Brf Solrosen', role: 'site-manager' },
        ]);
      expect(JSON.stringify(seen)).not.toContain('Brf Egen');

      // What the caller may do: make them a user here, and only here.
      const here = await put(colleague.email, { role: 'user', organizationId }, managerSession);
      expect(here.statusCode).toBe(200);
      expect(JSON.stringify(here.json())).not.toContain('Brf Egen');
      const theirs = await subject.app.inject({
        method: 'GET',
        url: `/api/organizations/${ownId}/users`,
        headers: bearer(colleagueSession),
      });
      expect(theirs.json()).toEqual([
        expect.objectContaining({ name: 'Sara Förvaltare', role: 'site-manager' }),
      ]);
      const property = await subject.app.inject({
        method: 'POST',
        url: '/api/properties',
        payload: {
          organizationId: ownId,
          name: 'Egna huset',
          address: 'Egnavägen 1',
          propertyType: 'multi-dwelling',
        },
        headers: bearer(colleagueSession),
      });
      expect(property.statusCode).toBe(201);
      const mine = await subject.app.inject({
        method: 'POST',
        url: '/api/properties',
        payload: {
          organizationId,
          name: 'Inte längre',
          address: 'Solrosvägen 9',
          propertyType: 'multi-dwelling',
        },
        headers: bearer(colleagueSession),
      });
      expect(mine.statusCode).toBe(403);
    });

    it('answers 404 for a user outside the caller’s organizations', async () => {
      const stranger = await createUser(subject.database.db, {
        organizationIds: [otherOrganizationId],
      });
      expect(
        (await put(stranger.email, { name: 'x', organizationId }, managerSession)).statusCode,
      ).toBe(404);
    });

    it('changes one’s password only with the current one, and refuses a weak new one', async () => {
      const user = await createUser(subject.database.db);
      const session = await signIn(subject.app, user.email);
      const wrong = await put(
        user.email,
        { password: 'wrong', newPassword: 'a fresh passphrase' },
        session,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        message: 'The current password is wrong.',
        code: 'WRONG_PASSWORD',
      });
      const weak = await put(user.email, { password: PASSWORD, newPassword: '12345678' }, session);
      expect(weak.statusCode).toBe(400);
      expect(weak.json().code).toBe('PASSWORD_COMMON');
      expect(
        (await put(user.email, { password: PASSWORD, newPassword: 'a fresh passphrase' }, session))
          .statusCode,
      ).toBe(200);
      expect((await signIn(subject.app, user.email, 'a fresh passphrase')).id).toBe(user.id);
    });

    it('refuses a bad phone number with 400 and changes nothing', async () => {
      const user = await createUser(subject.database.db, { name: 'Stina Stabil' });
      const session = await signIn(subject.app, user.email);
      const response = await put(user.email, { name: 'Changed', phone: 'call me maybe' }, session);
      expect(response.statusCode).toBe(400);
      const me = await subject.app.inject({
        method: 'GET',
        url: `/api/user/${user.id}`,
        headers: bearer(session),
      });
      expect(me.json().name).toBe('Stina Stabil');
    });
  });

  describe('DELETE /api/user/{email or id}', () => {
    it('lets a site manager remove a member; the account goes with its last organization', async () => {
      const member = await createUser(subject.database.db, { organizationIds: [organizationId] });
      const response = await subject.app.inject({
        method: 'DELETE',
        url: `/api/user/${member.id}`,
        headers: bearer(managerSession),
      });
      expect(response.statusCode).toBe(204);
      const gone = await subject.app.inject({
        method: 'GET',
        url: `/api/user/${member.id}`,
        headers: bearer(managerSession),
      });
      expect(gone.statusCode).toBe(404);
      const login = await subject.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email: member.email, password: PASSWORD },
      });
      expect(login.statusCode).toBe(401);
    });

    it('removes a member from the one organization named, and keeps their account', async () => {
      const db = subject.database.db;
      const first = await createOrganization(db, 'Brf Första');
      const second = await createOrganization(db, 'Brf Andra');
      const both = [first.id, second.id];
      const boss = await createUser(db, { role: 'site-manager', organizationIds: both });
      const bossSession = await signIn(subject.app, boss.email);
      const member = await createUser(db, { organizationIds: both });
      const remove = (organization: string) =>
        subject.app.inject({
          method: 'DELETE',
          url: `/api/user/${member.id}?organizationId=${organization}`,
          headers: bearer(bossSession),
        });
      expect((await remove(organizationId)).statusCode).toBe(404);
      expect((await remove(second.id)).statusCode).toBe(204);
      const left = await subject.app.inject({
        method: 'GET',
        url: `/api/user/${member.id}`,
        headers: bearer(bossSession),
      });
      expect(left.json().organizations).toEqual([
        { id: first.id, name: 'Brf Första', role: 'user' },
      ]);
    });

    it('refuses a member removing another with 403, and a stranger with 404', async () => {
      const member = await createUser(subject.database.db, { organizationIds: [organizationId] });
      const colleague = await createUser(subject.database.db, {
        organizationIds: [organizationId],
      });
      const stranger = await createUser(subject.database.db, {
        organizationIds: [otherOrganizationId],
      });
      const memberSession = await signIn(subject.app, member.email);
      const byMember = await subject.app.inject({
        method: 'DELETE',
        url: `/api/user/${encodeURIComponent(colleague.email)}`,
        headers: bearer(memberSession),
      });
      expect(byMember.statusCode).toBe(403);
      const stray = await subject.app.inject({
        method: 'DELETE',
        url: `/api/user/${stranger.id}`,
        headers: bearer(managerSession),
      });
      expect(stray.statusCode).toBe(404);
    });

    it('keeps the only site manager of an organization with others in it: 409', async () => {
      const organization = await createOrganization(subject.database.db, 'Brf Kvar');
      const only = await createUser(subject.database.db, {
        role: 'site-manager',
        organizationIds: [organization.id],
      });
      const member = await createUser(subject.database.db, {
        organizationIds: [organization.id],
      });
      const leave = async (user: { id: string; email: string }) =>
        subject.app.inject({
          method: 'DELETE',
          url: `/api/user/${user.id}`,
          headers: bearer(await signIn(subject.app, user.email)),
        });
      const refused = await leave(only);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('LAST_SITE_MANAGER');
      expect((await leave(member)).statusCode).toBe(204);
      // Alone in it now, they may go, and the empty organization with them out of sight.
      expect((await leave(only)).statusCode).toBe(204);
    });

    it("answers a deleted account's token 401 on every call, at once", async () => {
      const user = await createUser(subject.database.db, { role: 'site-manager' });
      const session = await signIn(subject.app, user.email);
      const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
        subject.app.inject({ method, url, payload, headers: bearer(session) });
      expect((await call('GET', `/api/user/${user.id}`)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/user/${user.id}`)).statusCode).toBe(204);
      const after = [
        await call('GET', `/api/user/${user.id}`),
        await call('GET', '/api/organizations'),
        await call('POST', '/api/organizations', { name: 'Brf Efteråt', address: '' }),
        await call('POST', '/api/user/', { email: uniqueEmail() }),
      ];
      expect(after.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401]);
      expect(after[0]?.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Session ended.' });
    });

    it('refuses a write by a token whose account another replica deleted: 401, not 500', async () => {
      const user = await createUser(subject.database.db, { role: 'site-manager' });
      const session = await signIn(subject.app, user.email);
      const create = () =>
        subject.app.inject({
          method: 'POST',
          url: '/api/organizations',
          payload: { name: 'Brf Replik', address: '' },
          headers: bearer(session),
        });
      expect((await create()).statusCode).toBe(201);
      // Deleted behind this process's back, as another replica would: its token is remembered.
      await subject.database.db.delete(users).where(eq(users.id, user.id));
      const refused = await create();
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe('Session ended.');
    });

    it('lets a user delete their own account', async () => {
      const user = await createUser(subject.database.db);
      const session = await signIn(subject.app, user.email);
      const response = await subject.app.inject({
        method: 'DELETE',
        url: `/api/user/${user.id}`,
        headers: bearer(session),
      });
      expect(response.statusCode).toBe(204);
      const login = await subject.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email: user.email, password: PASSWORD },
      });
      expect(login.statusCode).toBe(401);
    });
  });

  describe('GET /api/organizations/{organizationId}/users', () => {
    it('lists the members with role and invitation status', async () => {
      const email = uniqueEmail('listed');
      await invite({ email, role: 'user' });
      const response = await subject.app.inject({
        method: 'GET',
        url: `/api/organizations/${organizationId}/users`,
        headers: bearer(managerSession),
      });
      expect(response.statusCode).toBe(200);
      const members = response.json() as {
        email: string;
        role: string;
        invitationStatus: string;
      }[];
      expect(members).toContainEqual(
        expect.objectContaining({
          email: manager.email,
          role: 'site-manager',
          invitationStatus: 'accepted',
        }),
      );
      expect(members).toContainEqual(
        expect.objectContaining({ email, role: 'user', invitationStatus: 'pending' }),
      );
    });

    it('answers 404 outside the caller’s organizations and for a malformed id', async () => {
      for (const id of [otherOrganizationId, 'not-a-uuid']) {
        const response = await subject.app.inject({
          method: 'GET',
          url: `/api/organizations/${id}/users`,
          headers: bearer(managerSession),
        });
        expect(response.statusCode).toBe(404);
      }
    });
  });

  describe('POST /api/auth/signup/check', () => {
    const check = (payload: { key: string; email: string }) =>
      subject.app.inject({ method: 'POST', url: '/api/auth/signup/check', payload });

    it("answers 'valid' for a fresh link, 'used' once its account exists", async () => {
      const email = uniqueEmail('checked');
      await invite({ email });
      const link = linkIn(await waitForMail(smtp, email), 'signup');
      expect((await check(link)).json()).toEqual({ status: 'valid' });
      // Checking uses nothing up: the link still completes the signup.
      const signup = await subject.app.inject({
        method: 'POST',
        url: '/api/auth/signup/',
        payload: { ...link, name: 'Klara Kontroll', password: PASSWORD },
      });
      expect(signup.statusCode).toBe(200);
      expect((await check(link)).json()).toEqual({ status: 'used' });
      expect((await check({ ...link, email: link.email.toUpperCase() })).json()).toEqual({
        status: 'used',
      });
    });

    it("answers 'invalid' for a made-up key, another address, an expired or replaced link", async () => {
      const email = uniqueEmail('unchecked');
      const existing = await createUser(subject.database.db);
      await invite({ email });
      const first = linkIn(await waitForMail(smtp, email), 'signup');
      expect((await check({ key: 'made-up', email })).json()).toEqual({ status: 'invalid' });
      // Even for an address with an account: without its key nobody learns that.
      expect((await check({ key: 'made-up', email: existing.email })).json()).toEqual({
        status: 'invalid',
      });
      expect((await check({ ...first, email: existing.email })).json()).toEqual({
        status: 'invalid',
      });

      await subject.database.db.execute(
        sql`update email_keys set expires_at = now() - interval '1 second' where email = ${email.toLowerCase()}`,
      );
      expect((await check(first)).json()).toEqual({ status: 'invalid' });
    });

    it('refuses a body without a key with 400', async () => {
      const response = await subject.app.inject({
        method: 'POST',
        url: '/api/auth/signup/check',
        payload: { email: uniqueEmail() },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details.issues).toContainEqual(
        expect.objectContaining({ field: 'key', rule: 'invalid_type' }),
      );
    });
  });

  describe('POST /api/organizations/{organizationId}/users/{userId}/invitation', () => {
    const resend = (userId: string, session = managerSession, organization = organizationId) =>
      subject.app.inject({
        method: 'POST',
        url: `/api/organizations/${organization}/users/${userId}/invitation`,
        headers: bearer(session),
      });
    const invited = async (name: string) => {
      const email = uniqueEmail(name);
      const user = (await invite({ email })).json().user as { id: string; email: string };
      const link = linkIn(await waitForMail(smtp, email), 'signup');
      smtp.received.splice(0);
      return { ...user, link };
    };

    it('mails a pending member a new link; the old one stops working', async () => {
      const member = await invited('again');
      const response = await resend(member.id);
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ status: 'accepted' });
      const mail = await waitForMail(smtp, member.email);
      expect(mail.parsed.headers.subject).toBe('Du är inbjuden till Fastighetsportalen');
      expect(mail.parsed.parts['text/plain']).toContain('Karin Lund');
      const fresh = linkIn(mail, 'signup');
      expect(fresh.key).not.toBe(member.link.key);
      const signup = (link: { key: string; email: string }) =>
        subject.app.inject({
          method: 'POST',
          url: '/api/auth/signup/',
          payload: { ...link, name: 'Åsa Igen', password: PASSWORD },
        });
      expect((await signup(member.link)).json().code).toBe('LINK_INVALID');
      expect((await signup(fresh)).statusCode).toBe(200);
    });

    it('answers 409 for a member who has already accepted', async () => {
      const member = await createUser(subject.database.db, { organizationIds: [organizationId] });
      const response = await resend(member.id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CONFLICT' });
      await expect(waitForMail(smtp, member.email, 300)).rejects.toThrow();
    });

    it('refuses a user of the organization with 403 and sends nothing', async () => {
      const member = await invited('not-by-user');
      const user = await createUser(subject.database.db, { organizationIds: [organizationId] });
      const response = await resend(member.id, await signIn(subject.app, user.email));
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Only site managers can invite users.');
      await expect(waitForMail(smtp, member.email, 300)).rejects.toThrow();
    });

    it('answers 404 outside the caller’s organizations and for someone not a member', async () => {
      const member = await invited('elsewhere');
      const otherManager = await createUser(subject.database.db, {
        role: 'site-manager',
        organizationIds: [otherOrganizationId],
      });
      const otherSession = await signIn(subject.app, otherManager.email);
      const stranger = await createUser(subject.database.db, {
        password: null,
        organizationIds: [otherOrganizationId],
      });
      const calls = [
        // Another organization's site manager, on this organization and on their own.
        { answer: await resend(member.id, otherSession), message: 'Organization not found.' },
        {
          answer: await resend(member.id, otherSession, otherOrganizationId),
          message: 'User not found.',
        },
        // This organization's site manager, on a pending member of another organization.
        { answer: await resend(stranger.id), message: 'User not found.' },
        {
          answer: await resend(stranger.id, managerSession, otherOrganizationId),
          message: 'Organization not found.',
        },
        { answer: await resend('not-a-uuid'), message: 'User not found.' },
        {
          answer: await resend(member.id, managerSession, 'not-a-uuid'),
          message: 'Organization not found.',
        },
      ];
      for (const { answer, message } of calls) {
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toMatchObject({ code: 'NOT_FOUND', message });
      }
      await expect(waitForMail(smtp, member.email, 300)).rejects.toThrow();
      await expect(waitForMail(smtp, stranger.email, 300)).rejects.toThrow();
    });

    it('asks for a signed-in caller: 401', async () => {
      const member = await invited('anonymous');
      const response = await subject.app.inject({
        method: 'POST',
        url: `/api/organizations/${organizationId}/users/${member.id}/invitation`,
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('the last site manager of an organization', () => {
    const demote = (
      email: string,
      session: { accessToken: string },
      organization = organizationId,
    ) =>
      subject.app.inject({
        method: 'PUT',
        url: `/api/user/${encodeURIComponent(email)}`,
        payload: { role: 'user', organizationId: organization },
        headers: bearer(session),
      });
    const roleOf = async (id: string, organization = organizationId) =>
      (
        await subject.database.db
          .select()
          .from(organizationMemberships)
          .where(
            and(
              eq(organizationMemberships.userId, id),
              eq(organizationMemberships.organizationId, organization),
            ),
          )
      )[0]?.role;

    it('is made a user by nobody: not by users there, not by themselves, not from outside', async () => {
      const organization = await createOrganization(subject.database.db, 'Brf Ensam');
      const only = await createUser(subject.database.db, {
        role: 'site-manager',
        organizationIds: [organization.id],
      });
      const member = await createUser(subject.database.db, {
        organizationIds: [organization.id],
      });
      // They share Brf Solrosen with the caller, who is not in Brf Ensam.
      await subject.database.db
        .insert(organizationMemberships)
        .values({ organizationId, userId: only.id, role: 'site-manager' });
      const attempts = [
        await demote(only.email, await signIn(subject.app, member.email), organization.id),
        await demote(only.email, await signIn(subject.app, only.email), organization.id),
        await demote(only.email, managerSession, organization.id),
      ];
      expect(attempts.map((answer) => answer.statusCode)).toEqual([403, 403, 404]);
      expect(await roleOf(only.id, organization.id)).toBe('site-manager');
    });

    it('may be made a user when the organization keeps another site manager', async () => {
      const colleague = await createUser(subject.database.db, {
        role: 'site-manager',
        organizationIds: [organizationId],
      });
      const response = await demote(colleague.email, managerSession);
      expect(response.statusCode).toBe(200);
      expect(await roleOf(colleague.id)).toBe('user');
    });

    type Manager = { id: string; email: string; session: { accessToken: string } };
    /**
     * PostgreSQL only: an organization with two site managers and a user, and a call by each
     * site manager on the other (`call(self, other, organizationId)`) made while the test holds
     * the organization's membership rows, so both wait where they would check. Without the lock
     * in the code both would have checked before either wrote, and the organization's members
     * would be left with nobody to manage it; with it the second checks after the first has
     * written. Answers the statuses, sorted, and who took part.
     */
    async function twoSiteManagersAtOnce(
      name: string,
      call: (
        self: Manager,
        other: Manager,
        organizationId: string,
      ) => Promise<{ statusCode: number }>,
    ) {
      const organization = await createOrganization(subject.database.db, name);
      const managers: Manager[] = [];
      for (let index = 0; index < 2; index++) {
        const manager = await createUser(subject.database.db, {
          role: 'site-manager',
          organizationIds: [organization.id],
        });
        managers.push({ ...manager, session: await signIn(subject.app, manager.email) });
      }
      await createUser(subject.database.db, { organizationIds: [organization.id] });
      const [first, second] = managers as [Manager, Manager];
      let answers: Promise<{ statusCode: number }[]> | undefined;
      await subject.database.db.transaction(async (transaction) => {
        await transaction.execute(
          sql`select user_id from organization_memberships
            where organization_id = ${organization.id} for update`,
        );
        answers = Promise.all([
          call(first, second, organization.id),
          call(second, first, organization.id),
        ]);
        await untilWaitingForLock(subject.database.db, 5000, 2);
      });
      if (!answers) throw new Error('the calls were not made');
      const statuses = (await answers).map((answer) => answer.statusCode).sort();
      return { statuses, organization, first, second };
    }

    it.runIf(driver === 'postgres')(
      'lets only one of two site managers demoting each other at once through',
      async () => {
        const { statuses, organization, first, second } = await twoSiteManagersAtOnce(
          'Brf Samtidigt',
          (self, other, organizationId) => demote(other.email, self.session, organizationId),
        );
        expect(statuses).toEqual([200, 403]);
        const roles = [
          await roleOf(first.id, organization.id),
          await roleOf(second.id, organization.id),
        ].sort();
        expect(roles).toEqual(['site-manager', 'user']);
      },
    );

    it.runIf(driver === 'postgres')(
      'lets only one of two site managers removing each other at once through',
      async () => {
        const { statuses } = await twoSiteManagersAtOnce(
          'Brf Utträde',
          (self, other, organizationId) =>
            subject.app.inject({
              method: 'DELETE',
              url: `/api/user/${other.id}?organizationId=${organizationId}`,
              headers: bearer(self.session),
            }),
        );
        expect(statuses).toEqual([204, 403]);
      },
    );

    it.runIf(driver === 'postgres')(
      'lets only one of two site managers delete their accounts at once',
      async () => {
        const { statuses } = await twoSiteManagersAtOnce('Brf Avsked', (self) =>
          subject.app.inject({
            method: 'DELETE',
            url: `/api/user/${self.id}`,
            headers: bearer(self.session),
          }),
        );
        expect(statuses).toEqual([204, 409]);
      },
    );
  });
});

describe.each(testDrivers)('PORTAL_ADMIN_EMAIL on %s', (driver) => {
  it('makes sure that site manager exists, once, keeping a password it already has', async () => {
    const subject = await buildTestApp(driver);
    try {
      const admin = { email: uniqueEmail('admin'), password: 'the first admin password' };
      expect(await ensureAdmin(subject.database.db, admin)).toBe('created');
      expect(
        await ensureAdmin(subject.database.db, { ...admin, password: 'a later different one' }),
      ).toBe('updated');
      const session = await signIn(subject.app, admin.email, admin.password);
      expect(session.user).toMatchObject({ role: 'site-manager', invitationStatus: 'accepted' });
    } finally {
      await subject.close();
    }
  });
});
