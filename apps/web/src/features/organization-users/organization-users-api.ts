// An organization's members and removing one (DESIGN §4.2), as endpoints of the one api slice.
// Inviting goes through the user slice (SPEC §4) and then invalidates the members tag.
import type { User } from '@portal/contracts/users';
import { api } from '../../lib/api';

export const ORGANIZATION_USERS_TAG = 'OrganizationUsers';

export const organizationUsersApi = api
  .enhanceEndpoints({ addTagTypes: [ORGANIZATION_USERS_TAG] })
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
        // The member leaves every organization the two share, so every member list may change.
        invalidatesTags: [ORGANIZATION_USERS_TAG],
      }),
    }),
  });

export const { useGetOrganizationUsersQuery, useRemoveUserMutation } = organizationUsersApi;

/** After an invitation: the member lists fetch again, now with the invited address. */
export const refreshOrganizationUsers = () =>
  organizationUsersApi.util.invalidateTags([ORGANIZATION_USERS_TAG]);
