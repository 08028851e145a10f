// An organization's members, changing a member's role, sending a pending member's invitation
// again and removing one (DESIGN §4.2, docs/accounts.md), as endpoints of the one api slice.
// Inviting goes through the user slice of SPEC §4 (./user-slice), which makes the same tags stale.
import type { Role } from '@portal/contracts/domain';
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
    /**
     * PUT /user/{email} with the member's whole user object (SPEC §3) and the new role. Refused
     * with 409 LAST_SITE_MANAGER for the only site manager of an organization, 403 for one's own
     * role or a caller who is no site manager.
     */
    changeMemberRole: build.mutation<User, { member: User; role: Role }>({
      query: ({ member, role }) => ({
        url: `/user/${encodeURIComponent(member.email)}`,
        method: 'PUT',
        body: { ...member, role },
      }),
      transformResponse: (response: { user: User }) => response.user,
      // The member may be in several of the caller's organizations, and the signed-in user may
      // be among them: every member list and the current user are stale.
      invalidatesTags: (_result, error) => (error ? [] : [TAG.organizationUsers, TAG.currentUser]),
      async onQueryStarted(_request, { dispatch, getState, queryFulfilled }) {
        const { data: changed } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!changed) return;
        // The lists show the new role at once, while they are fetched again.
        for (const entry of api.util.selectInvalidatedBy(getState(), [TAG.organizationUsers]))
          if (entry.endpointName === 'getOrganizationUsers')
            dispatch(
              organizationUsersApi.util.updateQueryData(
                'getOrganizationUsers',
                entry.originalArgs as string,
                (members) => members.map((member) => (member.id === changed.id ? changed : member)),
              ),
            );
      },
    }),
    /** POST …/users/{userId}/invitation: a new link for a pending member; the old one stops working. */
    resendInvitation: build.mutation<void, { organizationId: string; userId: string }>({
      query: ({ organizationId, userId }) => ({
        url: `/organizations/${encodeURIComponent(organizationId)}/users/${encodeURIComponent(userId)}/invitation`,
        method: 'POST',
      }),
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

export const {
  useGetOrganizationUsersQuery,
  useChangeMemberRoleMutation,
  useResendInvitationMutation,
  useRemoveUserMutation,
} = organizationUsersApi;
