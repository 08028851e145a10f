// For tests: the demo's people as the API describes them, and a store in which one is signed in.
import type { User } from '@portal/contracts/users';
import { makeStore } from '../app/store';
import { initialUserState } from '../app/user-slice';

export const SOLROSEN = { id: '5a0c9a52-3f43-4c1e-9a57-6b1f0b7c2d11', name: 'Brf Solrosen' };

export const karin: User = {
  id: '0b5d3c52-8a5e-4d55-9f6a-3f1a2b9c7d10',
  email: 'forvaltare@example.se',
  name: 'Karin Lund',
  phone: '070-123 45 67',
  role: 'site-manager',
  language: 'sv',
  invitationStatus: 'accepted',
  pushNotifications: true,
  emailNotifications: false,
  organizations: [SOLROSEN],
};

export const erik: User = {
  ...karin,
  id: 'c7a1f0d2-1b1e-4a4f-8f0e-5a6b7c8d9e0f',
  email: 'styrelsen@example.se',
  name: 'Erik Styrelse',
  phone: '',
  role: 'user',
  pushNotifications: false,
  emailNotifications: true,
};

/**
 * A store whose signed-in user (state.user.fetchUser.user) is `user`, with the session's keys in
 * local storage as after a sign-in (SPEC §3), so the shell's guard lets the user in.
 */
export function storeSignedInAs(user: User | null, { error = '' } = {}) {
  localStorage.setItem('access', 'access-token');
  localStorage.setItem('session', 'refresh-token');
  if (user) localStorage.setItem('id', user.id);
  return makeStore({
    user: { ...initialUserState(), fetchUser: { user, error, success: '' } },
  });
}

export const BRF_VALLMON = { id: '9e8d7c6b-5a49-4382-9170-6f5e4d3c2b1a', name: 'Brf Vallmon' };

/** Invited, not signed up yet. */
export const newcomer: User = {
  ...erik,
  id: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a98',
  email: 'ny.medlem@example.se',
  name: '',
  invitationStatus: 'pending',
};
