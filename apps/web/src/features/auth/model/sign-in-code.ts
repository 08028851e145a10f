// The sign-in call's code — the thunk and the HTTP client behind it (axios) — as a chunk of its
// own: the sign-in screen fetches it once the visitor starts on the form, not before the form
// shows (W7, docs/web-loading.md). The module loader keeps it once fetched.

export const loadSignInCode = () => import('./auth-thunks');
