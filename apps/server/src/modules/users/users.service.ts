// Inviting, registering, reading, changing and removing users, scoped to the caller's
// organizations (DESIGN §5: outside them a user does not exist, 404).
import type { CreateUser, UpdateUser, User } from '@portal/contracts/users';
import type { AppContext } from '../../context';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { revokeAllOfUser } from '../auth/auth.repository';
import { type AuthService, assertStrongPassword } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../auth/password';
import type { AccessClaims } from '../auth/tokens';
import { queueMail } from '../mail/mail.service';
import { assertId, isUuid, ORGANIZATION_NOT_FOUND } from '../organizations/tenancy';
import { presentUser } from './user-presenter';
import {
  addMembership,
  deleteUserRow,
  findUserByEmail,
  findUserById,
  insertUser,
  membershipsOf,
  membersOf,
  removeMemberships,
  sharedOrganizationIds,
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
    if (caller.role !== 'site-manager') throw forbidden('Only site managers can invite users.');
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
        : badRequest('Create an organization first.');
    }
    if (await findUserByEmail(this.db, input.email)) throw conflict();

    const invited = await this.db.transaction(async (transaction) => {
      const user = await insertUser(transaction, {
        email: input.email,
        role: input.role ?? 'user',
        language: input.language ?? inviter.language,
      });
      await addMembership(transaction, organization.organizationId, user.id);
      await this.auth.mailNewKey(transaction, user, {
        kind: 'invitation',
        inviterName: inviter.name || inviter.email,
        organizationName: organization.organizationName,
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
      // A visitor starts their own organization, so they manage what they create.
      const user =
        existing ??
        (await insertUser(transaction, {
          email: input.email,
          role: 'site-manager',
          language: input.language ?? 'sv',
        }));
      await this.auth.mailNewKey(transaction, user, { kind: 'registration' });
    });
    void this.context.mailer.deliverPending();
  }

  /**
   * The user if the caller may reach them: themselves; another member of their organizations to
   * read; to manage, only as a site manager. Anyone else does not exist for the caller (404).
   */
  private async reachableUser(caller: AccessClaims, idOrEmail: string, purpose: 'read' | 'manage') {
    const row = isUuid(idOrEmail)
      ? await findUserById(this.db, idOrEmail)
      : await findUserByEmail(this.db, idOrEmail);
    if (!row) throw notFound('User not found.');
    if (row.id === caller.userId) return { row, shared: [] as string[], self: true };
    const shared = await sharedOrganizationIds(this.db, caller.userId, row.id);
    if (shared.length === 0) throw notFound('User not found.');
    if (purpose === 'manage' && caller.role !== 'site-manager') {
      throw forbidden('Only site managers can change other users.');
    }
    return { row, shared, self: false };
  }

  async get(caller: AccessClaims, id: string): Promise<User> {
    return this.present((await this.reachableUser(caller, id, 'read')).row);
  }

  async update(caller: AccessClaims, email: string, input: UpdateUser): Promise<User> {
    const { row, self } = await this.reachableUser(caller, email, 'manage');
    if (input.role && input.role !== row.role && self)
      throw forbidden('You cannot change your own role.');
    if (input.newPassword && !self) throw forbidden("You cannot change another user's password.");

    let passwordHash: string | undefined;
    if (input.newPassword) {
      if (!row.passwordHash || !(await verifyPassword(input.password ?? '', row.passwordHash))) {
        throw badRequest('The current password is wrong.');
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
    const { row, shared, self } = await this.reachableUser(caller, emailOrId, 'manage');
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
    assertId(organizationId, ORGANIZATION_NOT_FOUND);
    const rows = await membersOf(this.db, organizationId, caller.userId);
    if (!rows) throw notFound(ORGANIZATION_NOT_FOUND);
    const memberships = await membershipsOf(
      this.db,
      rows.map((row) => row.user.id),
    );
    return rows.map((row) => presentUser(row.user, memberships));
  }
}
