// For tests: the loopback API server (./test-api) for a whole test file, with the HTTP
// client pointed at it meanwhile, and the API's body for a failure.
import type { ErrorResponse } from '@portal/contracts/errors';
import { afterAll, beforeAll } from 'vitest';
import { http } from '../lib/http';
import { type Respond, startTestApi } from './test-api';

type TestApi = Awaited<ReturnType<typeof startTestApi>>;

/** Starts the server before the file's tests and stops it after them; call at the top level. */
export function serveTestApi() {
  let api: TestApi | undefined;
  let apiURL: string | undefined;

  beforeAll(async () => {
    api = await startTestApi();
    apiURL = http.defaults.baseURL;
    http.defaults.baseURL = api.url;
  });

  afterAll(async () => {
    http.defaults.baseURL = apiURL;
    await api?.close();
  });

  const started = () => {
    if (!api) throw new Error('The test API server runs only while the tests do.');
    return api;
  };
  return {
    get url() {
      return started().url;
    },
    get requests() {
      return started().requests;
    },
    answer: (next: Respond) => started().answer(next),
  };
}

/** The API's error body; `extra` adds its code and details (packages/contracts error-codes). */
export const failure = (
  status: number,
  message: string,
  extra: Partial<Pick<ErrorResponse, 'code' | 'details' | 'retryAfterSeconds'>> = {},
) => ({
  status,
  body: { statusCode: status, error: 'Error', message, ...extra },
});
