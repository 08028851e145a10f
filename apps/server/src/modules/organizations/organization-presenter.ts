// Shapes a stored organization with its counts as the API's Organization.
import type { Organization } from '@portal/contracts/organizations';
import type { OrganizationWithCounts } from './organizations.repository';

export function presentOrganization(row: OrganizationWithCounts): Organization {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    propertyCount: row.propertyCount,
    memberCount: row.memberCount,
    createdAt: row.createdAt.toISOString(),
  };
}
