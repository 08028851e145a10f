// The signed-in user (GET /user/{id}, the id from local storage, SPEC §3) as an endpoint of the one
// api slice with its own tag: the shell, the greeting, the profile and every screen that checks a
// role read it from the cache, and changes to the user or their organizations make it stale.
// The user slice's fetchUser part (SPEC §4) follows this endpoint (./user-slice). Roles belong to
// memberships: what a user may do in an organization follows from their role in it.

import type { Role } from '@portal/contracts/domain';
import type { User } from '@portal/contracts/users';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { USER_ID_STORAGE_KEY } from '../lib/http';
import { type AppThunk, useAppSelector } from '../lib/store-hooks';
import { api } from './api-slice';
import { TAG } from './tags';

export const currentUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The answer is the user object itself (SPEC §7). */
    getCurrentUser: build.query<User, string>({
      query: (id) => ({ url: `/user/${encodeURIComponent(id)}` }),
      providesTags: [TAG.currentUser],
    }),
    /**
     * PUT /user/{email} with the signed-in user's whole object (SPEC §3), as the profile form
     * sends it: for a change made outside that form (the header's language switch).
     */
    updateCurrentUser: build.mutation<User, User>({
      query: (user) => ({
        url: `/user/${encodeURIComponent(user.email)}`,
        method: 'PUT',
        body: user,
      }),
      transformResponse: (response: { user: User }) => response.user,
      // Fetched again rather than seeded, so SPEC §4's fetchUser part follows it too.
      invalidatesTags: (_result, error) => (error ? [] : [TAG.currentUser]),
    }),
  }),
});

/** The stored id of the signed-in user, or null when nobody is signed in. */
export function signedInUserId(): string | null {
  try {
    return localStorage.getItem(USER_ID_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The signed-in user's query: one cache entry per user id, so after a change of user nobody sees
 * the previous one's details; nothing is asked while signed out.
 */
export function useCurrentUserQuery() {
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const id = isLoggedIn ? signedInUserId() : null;
  return currentUserApi.useGetCurrentUserQuery(id ?? skipToken);
}

/** The signed-in user once fetched, else undefined. */
export const useCurrentUser = () => useCurrentUserQuery().data;

/** The user's role in one of their organizations; undefined in one they do not belong to. */
export function roleIn(user: User, organizationId: string): Role | undefined {
  return user.organizations.find((organization) => organization.id === organizationId)?.role;
}

/**
 * Whether the user is a site manager of the organization given (what its properties, areas and
 * members allow them is decided there), or without one, of their account: they manage at least
 * one organization, or have none yet and may start their own. The API decides the same way.
 */
export function isSiteManager(user: User, organizationId?: string): boolean {
  const role = organizationId === undefined ? user.role : roleIn(user, organizationId);
  return role === 'site-manager';
}

/** The organizations the user manages: the only ones a form may put a property or a member in. */
export function managedOrganizations(user: User): User['organizations'] {
  return user.organizations.filter((organization) => organization.role === 'site-manager');
}

/**
 * isSiteManager for the signed-in user; false until they are known, so nothing is offered that
 * may be refused. Pass the organization of what the screen shows, once it is loaded.
 */
export function useIsSiteManager(organizationId?: string): boolean {
  const user = useCurrentUser();
  return user !== undefined && isSiteManager(user, organizationId);
}

/**
 * Fetches the signed-in user again and settles when the answer is in: for a screen that must not
 * announce a change (a new organization) before the user's organizations show it.
 */
export const refetchCurrentUser = (): AppThunk<Promise<void>> => async (dispatch) => {
  const id = signedInUserId();
  if (!id) return;
  await dispatch(
    currentUserApi.endpoints.getCurrentUser.initiate(id, { subscribe: false, forceRefetch: true }),
  );
};
