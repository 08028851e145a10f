// Signing in, keeping a session alive and recovering a password: the rules of the accounts
// issue (throttling, no account enumeration, rotating refresh tokens, single-use e-mail keys).
import { randomUUID } from 'node:crypto';
import type {
  LoginResponse,
  ResetPassword,
  Signup,
  SignupCheck,
  SignupCheckResponse,
} from '@portal/contracts/auth';
import type { Role } from '@portal/contracts/domain';
import { ErrorCode } from '@portal/contracts/errors';
import { accountRole } from '../../access/policies';
import type { AppContext } from '../../context';
import type { PortalTransaction } from '../../db/client';
import { badRequest, tooManyRequests, unauthorized } from '../../errors';
import { queueMail } from '../mail/mail.service';
import { TOO_MANY_MAILS } from '../mail/recipient-budget';
import { presentUser } from '../users/user-presenter';
import {
  findUserByEmail,
  findUserById,
  membershipsOf,
  type UserRow,
  updateUserRow,
} from '../users/users.repository';
import {
  consumeEmailKey,
  findEmailKey,
  findRefreshToken,
  insertEmailKey,
  insertRefreshToken,
  markReplaced,
  replacePasswordHash,
  retireEmailKeys,
  revokeAllOfUser,
  revokeFamily,
} from './auth.repository';
import {
  hashPassword,
  needsRehash,
  verifyAgainstNothing,
  verifyPassword,
  weakPasswordReason,
} from './password';
import { beginSignInAttempt, forgetAccountFailures, signInSucceeded } from './sign-in-throttle';
import { hashSecret, randomSecret } from './tokens';

/** Same answer for an unknown address and a wrong password: nobody learns who has an account. */
const WRONG_CREDENTIALS = 'Wrong e-mail or password.';
const INVALID_KEY = 'The link is invalid or has expired.';
export const RESET_KEY_TTL_SECONDS = 60 * 60;
export const INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The mails that carry a key, with the key's purpose, lifetime and the screen its link opens. */
export type KeyMail =
  | {
      kind: 'invitation';
      inviterName: string;
      organizationId: string;
      organizationName: string;
      role: Role;
    }
  | { kind: 'registration' }
  | { kind: 'password-reset' };
const KEY_RULES = {
  invitation: { purpose: 'invitation', ttlSeconds: INVITATION_TTL_SECONDS, screen: 'signup' },
  registration: { purpose: 'invitation', ttlSeconds: INVITATION_TTL_SECONDS, screen: 'signup' },
  'password-reset': {
    purpose: 'reset',
    ttlSeconds: RESET_KEY_TTL_SECONDS,
    screen: 'reset-password-email',
  },
} as const;

/** 400 with the rule a weak new password breaks (PASSWORD_COMMON, PASSWORD_GUESSABLE,
 * PASSWORD_CONTAINS_EMAIL). */
export function assertStrongPassword(password: string, email: string) {
  const weak = weakPasswordReason(password, email);
  if (weak) throw badRequest(weak.message, weak.code);
}

export class AuthService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.database.db;
  }

  /** Signs in, or refuses: 401 for a wrong address or password alike, 429 while throttled. */
  async login(email: string, password: string, clientIp: string): Promise<LoginResponse> {
    const attempt = await beginSignInAttempt(this.db, email, clientIp);
    const user = await findUserByEmail(this.db, email);
    const stored = user?.passwordHash;
    const valid = stored
      ? await verifyPassword(password, stored)
      : await verifyAgainstNothing(password);
    // A failure is already counted: the attempt was, when it began.
    if (!user || !stored || !valid)
      throw unauthorized(WRONG_CREDENTIALS, ErrorCode.wrongCredentials);
    await signInSucceeded(this.db, attempt);
    // The only moment the password is at hand: a hash from an earlier setting moves to the current one.
    if (needsRehash(stored)) {
      await replacePasswordHash(this.db, user.id, stored, await hashPassword(password));
    }
    return this.startSession(user);
  }

  /** A new token family: an access token and a refresh token valid for REFRESH_TOKEN_TTL. */
  async startSession(user: UserRow): Promise<LoginResponse> {
    const refreshToken = randomSecret();
    await insertRefreshToken(this.db, {
      tokenHash: hashSecret(refreshToken),
      familyId: randomUUID(),
      userId: user.id,
      expiresAt: new Date(Date.now() + this.context.config.refreshTokenTtlSeconds * 1000),
    });
    const memberships = await membershipsOf(this.db, [user.id]);
    return {
      accessToken: await this.signAccessToken(user.id, memberships),
      refreshToken,
      id: user.id,
      user: presentUser(user, memberships),
    };
  }

  /** Rotates the refresh token; a token used twice revokes its whole family (it was stolen). */
  async refresh(refreshToken: string, userId: string) {
    const stored = await findRefreshToken(this.db, hashSecret(refreshToken));
    if (!stored || stored.userId !== userId || stored.revokedAt)
      throw unauthorized('Session ended.');
    if (stored.expiresAt.getTime() <= Date.now()) throw unauthorized('Session ended.');
    const next = randomSecret();
    const user = await this.db.transaction(async (transaction) => {
      if (!(await markReplaced(transaction, stored.id))) return undefined;
      await insertRefreshToken(transaction, {
        tokenHash: hashSecret(next),
        familyId: stored.familyId,
        userId,
        expiresAt: stored.expiresAt,
      });
      return findUserById(transaction, userId);
    });
    if (!user) {
      await revokeFamily(this.db, stored.familyId);
      throw unauthorized('Session ended.');
    }
    return {
      accessToken: await this.signAccessToken(user.id, await membershipsOf(this.db, [user.id])),
      refreshToken: next,
    };
  }

  /** An access token with the account's role (policies.ts accountRole). */
  private signAccessToken(userId: string, memberships: { role: Role }[]) {
    return this.context.accessTokens.sign({
      userId,
      role: accountRole(memberships.map((membership) => membership.role)),
    });
  }

  async logout(refreshToken: string | undefined) {
    if (!refreshToken) return;
    const stored = await findRefreshToken(this.db, hashSecret(refreshToken));
    if (stored) await revokeFamily(this.db, stored.familyId);
  }

  /** Completes an invitation or a registration with the e-mailed key, and signs the user in. */
  async signup(input: Signup): Promise<LoginResponse> {
    assertStrongPassword(input.password, input.email);
    const passwordHash = await hashPassword(input.password);
    const user = await this.db.transaction(async (transaction) => {
      const key = await consumeEmailKey(
        transaction,
        'invitation',
        hashSecret(input.key),
        input.email,
      );
      if (!key) return undefined;
      // The account is made: the other links sent to it (other invitations, a registration) are done.
      await retireEmailKeys(transaction, key.userId, 'invitation');
      return updateUserRow(transaction, key.userId, {
        name: input.name,
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
        ...(input.language ? { language: input.language } : {}),
        passwordHash,
        invitationStatus: 'accepted',
      });
    });
    if (!user) throw badRequest(INVALID_KEY, ErrorCode.linkInvalid);
    return this.startSession(user);
  }

  /**
   * Whether a signup link still works, before its form is filled in: 'valid' while its key is
   * unused and unexpired; 'used' once the account of that address exists (the link did its job,
   * or a newer one did: sign in instead); 'invalid' otherwise. Only someone holding a key sent
   * to the address learns anything about it, so it tells no more than the key itself proves.
   */
  async checkSignup(input: SignupCheck): Promise<SignupCheckResponse> {
    const key = await findEmailKey(this.db, 'invitation', hashSecret(input.key), input.email);
    if (!key) return { status: 'invalid' };
    if (key.invitationStatus === 'accepted') return { status: 'used' };
    const usable = !key.usedAt && key.expiresAt.getTime() > Date.now();
    return { status: usable ? 'valid' : 'invalid' };
  }

  /**
   * Always succeeds from the outside; mails a reset link only to an address with an account. The
   * answer does not wait for any of it, so it takes the same time whether or not there is an
   * account (and a mail): the lookup and the mail run after it (Mailer.runDetached).
   */
  requestPasswordReset(email: string): Promise<void> {
    return this.context.mailer.runDetached(async () => {
      const user = await findUserByEmail(this.db, email);
      if (!user) return;
      await this.db.transaction((transaction) =>
        this.mailNewKey(transaction, user, { kind: 'password-reset' }, { retireOlder: true }),
      );
    });
  }

  /** Sets a new password with a reset key; every session of the account ends. */
  async resetPassword(input: ResetPassword) {
    assertStrongPassword(input.password, input.email);
    const passwordHash = await hashPassword(input.password);
    const done = await this.db.transaction(async (transaction) => {
      const key = await consumeEmailKey(transaction, 'reset', hashSecret(input.key), input.email);
      if (!key) return false;
      await updateUserRow(transaction, key.userId, { passwordHash, invitationStatus: 'accepted' });
      await revokeAllOfUser(transaction, key.userId);
      await forgetAccountFailures(transaction, input.email);
      return true;
    });
    if (!done) throw badRequest(INVALID_KEY, ErrorCode.linkInvalid);
  }

  /**
   * Queues a mail carrying a new key's link, in the caller's transaction (the caller delivers after
   * commit). `retireOlder` ends the user's earlier keys of the same purpose: a reset or an
   * invitation sent again replaces the link before it; an invitation or registration of an
   * address not yet signed up adds one, so nobody can spoil the link someone else sent. When the
   * recipient's mail budget is spent (mail/recipient-budget.ts) nothing changes: the older keys
   * keep working. An invitation then answers 429: only a signed-in site manager invites, and may
   * learn that the inbox has had enough. A registration or a reset request is anonymous and drops
   * the mail silently, so that its answer is the same whether or not a mail went.
   */
  async mailNewKey(
    transaction: PortalTransaction,
    user: UserRow,
    mail: KeyMail,
    { retireOlder }: { retireOlder: boolean },
  ) {
    const rule = KEY_RULES[mail.kind];
    const key = randomSecret();
    const link = this.portalLink(rule.screen, key, user.email);
    const outcome = await queueMail(transaction, {
      to: user.email,
      language: user.language,
      ...(mail.kind === 'invitation'
        ? {
            template: {
              kind: 'invitation',
              inviterName: mail.inviterName,
              organizationName: mail.organizationName,
              role: mail.role,
              link,
            },
            senderOrganizationId: mail.organizationId,
          }
        : { template: { ...mail, link } }),
    });
    if (!outcome.queued) {
      if (mail.kind === 'invitation') {
        throw tooManyRequests(outcome.retryAfterSeconds, TOO_MANY_MAILS);
      }
      return;
    }
    if (retireOlder) await retireEmailKeys(transaction, user.id, rule.purpose);
    await insertEmailKey(transaction, {
      purpose: rule.purpose,
      keyHash: hashSecret(key),
      userId: user.id,
      email: user.email.toLowerCase(),
      expiresAt: new Date(Date.now() + rule.ttlSeconds * 1000),
    });
  }

  /** PUBLIC_URL/portal/{screen}/{key}/{email}: the links of the accounts issue. */
  portalLink(screen: 'signup' | 'reset-password-email', key: string, email: string) {
    return `${this.context.config.publicUrl}/portal/${screen}/${encodeURIComponent(key)}/${encodeURIComponent(email)}`;
  }
}
