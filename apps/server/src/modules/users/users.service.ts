// Inviting, registering, reading, changing and removing users, scoped to the caller's
// organizations (DESIGN §5: outside them a user does not exist, 404).
import { ErrorCode } from '@portal/contracts/errors';
import type { CreateUser, UpdateUser, User } from '@portal/contracts/users';
import { isUuid } from '../../access/id-params';
import { ORGANIZATION_NOT_FOUND, USER_NOT_FOUND } from '../../access/not-found';
import {
  assertKeepsSiteManagers,
  authorize,
  authorizeUserChange,
  DEFAULT_INVITED_ROLE,
  REGISTRANT_ROLE,
} from '../../access/policies';
import { isMember, lockOrganizationsOf } from '../../access/tenancy';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { revokeAllOfUser } from '../auth/auth.repository';
import { type AuthService, assertStrongPassword } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../auth/password';
import type { AccessClaims } from '../auth/tokens';
import { queueMail } from '../mail/mail.service';
import { presentUser } from './user-presenter';
import {
  addMembership,
  deleteUserRow,
  findMember,
  findUserByEmail,
  findUserById,
  insertUser,
  lockUser,
  membershipsOf,
  membersOf,
  removeMemberships,
  sharedOrganizationIds,
  siteManagerCounts,
  type UserRow,
  updateUserRow,
} from './users.repository';

export type CreateUserResult = { kind: 'invited'; user: User } | { kind: 'registration-accepted' };

export class UsersService {
  constructor(
    private readonly context: AppContext,
    private readonly auth: AuthService,
  ) {}

  private get db() {
    return this.context.database.db;
  }

  private async present(row: UserRow): Promise<User> {
    return presentUser(row, await membershipsOf(this.db, [row.id]));
  }

  /**
   * A site manager invites someone into one of their organizations; a visitor registers their own
   * address. A visitor's answer never reveals whether the address already has an account.
   */
  async create(caller: AccessClaims | undefined, input: CreateUser): Promise<CreateUserResult> {
    if (!caller) {
      await this.register(input);
      return { kind: 'registration-accepted' };
    }
    authorize(caller, 'member.invite');
    const inviter = await findUserById(this.db, caller.userId);
    if (!inviter) throw notFound();
    const organizations = await membershipsOf(this.db, [caller.userId]);
    const organizationId = input.organizationId ?? organizations[0]?.organizationId;
    const organization = organizations.find(
      (membership) => membership.organizationId === organizationId,
    );
    if (!organization) {
      throw input.organizationId
        ? notFound(ORGANIZATION_NOT_FOUND)
        : badRequest('Create an organization first.', ErrorCode.organizationRequired);
    }
    if (await findUserByEmail(this.db, input.email)) throw conflict();

    const invited = await this.db.transaction(async (transaction) => {
      const user = await insertUser(transaction, {
        email: input.email,
        role: input.role ?? DEFAULT_INVITED_ROLE,
        language: input.language ?? inviter.language,
      });
      await addMembership(transaction, organization.organizationId, user.id);
      await this.auth.mailNewKey(transaction, user, {
        kind: 'invitation',
        inviterName: inviter.name || inviter.email,
        organizationName: organization.organizationName,
        role: user.role,
      });
      return user;
    });
    void this.context.mailer.deliverPending();
    return { kind: 'invited', user: await this.present(invited) };
  }

  private async register(input: CreateUser) {
    const existing = await findUserByEmail(this.db, input.email);
    await this.db.transaction(async (transaction) => {
      if (existing?.invitationStatus === 'accepted') {
        await queueMail(transaction, {
          to: existing.email,
          language: existing.language,
          template: {
            kind: 'already-registered',
            link: `${this.context.config.publicUrl}/portal/reset-password-email`,
          },
        });
        return;
      }
      const user =
        existing ??
        (await insertUser(transaction, {
          email: input.email,
          role: REGISTRANT_ROLE,
          language: input.language ?? 'sv',
        }));
      await this.auth.mailNewKey(transaction, user, { kind: 'registration' });
    });
    void this.context.mailer.deliverPending();
  }

  /**
   * The user if the caller may reach them: themselves, or another member of their organizations.
   * Anyone else does not exist for the caller (404); what they may do is the policies' to say.
   */
  private async reachableUser(caller: AccessClaims, idOrEmail: string) {
    const row = isUuid(idOrEmail)
      ? await findUserById(this.db, idOrEmail)
      : await findUserByEmail(this.db, idOrEmail);
    if (!row) throw notFound(USER_NOT_FOUND);
    if (row.id === caller.userId) return { row, shared: [] as string[], self: true };
    const shared = await sharedOrganizationIds(this.db, caller.userId, row.id);
    if (shared.length === 0) throw notFound(USER_NOT_FOUND);
    return { row, shared, self: false };
  }

  async get(caller: AccessClaims, id: string): Promise<User> {
    return this.present((await this.reachableUser(caller, id)).row);
  }

  async update(caller: AccessClaims, email: string, input: UpdateUser): Promise<User> {
    const { row, self } = await this.reachableUser(caller, email);
    authorizeUserChange(caller, row, input);

    let passwordHash: string | undefined;
    if (input.newPassword) {
      if (!row.passwordHash || !(await verifyPassword(input.password ?? '', row.passwordHash))) {
        throw badRequest('The current password is wrong.', ErrorCode.wrongPassword);
      }
      assertStrongPassword(input.newPassword, row.email);
      passwordHash = await hashPassword(input.newPassword);
    }
    const demoting = !self && input.role === 'user';
    const updated = await this.db.transaction(async (transaction) => {
      if (demoting) {
        // Counted under the lock, so of two demotions at once the second sees the first.
        await lockOrganizationsOf(transaction, row.id);
        assertKeepsSiteManagers(await siteManagerCounts(transaction, row.id));
      }
      const next = await updateUserRow(transaction, row.id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
        ...(input.language ? { language: input.language } : {}),
        ...(input.pushNotifications !== undefined
          ? { pushNotifications: input.pushNotifications }
          : {}),
        ...(input.emailNotifications !== undefined
          ? { emailNotifications: input.emailNotifications }
          : {}),
        ...(input.role && !self ? { role: input.role } : {}),
        ...(passwordHash ? { passwordHash } : {}),
      });
      // A changed password or role ends the other sessions; the access token ages out within its TTL.
      if (passwordHash || (input.role && input.role !== row.role))
        await revokeAllOfUser(transaction, row.id);
      return next;
    });
    return this.present(updated);
  }

  /** Removes oneself entirely, or a member from the caller's organizations (the account goes with
   * its last membership). */
  async delete(caller: AccessClaims, emailOrId: string) {
    const { row, shared, self } = await this.reachableUser(caller, emailOrId);
    if (!self) authorize(caller, 'member.change');
    await this.db.transaction(async (transaction) => {
      if (self) {
        await deleteUserRow(transaction, row.id);
        return;
      }
      await removeMemberships(transaction, row.id, shared);
      if ((await membershipsOf(transaction, [row.id])).length === 0)
        await deleteUserRow(transaction, row.id);
      else await revokeAllOfUser(transaction, row.id);
    });
  }

  async members(caller: AccessClaims, organizationId: string): Promise<User[]> {
    const rows = await membersOf(this.db, organizationId, caller.userId);
    if (!rows) throw notFound(ORGANIZATION_NOT_FOUND);
    const memberships = await membershipsOf(
      this.db,
      rows.map((row) => row.user.id),
    );
    return rows.map((row) => presentUser(row.user, memberships));
  }

  /**
   * Sends a pending member their invitation again: a new key, the old one stops working
   * (AuthService.mailNewKey). Outside the caller's organizations, or for someone not a member of
   * this one, nobody is there (404); a user may look but not invite (403); a member who has
   * accepted needs no invitation (409).
   */
  async resendInvitation(caller: AccessClaims, organizationId: string, userId: string) {
    if (!(await isMember(this.db, caller.userId, organizationId)))
      throw notFound(ORGANIZATION_NOT_FOUND);
    const member = await findMember(this.db, organizationId, userId);
    if (!member) throw notFound(USER_NOT_FOUND);
    authorize(caller, 'member.invite');
    const inviter = await findUserById(this.db, caller.userId);
    if (!inviter) throw notFound();
    await this.db.transaction(async (transaction) => {
      // Locked, so a signup completing at this moment is either seen here or waits for the new key.
      const user = await lockUser(transaction, userId);
      if (!user) throw notFound(USER_NOT_FOUND);
      if (user.invitationStatus === 'accepted')
        throw conflict('This member has already accepted the invitation.');
      await this.auth.mailNewKey(transaction, user, {
        kind: 'invitation',
        inviterName: inviter.name || inviter.email,
        organizationName: member.organizationName,
        role: user.role,
      });
    });
    void this.context.mailer.deliverPending();
  }
}
