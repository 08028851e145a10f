// For tests: a store in which someone is signed in, as after a sign-in and the shell's fetch of
// the user; the session's keys are in local storage as the app keeps them (SPEC §3).
import type { User } from '@portal/contracts/users';
import { makeStore } from '../store';
import { initialUserState } from '../user-slice';

export const signedInUser: User = {
  id: '0b5d3c52-8a5e-4d55-9f6a-3f1a2b9c7d10',
  email: 'forvaltare@example.se',
  name: 'Karin Lund',
  phone: '070-123 45 67',
  role: 'site-manager',
  language: 'sv',
  invitationStatus: 'accepted',
  pushNotifications: true,
  emailNotifications: false,
  organizations: [{ id: '5a0c9a52-3f43-4c1e-9a57-6b1f0b7c2d11', name: 'Brf Solrosen' }],
};

export function storeSession(id: string = signedInUser.id) {
  localStorage.setItem('access', 'access-token');
  localStorage.setItem('session', 'refresh-token');
  localStorage.setItem('id', id);
}

/** Signed in; `user` is the user already fetched (null: not fetched yet). */
export function signedInStore(user: User | null = signedInUser) {
  storeSession(user?.id);
  return makeStore({
    user: { ...initialUserState(), fetchUser: { user, error: '', success: '' } },
  });
}
