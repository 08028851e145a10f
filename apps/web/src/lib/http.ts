// The HTTP client of SPEC §7: one API host, no timeout, the cross-site-request cookie, 2xx is
// success, and a failed call rejects with the response body (the API's error shape).
import type { ErrorResponse } from '@portal/contracts/errors';
import axios, { type AxiosInstance, isAxiosError } from 'axios';
import { API_URL } from '../config/env';

export type ApiError = ErrorResponse;

export const ACCESS_TOKEN_STORAGE_KEY = 'access';

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

export type HttpClientOptions = {
  baseURL?: string;
  /** SPEC §6: every request carries the stored access token as a bearer authorization. */
  getAccessToken?: () => string | null;
};

export function createHttpClient({
  baseURL = API_URL,
  getAccessToken = () => localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY),
}: HttpClientOptions = {}): AxiosInstance {
  const client = axios.create({
    baseURL,
    timeout: 0,
    xsrfCookieName: 'XSRF-TOKEN',
    xsrfHeaderName: 'X-XSRF-TOKEN',
    validateStatus: (status) => status >= 200 && status < 300,
  });
  client.interceptors.request.use((request) => {
    const token = getAccessToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  });
  client.interceptors.response.use(undefined, (error: unknown) =>
    Promise.reject(toApiError(error)),
  );
  return client;
}

export const http = createHttpClient();
