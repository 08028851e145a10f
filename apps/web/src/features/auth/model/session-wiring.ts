// Lets the HTTP client tell the store about the session (SPEC §8): a refreshed access token, or a
// session that could not be refreshed. lib/ cannot import the store, so the app connects them once.
// It listens through lib/session-events, so connecting loads no axios: the client itself arrives
// with the first screen that calls the API (docs/web-loading.md).
import type { Dispatch } from '@reduxjs/toolkit';
import { accessTokenCleared, accessTokenSet, logout } from '../../../lib/auth-slice';
import type { HttpClient } from '../../../lib/http';
import { listenToSession, type SessionCallbacks } from '../../../lib/session-events';

/**
 * Call once with the app's store; returns a function that disconnects it again. Without `client`
 * it listens to the app's own client (lib/http's `http`).
 */
export function connectHttpClientToStore(
  store: { dispatch: Dispatch },
  client?: Pick<HttpClient, 'setSessionCallbacks'>,
): () => void {
  const callbacks: SessionCallbacks = {
    onAccessToken: (accessToken) => store.dispatch(accessTokenSet(accessToken)),
    onSessionEnded: () => {
      // SPEC §8: the access token is cleared and the user is logged out.
      store.dispatch(accessTokenCleared());
      store.dispatch(logout());
    },
  };
  return client ? client.setSessionCallbacks(callbacks) : listenToSession(callbacks);
}
