// An organization's members and removing one (DESIGN §4.2), as endpoints of the one api slice.
// Inviting goes through the user slice (SPEC §4) and then invalidates the members tag; both change
// the organizations' member counts.
import type { User } from '@portal/contracts/users';
import { api } from '../../lib/api';

export const ORGANIZATION_USERS_TAG = 'OrganizationUsers';
/** The organizations feature's tag, shared by name: its member counts change with the members. */
const ORGANIZATIONS_TAG = 'Organizations';
/** A member invited or removed: the member lists and the organizations' member counts. */
const MEMBERSHIP_TAGS = [ORGANIZATION_USERS_TAG, ORGANIZATIONS_TAG];

export const organizationUsersApi = api
  .enhanceEndpoints({ addTagTypes: MEMBERSHIP_TAGS })
  .injectEndpoints({
    endpoints: (build) => ({
      getOrganizationUsers: build.query<User[], string>({
        query: (organizationId) => ({
          url: `/organizations/${encodeURIComponent(organizationId)}/users`,
        }),
        providesTags: (_result, _error, organizationId) => [
          { type: ORGANIZATION_USERS_TAG, id: organizationId },
        ],
      }),
      /** DELETE /user/{id}: a site manager removes a member from the organizations they share. */
      removeUser: build.mutation<void, { id: string }>({
        query: ({ id }) => ({ url: `/user/${encodeURIComponent(id)}`, method: 'DELETE' }),
        // The member leaves every organization the two share, so every member list and member
        // count may change.
        invalidatesTags: MEMBERSHIP_TAGS,
      }),
    }),
  });

export const { useGetOrganizationUsersQuery, useRemoveUserMutation } = organizationUsersApi;

/** After an invitation: the member lists and counts fetch again, now with the invited address. */
export const refreshOrganizationUsers = () =>
  organizationUsersApi.util.invalidateTags(MEMBERSHIP_TAGS);
