// The HTTP client of SPEC §7–8: one API host, no timeout, the cross-site-request cookie, 2xx is
// success, a failed call rejects with the response body (the API's error shape), and an expired
// access token (418) is refreshed once, for all requests waiting on it, and the request replayed.
import type { ErrorResponse } from '@portal/contracts/errors';
import axios, {
  AxiosHeaders,
  type AxiosInstance,
  type InternalAxiosRequestConfig,
  isAxiosError,
} from 'axios';
import { API_URL } from '../config/env';
import { type SessionCallbacks, sessionEvents } from './session-events';
import {
  ACCESS_TOKEN_STORAGE_KEY,
  REFRESH_TOKEN_STORAGE_KEY,
  USER_ID_STORAGE_KEY,
} from './session-keys';

export type ApiError = ErrorResponse;
export type { SessionCallbacks };
/** SPEC §3: the local-storage keys of a session (./session-keys). */
export { ACCESS_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY, USER_ID_STORAGE_KEY };

/** SPEC §8: the status the API answers on every call whose access token has expired. */
export const TOKEN_EXPIRED_STATUS = 418;

const REFRESH_PATH = '/auth/refresh/';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * For calls that manage the session themselves (refresh, logout): sent without the stored
     * access token, and a 418 is passed on instead of refreshing.
     */
    withoutSession?: boolean;
    /** Set on the replay of a request after a refresh, so it is never refreshed twice (SPEC §9). */
    sessionRetried?: boolean;
  }
}

/** Turns whatever a failed call produced into the error the caller sees. */
export function toApiError(error: unknown): ApiError {
  if (isAxiosError(error) && error.response) {
    const body = error.response.data as Partial<ErrorResponse> | undefined;
    if (body && typeof body === 'object' && typeof body.message === 'string')
      return body as ApiError;
    return {
      statusCode: error.response.status,
      error: error.response.statusText || 'Error',
      message: typeof body === 'string' && body ? body : error.message,
    };
  }
  // No response at all: the network or the server is unreachable.
  return {
    statusCode: 0,
    error: 'Network Error',
    message: (error as Error)?.message ?? 'Network Error',
  };
}

/** The part of the Web Storage API the client uses. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'clear'>;

export type HttpClientOptions = SessionCallbacks & {
  baseURL?: string;
  /** Where the session lives; the browser's local storage unless a test gives its own. */
  storage?: KeyValueStorage;
  /**
   * SPEC §6: every request carries the stored access token as a bearer authorization. Reads
   * `access` from the storage unless given.
   */
  getAccessToken?: () => string | null;
};

export type HttpClient = AxiosInstance & {
  /** Replaces the session callbacks; returns a function that puts the previous ones back. */
  setSessionCallbacks: (callbacks: SessionCallbacks) => () => void;
};

type RefreshAnswer = { accessToken?: unknown; refreshToken?: unknown };

const bearer = (token: string) => `Bearer ${token}`;

export function createHttpClient({
  baseURL = API_URL,
  storage,
  getAccessToken,
  onAccessToken,
  onSessionEnded,
}: HttpClientOptions = {}): HttpClient {
  // Resolved on use: tests in the node environment have no localStorage at all.
  const storageInUse = (): KeyValueStorage | undefined =>
    storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  const readAccessToken =
    getAccessToken ?? (() => storageInUse()?.getItem(ACCESS_TOKEN_STORAGE_KEY) ?? null);
  let callbacks: SessionCallbacks = { onAccessToken, onSessionEnded };

  const client = axios.create({
    baseURL,
    timeout: 0,
    xsrfCookieName: 'XSRF-TOKEN',
    xsrfHeaderName: 'X-XSRF-TOKEN',
    validateStatus: (status) => status >= 200 && status < 300,
  });

  client.interceptors.request.use((request) => {
    // A replay already carries the refreshed token.
    if (request.withoutSession || request.sessionRetried) return request;
    const token = readAccessToken();
    if (token) request.headers.set('Authorization', bearer(token));
    return request;
  });

  /** The refresh in flight, if any: every 418 that arrives meanwhile waits for this one. */
  let refreshing: Promise<string> | undefined;

  async function refresh(): Promise<string> {
    const store = storageInUse();
    const refreshToken = store?.getItem(REFRESH_TOKEN_STORAGE_KEY);
    const id = store?.getItem(USER_ID_STORAGE_KEY);
    let accessToken: string;
    try {
      if (!refreshToken || !id) throw new Error('No stored session to refresh.');
      const { data } = await client.post<RefreshAnswer>(
        REFRESH_PATH,
        { refreshToken, id },
        { withoutSession: true },
      );
      if (typeof data?.accessToken !== 'string' || !data.accessToken)
        throw new Error('The refresh answer has no access token.');
      store?.setItem(ACCESS_TOKEN_STORAGE_KEY, data.accessToken);
      // DESIGN §4.1: the server rotates the refresh token; the old one is spent.
      if (typeof data.refreshToken === 'string' && data.refreshToken)
        store?.setItem(REFRESH_TOKEN_STORAGE_KEY, data.refreshToken);
      accessToken = data.accessToken;
    } catch (error) {
      // SPEC §8: a failed refresh clears all local storage and logs the user out.
      store?.clear();
      callbacks.onSessionEnded?.();
      throw error;
    }
    callbacks.onAccessToken?.(accessToken);
    return accessToken;
  }

  function refreshOnce(): Promise<string> {
    refreshing ??= refresh().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  /** The token to replay an expired request with, or undefined when the session has ended. */
  async function freshAccessToken(
    expired: InternalAxiosRequestConfig,
  ): Promise<string | undefined> {
    if (!refreshing) {
      // This request left before an earlier refresh finished: its token is already replaced.
      const current = readAccessToken();
      if (current && expired.headers.get('Authorization') !== bearer(current)) return current;
    }
    try {
      return await refreshOnce();
    } catch {
      return undefined;
    }
  }

  client.interceptors.response.use(undefined, async (error: unknown) => {
    const request = isAxiosError(error) ? error.config : undefined;
    const expired = isAxiosError(error) && error.response?.status === TOKEN_EXPIRED_STATUS;
    if (!request || !expired || request.withoutSession || request.sessionRetried)
      throw toApiError(error);
    const token = await freshAccessToken(request);
    if (!token) throw toApiError(error);
    const headers = AxiosHeaders.from(request.headers);
    headers.set('Authorization', bearer(token));
    return client.request({ ...request, headers, sessionRetried: true });
  });

  return Object.assign(client, {
    setSessionCallbacks(next: SessionCallbacks) {
      const previous = callbacks;
      callbacks = next;
      return () => {
        callbacks = previous;
      };
    },
  });
}

/** The app's client: it tells whoever listens through ./session-events (main.tsx: the store). */
export const http = createHttpClient(sessionEvents);
