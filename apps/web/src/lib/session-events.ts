// How the HTTP client tells the app about the session (SPEC §8): a refreshed access token, or a
// session that could not be refreshed. Kept apart from the client so the app can listen from the
// start while the client itself (axios) loads only with the first screen that calls the API.

export type SessionCallbacks = {
  /** A refresh produced a new access token (already stored). */
  onAccessToken?: (accessToken: string) => void;
  /** The session could not be refreshed; local storage has been cleared. */
  onSessionEnded?: () => void;
};

let listeners: SessionCallbacks = {};

/** Listens to the app's HTTP client; returns a function that puts the previous listeners back. */
export function listenToSession(next: SessionCallbacks): () => void {
  const previous = listeners;
  listeners = next;
  return () => {
    listeners = previous;
  };
}

/** What the app's HTTP client calls: whoever listens at that moment hears it. */
export const sessionEvents: Required<SessionCallbacks> = {
  onAccessToken: (accessToken) => listeners.onAccessToken?.(accessToken),
  onSessionEnded: () => listeners.onSessionEnded?.(),
};
