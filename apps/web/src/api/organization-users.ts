// An organization's members and removing one (DESIGN §4.2), as endpoints of the one api slice.
// Inviting goes through the user slice of SPEC §4 (./user-slice), which makes the same tags stale.
import type { User } from '@portal/contracts/users';
import { api } from './api-slice';
import { TAG } from './tags';

/** A member invited or removed: the member lists and the organizations' member counts. */
export const MEMBERSHIP_TAGS = [TAG.organizationUsers, TAG.organizations];

export const organizationUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrganizationUsers: build.query<User[], string>({
      query: (organizationId) => ({
        url: `/organizations/${encodeURIComponent(organizationId)}/users`,
      }),
      providesTags: (_result, _error, organizationId) => [
        { type: TAG.organizationUsers, id: organizationId },
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
