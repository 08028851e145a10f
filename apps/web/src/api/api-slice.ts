// The one RTK Query api slice (CONVENTIONS 8): every tag type is declared here from ./tags, and
// one file per resource beside it adds its endpoints with injectEndpoints.
import { ErrorCode } from '@portal/contracts/error-codes';
import type { QueryReturnValue } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import { type ApiError, http } from '../lib/http';
import { httpBaseQuery } from '../lib/http-base-query';
import { TAG_TYPES, type TagType } from './tags';

export const api = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery(http),
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

type CacheState = Parameters<typeof api.util.selectInvalidatedBy>[0];
type CacheKey = Parameters<typeof api.internalActions.removeQueryResult>[0]['queryCacheKey'];

type Tag = { type: TagType; id: string };

/**
 * The items deleted through each store (keyed by its getState, which RTK Query hands the same to a
 * mutation's lifecycle and to a query): asked for again, they answer 'not found' without a request.
 */
const deletedItems = new WeakMap<() => unknown, Set<string>>();
const itemKey = (tag: Tag) => `${tag.type}/${tag.id}`;

/** What a deleted item's query answers: the API's 404, as the API would say it. */
export const DELETED_ITEM: ApiError = {
  statusCode: 404,
  error: 'Not Found',
  message: 'Deleted.',
  code: ErrorCode.notFound,
};

/**
 * Takes a deleted item's own query out of the cache. Invalidating its tag instead would fetch it
 * again while its screen is still shown (a 404 in the console). Removed, a screen or the shell
 * still subscribed starts the query again at once — so the item is remembered as deleted and its
 * query (asking `wasDeleted` first) answers 'not found' without asking; coming back to its address
 * shows 'not found' the same way.
 */
export function forgetDeleted(getState: () => CacheState, endpointName: string, tag: Tag) {
  const deleted = deletedItems.get(getState) ?? new Set<string>();
  deletedItems.set(getState, deleted);
  deleted.add(itemKey(tag));
  return api.util
    .selectInvalidatedBy(getState(), [tag])
    .filter((entry) => entry.endpointName === endpointName)
    .map(({ queryCacheKey }) =>
      api.internalActions.removeQueryResult({ queryCacheKey: queryCacheKey as CacheKey }),
    );
}

/** What a query of one item answers, as its queryFn returns it (meta: the base query's, none). */
export type ItemAnswer<Item> = QueryReturnValue<Item, ApiError, NonNullable<unknown>>;

/** Whether the item was deleted through this store: its query answers DELETED_ITEM, unasked. */
export const wasDeleted = (getState: () => unknown, tag: Tag) =>
  deletedItems.get(getState)?.has(itemKey(tag)) ?? false;
