// For cache tests: queries primed and kept subscribed as a screen keeps them, and the GETs the
// loopback API (./serve-test-api) receives after a mutation, so a test reads what went stale.
import { expect, vi } from 'vitest';
import type { serveTestApi } from './serve-test-api';

type TestApi = ReturnType<typeof serveTestApi>;
/** What dispatching a query's initiate returns. */
type Subscription = { unwrap: () => Promise<unknown>; unsubscribe: () => void };

/**
 * Waits until `subscriptions` have been fetched and forgets the requests so far, so the ones
 * recorded next are the test's. Returns a function that lets the queries go.
 */
export async function primed(api: TestApi, subscriptions: Subscription[]) {
  await Promise.all(subscriptions.map((subscription) => subscription.unwrap()));
  api.requests.length = 0;
  return () => {
    for (const subscription of subscriptions) subscription.unsubscribe();
  };
}

/** The URLs fetched (GET) since priming, sorted, once every one of `expected` has been. */
export async function refetched(api: TestApi, expected: string[]) {
  const gets = () =>
    api.requests
      .filter((request) => request.method === 'GET')
      .map((request) => request.url ?? '')
      .sort();
  await vi.waitFor(() => expect(gets()).toEqual(expect.arrayContaining(expected)));
  return gets();
}
