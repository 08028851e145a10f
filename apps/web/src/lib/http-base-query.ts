// How the store's api slice calls the API: through the HTTP client (./http), with a failed call
// returned as the API's error body instead of thrown, as RTK Query expects of a base query.
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import type { ApiError } from './http';

type HttpRequest = {
  url: string;
  method?: AxiosRequestConfig['method'];
  body?: unknown;
  params?: unknown;
};

export function httpBaseQuery(client: AxiosInstance): BaseQueryFn<HttpRequest, unknown, ApiError> {
  return async ({ url, method = 'GET', body, params }) => {
    try {
      const response = await client.request({ url, method, data: body, params });
      return { data: response.data };
    } catch (error) {
      return { error: error as ApiError };
    }
  };
}
