// Listing, creating, changing and deleting the caller's organizations (DESIGN §4.2, §5).
import type {
  CreateOrganizationSchema,
  Organization,
  UpdateOrganizationSchema,
} from '@portal/contracts/organizations';
import type { z } from 'zod';
import { ORGANIZATION_NOT_FOUND } from '../../access/not-found';
import { accountRole, authorize, authorizeIn, CREATOR_ROLE } from '../../access/policies';
import { lockMembershipRolesOf, lockMembershipsOf } from '../../access/tenancy';
import type { AppContext } from '../../context';
import { accountGone, isForeignKeyViolation, notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import { addMembership } from '../users/users.repository';
import { presentOrganization } from './organization-presenter';
import {
  deleteOrganization,
  findOrganization,
  insertOrganization,
  listOrganizations,
  updateOrganization,
} from './organizations.repository';

export class OrganizationsService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.database.db;
  }

  async list(caller: AccessClaims): Promise<Organization[]> {
    return (await listOrganizations(this.db, caller.userId)).map(presentOrganization);
  }

  async get(caller: AccessClaims, id: string): Promise<Organization> {
    const row = await findOrganization(this.db, id, caller.userId);
    if (!row) throw notFound(ORGANIZATION_NOT_FOUND);
    return presentOrganization(row);
  }

  /**
   * The creator becomes its first member, in the same transaction, so it is never orphaned. Who
   * may create one follows the account's role as the memberships say in that transaction, not the
   * token's claim: a site manager demoted in their last organization is refused at once.
   */
  async create(
    caller: AccessClaims,
    input: z.output<typeof CreateOrganizationSchema>,
  ): Promise<Organization> {
    const created = await this.db
      .transaction(async (transaction) => {
        const roles = await lockMembershipRolesOf(transaction, caller.userId);
        authorize(accountRole(roles), 'organization.create');
        const organization = await insertOrganization(transaction, input);
        await addMembership(transaction, organization.id, caller.userId, CREATOR_ROLE);
        return findOrganization(transaction, organization.id, caller.userId);
      })
      .catch((error) => {
        // The caller's account was deleted while their token lives on (tokens.ts): 401.
        throw isForeignKeyViolation(error) ? accountGone() : error;
      });
    if (!created) throw new Error('the new organization could not be read back');
    return presentOrganization(created);
  }

  async update(
    caller: AccessClaims,
    id: string,
    input: z.output<typeof UpdateOrganizationSchema>,
  ): Promise<Organization> {
    await this.get(caller, id);
    await this.db.transaction(async (transaction) => {
      await authorizeIn(transaction, caller, id, 'organization.change', ORGANIZATION_NOT_FOUND);
      if (!(await updateOrganization(transaction, id, caller.userId, input)))
        throw notFound(ORGANIZATION_NOT_FOUND);
    });
    return this.get(caller, id);
  }

  async delete(caller: AccessClaims, id: string) {
    await this.get(caller, id);
    await this.db.transaction(async (transaction) => {
      // The memberships first, as deleting takes them (organizations.repository.ts), and the
      // caller's role read under that lock.
      await lockMembershipsOf(transaction, [id]);
      await authorizeIn(transaction, caller, id, 'organization.change', ORGANIZATION_NOT_FOUND);
      if (!(await deleteOrganization(transaction, id, caller.userId)))
        throw notFound(ORGANIZATION_NOT_FOUND);
    });
  }
}
