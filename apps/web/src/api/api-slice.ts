// The one RTK Query api slice (CONVENTIONS 8); features add their endpoints with injectEndpoints.
import { type BaseQueryFn, createApi } from '@reduxjs/toolkit/query/react';
import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import { type ApiError, http } from './http';

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

export const api = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery(http),
  endpoints: () => ({}),
});
