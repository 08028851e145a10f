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
     * PUT /user/{email} with the member's whole user object (SPEC §3), the new role and the
     * organization it is their role in: roles belong to memberships, so the same person keeps
     * their role in every other organization. Refused with 403 for one's own role or a caller who
     * does not manage that organization (and for a change to the member's profile, should the
     * object sent be older than theirs), 404 for someone no longer a member.
     */
    changeMemberRole: build.mutation<User, { member: User; role: Role; organizationId: string }>({
      query: ({ member, role, organizationId }) => ({
        url: `/user/${encodeURIComponent(member.email)}`,
        method: 'PUT',
        body: { ...member, role, organizationId },
      }),
      transformResponse: (response: { user: User }) => response.user,
      // Only that organization's members change: the signed-in user's own role never does here.
      invalidatesTags: (_result, error, { organizationId }) =>
        error ? [] : [{ type: TAG.organizationUsers, id: organizationId }],
      async onQueryStarted({ organizationId, role }, { dispatch, queryFulfilled }) {
        const { data: changed } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!changed) return;
        // The list shows the new role at once, while it is fetched again. The answer's `role` is
        // the member's account role; the list shows their role in this organization.
        const roleHere =
          changed.organizations.find((organization) => organization.id === organizationId)?.role ??
          role;
        dispatch(
          organizationUsersApi.util.updateQueryData(
            'getOrganizationUsers',
            organizationId,
            (members) =>
              members.map((member) =>
                member.id === changed.id ? { ...changed, role: roleHere } : member,
              ),
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
    /** DELETE /user/{id}?organizationId=: a site manager removes a member from that organization. */
    removeUser: build.mutation<void, { id: string; organizationId: string }>({
      query: ({ id, organizationId }) => ({
        url: `/user/${encodeURIComponent(id)}`,
        method: 'DELETE',
        params: { organizationId },
      }),
      // Its member list and member count change; the removed member's others are not the
      // caller's to see.
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
