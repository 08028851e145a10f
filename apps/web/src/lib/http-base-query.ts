// How the store's api slice calls the API: through the HTTP client (./http), with a failed call
// returned as the API's error body instead of thrown, as RTK Query expects of a base query. A
// paged list's next cursor (./next-page) comes along as the answer's meta.
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import type { ApiError } from './http';
import { nextCursorIn } from './next-page';

type HttpRequest = {
  url: string;
  method?: AxiosRequestConfig['method'];
  body?: unknown;
  params?: unknown;
};

/** What a successful answer says besides its body. */
export type AnswerMeta = { nextCursor?: string };

export function httpBaseQuery(
  client: AxiosInstance,
): BaseQueryFn<HttpRequest, unknown, ApiError, NonNullable<unknown>, AnswerMeta> {
  return async ({ url, method = 'GET', body, params }) => {
    try {
      const response = await client.request({ url, method, data: body, params });
      const nextCursor = nextCursorIn(response.headers.link);
      return { data: response.data, meta: nextCursor ? { nextCursor } : {} };
    } catch (error) {
      return { error: error as ApiError };
    }
  };
}
