// Lets the HTTP client tell the store about the session (SPEC §8): a refreshed access token, or a
// session that could not be refreshed. lib/ cannot import the store, so the app connects them once.
import type { Dispatch } from '@reduxjs/toolkit';
import { accessTokenCleared, accessTokenSet, logout } from '../../../lib/auth-slice';
import { type HttpClient, http } from '../../../lib/http';

/** Call once with the app's store; returns a function that disconnects it again. */
export function connectHttpClientToStore(
  store: { dispatch: Dispatch },
  client: HttpClient = http,
): () => void {
  return client.setSessionCallbacks({
    onAccessToken: (accessToken) => store.dispatch(accessTokenSet(accessToken)),
    onSessionEnded: () => {
      // SPEC §8: the access token is cleared and the user is logged out.
      store.dispatch(accessTokenCleared());
      store.dispatch(logout());
    },
  });
}
