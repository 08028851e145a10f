// Shapes a stored user as the API's User (never the password hash).
import type { User } from '@portal/contracts/users';
import type { Membership, UserRow } from './users.repository';

export function presentUser(row: UserRow, memberships: Membership[]): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    role: row.role,
    language: row.language,
    invitationStatus: row.invitationStatus,
    pushNotifications: row.pushNotifications,
    emailNotifications: row.emailNotifications,
    organizations: memberships
      .filter((membership) => membership.userId === row.id)
      .map((membership) => ({ id: membership.organizationId, name: membership.organizationName })),
  };
}
