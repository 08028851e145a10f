// For tests: a fresh store, or one in which someone is signed in as after a sign-in and the
// shell's fetch of the user — the session's keys in local storage (SPEC §3), the user in the api
// cache (api/current-user) and in the user slice's fetchUser part that follows it.
import type { User } from '@portal/contracts/users';
import { currentUserApi } from '../api/current-user';
import { initialUserState } from '../api/user-slice';
// Imported for what it does: every store made here has the shell's part of the state from the
// start (as once the shell has loaded), so screens and the api cache can be tested on their own.
import '../app/shell/shell-state';
import { makeStore } from '../app/store';
import { karin } from './people';

export type { AppStore } from '../app/store';
export { makeStore };

/** The session's keys as a sign-in leaves them; `id` is the signed-in user's. */
export function storeSession(id: string = karin.id) {
  localStorage.setItem('access', 'access-token');
  localStorage.setItem('session', 'refresh-token');
  localStorage.setItem('id', id);
}

/** Signed in as `user`, already fetched; null: signed in as Karin, not fetched yet. */
export function signedInStore(user: User | null = karin) {
  storeSession(user?.id);
  const store = makeStore({
    user: { ...initialUserState(), fetchUser: { user, error: '', success: '' } },
  });
  if (user)
    store.dispatch(
      currentUserApi.util.upsertQueryEntries([
        { endpointName: 'getCurrentUser', arg: user.id, value: user },
      ]),
    );
  return store;
}
