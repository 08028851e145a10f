// SPEC §3: where a session lives in local storage. Apart from the HTTP client, so the auth state
// and the sign-in screen read them without loading axios (docs/web-loading.md).

export const ACCESS_TOKEN_STORAGE_KEY = 'access';
export const REFRESH_TOKEN_STORAGE_KEY = 'session';
export const USER_ID_STORAGE_KEY = 'id';
