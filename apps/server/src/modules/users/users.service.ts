// Inviting, registering, reading, changing and removing users, scoped to the caller's
// organizations (DESIGN §5: outside them a user does not exist, 404). Roles belong to
// memberships: a site manager changes a person's role in their own organization, never anything
// another organization sees (docs/accounts.md "People and roles").
import type { Role } from '@portal/contracts/domain';
import { ErrorCode } from '@portal/contracts/errors';
import type { CreateUser, UpdateUser, User } from '@portal/contracts/users';
import { isUuid } from '../../access/id-params';
import { ORGANIZATION_NOT_FOUND, USER_NOT_FOUND } from '../../access/not-found';
import {
  accountRole,
  assertKeepsSiteManagers,
  authorize,
  authorizeMemberChange,
  DEFAULT_INVITED_ROLE,
  refuse,
  refuseOwnRoleChange,
} from '../../access/policies';
import {
  lockMembership,
  lockMembershipsAroundUser,
  lockMembershipsOf,
  roleIn,
} from '../../access/tenancy';
import type { AppContext } from '../../context';
import { accountGone, badRequest, conflict, isUniqueViolation, notFound } from '../../errors';
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
  type Membership,
  membershipsOf,
  membersOf,
  organizationsOnlyManagedBy,
  removeMemberships,
  setMembershipRole,
  sharedOrganizations,
  type UserRow,
  updateUserRow,
} from './users.repository';

export type CreateUserResult = { kind: 'invited'; user: User } | { kind: 'registration-accepted' };

/** The organization a site manager invites into: the one named, else the first they manage, else
 * their first (whose role then refuses it). */
function invitingOrganization(memberships: Membership[], organizationId: string | undefined) {
  if (organizationId)
    return memberships.find((membership) => membership.organizationId === organizationId);
  return memberships.find((membership) => membership.role === 'site-manager') ?? memberships[0];
}

/** The memberships the caller may see: their own, and others' in the caller's organizations. */
function visibleTo(caller: AccessClaims, memberships: Membership[]): Membership[] {
  const callers = new Set(
    memberships
      .filter((membership) => membership.userId === caller.userId)
      .map((membership) => membership.organizationId),
  );
  return memberships.filter(
    (membership) => membership.userId === caller.userId || callers.has(membership.organizationId),
  );
}

export class UsersService {
  constructor(
    private readonly context: AppContext,
    private readonly auth: AuthService,
  ) {}

  private get db() {
    return this.context.database.db;
  }

  /**
   * The user as the caller may see them: all of their organizations if it is the caller, else
   * only those the caller belongs to too. The others lie outside the caller's tenancy (DESIGN §5),
   * so neither their names nor the roles in them are shown.
   */
  private async presentTo(caller: AccessClaims, row: UserRow): Promise<User> {
    const memberships = await membershipsOf(this.db, [row.id, caller.userId]);
    return presentUser(row, visibleTo(caller, memberships));
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
    return this.invite(caller, input);
  }

  private async invite(caller: AccessClaims, input: CreateUser): Promise<CreateUserResult> {
    const inviter = await findUserById(this.db, caller.userId);
    if (!inviter) throw accountGone();
    const organization = invitingOrganization(
      await membershipsOf(this.db, [caller.userId]),
      input.organizationId,
    );
    if (!organization) {
      throw input.organizationId
        ? notFound(ORGANIZATION_NOT_FOUND)
        : badRequest('Create an organization first.', ErrorCode.organizationRequired);
    }
    authorize(organization.role, 'member.invite');
    const role = input.role ?? DEFAULT_INVITED_ROLE;
    const invitation = {
      inviterName: inviter.name || inviter.email,
      organizationId: organization.organizationId,
      organizationName: organization.organizationName,
      role,
    };
    try {
      const invited = await this.db.transaction(async (transaction) => {
        // Held until commit: the inviter's role, and the organization, stay as checked.
        authorize(
          await lockMembership(transaction, caller.userId, organization.organizationId),
          'member.invite',
        );
        const existing = await findUserByEmail(transaction, input.email);
        // Someone who has signed up joins an organization only by their own choice: the answer
        // says no more than that the address is taken (docs/accounts.md, "Invitations").
        if (existing?.invitationStatus === 'accepted') throw conflict();
        const user =
          existing ??
          (await insertUser(transaction, {
            email: input.email,
            language: input.language ?? inviter.language,
          }));
        if (!(await addMembership(transaction, organization.organizationId, user.id, role)))
          throw conflict();
        // Beside the links sent before, so no invitation or registration can spoil another's.
        await this.auth.mailNewKey(
          transaction,
          user,
          { kind: 'invitation', ...invitation },
          { retireOlder: false },
        );
        return user;
      });
      void this.context.mailer.deliverPending();
      return { kind: 'invited', user: await this.presentTo(caller, invited) };
    } catch (error) {
      // The same address invited twice at once: the second finds the first's account taken.
      throw isUniqueViolation(error) ? conflict() : error;
    }
  }

  /**
   * A visitor registers an address. One that has an account is told so (by mail, not in the
   * answer); one that has not finished signing up — registered or invited before — gets another
   * link beside the earlier ones, and keeps the organizations and roles it was invited to. The
   * answer does not wait for any of it, so it takes the same time whichever it is
   * (Mailer.runDetached, as a password reset request).
   */
  private register(input: CreateUser): Promise<void> {
    return this.context.mailer.runDetached(() => this.registerNow(input));
  }

  private async registerNow(input: CreateUser) {
    const existing = await findUserByEmail(this.db, input.email);
    try {
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
            language: input.language ?? 'sv',
          }));
        await this.auth.mailNewKey(
          transaction,
          user,
          { kind: 'registration' },
          { retireOlder: false },
        );
      });
    } catch (error) {
      // Registered or invited at this very moment by someone else: that one's link stands.
      if (!isUniqueViolation(error)) throw error;
    }
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
    if (row.id === caller.userId) return { row, shared: [], self: true };
    const shared = await sharedOrganizations(this.db, caller.userId, row.id);
    if (shared.length === 0) throw notFound(USER_NOT_FOUND);
    return { row, shared, self: false };
  }

  async get(caller: AccessClaims, id: string): Promise<User> {
    return this.presentTo(caller, (await this.reachableUser(caller, id)).row);
  }

  async update(caller: AccessClaims, email: string, input: UpdateUser): Promise<User> {
    const { row, shared, self } = await this.reachableUser(caller, email);
    if (!self) {
      await this.changeRole(caller, row, shared, input);
      return this.presentTo(caller, row);
    }
    const memberships = await membershipsOf(this.db, [row.id]);
    refuseOwnRoleChange(
      input.organizationId
        ? memberships.find((membership) => membership.organizationId === input.organizationId)?.role
        : accountRole(memberships.map((membership) => membership.role)),
      input.role,
    );
    let passwordHash: string | undefined;
    if (input.newPassword) {
      if (!row.passwordHash || !(await verifyPassword(input.password ?? '', row.passwordHash))) {
        throw badRequest('The current password is wrong.', ErrorCode.wrongPassword);
      }
      assertStrongPassword(input.newPassword, row.email);
      passwordHash = await hashPassword(input.newPassword);
    }
    const updated = await this.db.transaction(async (transaction) => {
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
        ...(passwordHash ? { passwordHash } : {}),
      });
      // A changed password ends the other sessions; the access token ages out within its TTL.
      if (passwordHash) await revokeAllOfUser(transaction, row.id);
      return next;
    });
    return this.presentTo(caller, updated);
  }

  /**
   * A site manager changes another member's role in one organization they share (named by
   * organizationId): their profile stays theirs, and no other organization sees a change. Takes
   * effect at the member's next call: roles are read with each change they allow.
   */
  private async changeRole(
    caller: AccessClaims,
    member: UserRow,
    shared: { organizationId: string; callerRole: Role }[],
    input: UpdateUser,
  ) {
    const { organizationId } = input;
    if (!organizationId) {
      throw badRequest(
        'Name the organization (organizationId) in which to change the role.',
        ErrorCode.organizationRequired,
      );
    }
    const here = shared.find((organization) => organization.organizationId === organizationId);
    if (!here) throw notFound(USER_NOT_FOUND);
    authorizeMemberChange(here.callerRole, member, input);
    if (!input.role) return;
    await this.db.transaction(async (transaction) => {
      // Two changes in one organization take turns, so each reads the roles the other committed:
      // of two site managers demoting each other at once, the second is no longer one.
      await lockMembershipsOf(transaction, [organizationId]);
      const callerRole = await roleIn(transaction, caller.userId, organizationId);
      if (!callerRole) throw notFound(USER_NOT_FOUND);
      authorize(callerRole, 'member.change');
      if (!(await roleIn(transaction, member.id, organizationId))) throw notFound(USER_NOT_FOUND);
      await setMembershipRole(transaction, organizationId, member.id, input.role as Role);
    });
  }

  /**
   * Removes oneself entirely, or a member from the caller's organizations that the caller manages:
   * the one named, else all of them (the account goes with its last membership).
   */
  async delete(caller: AccessClaims, emailOrId: string, organizationId?: string) {
    const reachable = await this.reachableUser(caller, emailOrId);
    const { row, self } = reachable;
    const shared = organizationId
      ? reachable.shared.filter((organization) => organization.organizationId === organizationId)
      : reachable.shared;
    if (!self && shared.length === 0) throw notFound(USER_NOT_FOUND);
    if (self) {
      await this.db.transaction(async (transaction) => {
        await lockMembershipsAroundUser(transaction, row.id);
        assertKeepsSiteManagers(await organizationsOnlyManagedBy(transaction, row.id));
        await deleteUserRow(transaction, row.id);
      });
      this.context.accessTokens.forget(row.id);
      return;
    }
    await this.db.transaction(async (transaction) => {
      // Only from the organizations the caller manages, as they stand under the lock: of two site
      // managers removing (or demoting) each other at once, the second is no longer one.
      const organizationIds = shared.map((organization) => organization.organizationId);
      await lockMembershipsOf(transaction, organizationIds);
      const managed = (await membershipsOf(transaction, [caller.userId]))
        .filter(
          (membership) =>
            membership.role === 'site-manager' &&
            organizationIds.includes(membership.organizationId),
        )
        .map((membership) => membership.organizationId);
      if (managed.length === 0) refuse('member.change');
      await removeMemberships(transaction, row.id, managed);
      if ((await membershipsOf(transaction, [row.id])).length === 0)
        await deleteUserRow(transaction, row.id);
      else await revokeAllOfUser(transaction, row.id);
    });
    this.context.accessTokens.forget(row.id);
  }

  async members(caller: AccessClaims, organizationId: string): Promise<User[]> {
    const rows = await membersOf(this.db, organizationId, caller.userId);
    if (!rows) throw notFound(ORGANIZATION_NOT_FOUND);
    const memberships = visibleTo(
      caller,
      await membershipsOf(this.db, [caller.userId, ...rows.map((row) => row.user.id)]),
    );
    return rows.map((row) => presentUser(row.user, memberships, row.role));
  }

  /**
   * Sends a pending member their invitation again: a new key, the old ones stop working
   * (AuthService.mailNewKey). Outside the caller's organizations, or for someone not a member of
   * this one, nobody is there (404); a user of the organization may look but not invite (403); a
   * member who has accepted needs no invitation (409).
   */
  async resendInvitation(caller: AccessClaims, organizationId: string, userId: string) {
    const callerRole = await roleIn(this.db, caller.userId, organizationId);
    if (!callerRole) throw notFound(ORGANIZATION_NOT_FOUND);
    const member = await findMember(this.db, organizationId, userId);
    if (!member) throw notFound(USER_NOT_FOUND);
    authorize(callerRole, 'member.invite');
    const inviter = await findUserById(this.db, caller.userId);
    if (!inviter) throw accountGone();
    await this.db.transaction(async (transaction) => {
      // Locked, so a signup completing at this moment is either seen here or waits for the new key.
      const user = await lockUser(transaction, userId);
      if (!user) throw notFound(USER_NOT_FOUND);
      if (user.invitationStatus === 'accepted')
        throw conflict('This member has already accepted the invitation.');
      await this.auth.mailNewKey(
        transaction,
        user,
        {
          kind: 'invitation',
          inviterName: inviter.name || inviter.email,
          organizationId,
          organizationName: member.organizationName,
          role: member.role,
        },
        { retireOlder: true },
      );
    });
    void this.context.mailer.deliverPending();
  }
}
