// The one RTK Query api slice (CONVENTIONS 8): every tag type is declared here from ./tags, and
// one file per resource beside it adds its endpoints with injectEndpoints.
import { createApi } from '@reduxjs/toolkit/query/react';
import { http } from '../lib/http';
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

/**
 * Takes a deleted item's own query out of the cache. Invalidating its tag instead would fetch it
 * again while its screen is still shown (a 404 in the console); removed, nothing fetches it, and
 * coming back to its address asks the API afresh (and shows 'not found').
 */
export function forgetDeleted(
  state: CacheState,
  endpointName: string,
  tag: { type: TagType; id: string },
) {
  return api.util
    .selectInvalidatedBy(state, [tag])
    .filter((entry) => entry.endpointName === endpointName)
    .map(({ queryCacheKey }) =>
      api.internalActions.removeQueryResult({ queryCacheKey: queryCacheKey as CacheKey }),
    );
}
