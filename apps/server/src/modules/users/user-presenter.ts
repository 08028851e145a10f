// Shapes a stored user as the API's User (never the password hash).
import type { Role } from '@portal/contracts/domain';
import type { User } from '@portal/contracts/users';
import { accountRole } from '../../access/policies';
import type { Membership, UserRow } from './users.repository';

/**
 * The user with their organizations and their role in each. `role` is their account's role
 * (policies.ts accountRole), or, in an organization's member list, `roleInOrganization`: their
 * role in the organization listed.
 */
export function presentUser(
  row: UserRow,
  memberships: Membership[],
  roleInOrganization?: Role,
): User {
  const own = memberships.filter((membership) => membership.userId === row.id);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    role: roleInOrganization ?? accountRole(own.map((membership) => membership.role)),
    language: row.language,
    invitationStatus: row.invitationStatus,
    pushNotifications: row.pushNotifications,
    emailNotifications: row.emailNotifications,
    organizations: own.map((membership) => ({
      id: membership.organizationId,
      name: membership.organizationName,
      role: membership.role,
    })),
  };
}
