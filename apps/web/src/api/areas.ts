// The areas of a property (DESIGN §4.2) as endpoints of the one api slice. They share the cache
// with properties through the tags: an area added, changed or removed changes its property's area
// counts. A new or changed area seeds its own entry; a deleted one leaves the cache.
import type { Area, CreateArea, CreateAreas, UpdateArea } from '@portal/contracts/areas';
import type { AreaType } from '@portal/contracts/domain';
import { api, DELETED_ITEM, forgetDeleted, type ItemAnswer, wasDeleted } from './api-slice';
import { itemsOf, type Page, type PageParam, pagedList, pageParams } from './pages';
import { LIST, propertyAreasTag, propertyDeviceLogTag, TAG } from './tags';

export type AreaFilters = { propertyId: string; type?: AreaType; q?: string };

const propertyUrl = (id: string) => `/properties/${encodeURIComponent(id)}`;
const areaUrl = (id: string) => `/areas/${encodeURIComponent(id)}`;

/** An area added, changed or removed: the property's area list and its counts are stale. */
const areaChanges = (propertyId: string) =>
  [
    propertyAreasTag(propertyId),
    // A deleted area's devices are logged as deleted.
    propertyDeviceLogTag(propertyId),
    { type: TAG.properties, id: propertyId },
    { type: TAG.properties, id: LIST },
  ] as const;

export const areasApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A property's areas, a page at a time: of one type, or matching what was typed. */
    getAreas: build.infiniteQuery<Page<Area>, AreaFilters, PageParam>({
      ...pagedList,
      query: ({ queryArg: { propertyId, ...filters }, pageParam }) => ({
        url: `${propertyUrl(propertyId)}/areas`,
        params: pageParams(filters, pageParam),
      }),
      providesTags: (result, _error, { propertyId }) => [
        propertyAreasTag(propertyId),
        ...itemsOf(result).map((area) => ({ type: TAG.areas, id: area.id })),
      ],
    }),
    getArea: build.query<Area, string>({
      // A deleted one is not asked for again (forgetDeleted): 'not found' without a request.
      queryFn: async (id, { getState }, _extraOptions, baseQuery) =>
        wasDeleted(getState, { type: TAG.areas, id })
          ? { error: DELETED_ITEM }
          : ((await baseQuery({ url: areaUrl(id) })) as ItemAnswer<Area>),
      providesTags: (_result, _error, id) => [{ type: TAG.areas, id }],
    }),
    createArea: build.mutation<Area, { propertyId: string } & CreateArea>({
      query: ({ propertyId, ...body }) => ({
        url: `${propertyUrl(propertyId)}/areas`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, error, { propertyId }) => (error ? [] : areaChanges(propertyId)),
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        const { data: created } = await queryFulfilled.catch(() => ({ data: undefined }));
        // The new area's screen has it already: no second request, no 'Loading...'.
        if (created) dispatch(seedArea(created));
      },
    }),
    createAreas: build.mutation<Area[], { propertyId: string } & CreateAreas>({
      query: ({ propertyId, ...body }) => ({
        url: `${propertyUrl(propertyId)}/areas/bulk`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, error, { propertyId }) => (error ? [] : areaChanges(propertyId)),
    }),
    updateArea: build.mutation<Area, { id: string; propertyId: string } & UpdateArea>({
      query: ({ id, propertyId: _propertyId, ...body }) => ({
        url: areaUrl(id),
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, error, { propertyId }) => (error ? [] : areaChanges(propertyId)),
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        const { data: updated } = await queryFulfilled.catch(() => ({ data: undefined }));
        // The area's screen shows the saved values at once, not the old ones until a refetch.
        if (updated) dispatch(seedArea(updated));
      },
    }),
    deleteArea: build.mutation<void, { id: string; propertyId: string }>({
      query: ({ id }) => ({ url: areaUrl(id), method: 'DELETE' }),
      invalidatesTags: (_result, error, { propertyId }) => (error ? [] : areaChanges(propertyId)),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        if (await queryFulfilled.then(() => true).catch(() => false))
          for (const action of forgetDeleted(getState, 'getArea', { type: TAG.areas, id }))
            dispatch(action);
      },
    }),
  }),
});

const seedArea = (area: Area) =>
  areasApi.util.upsertQueryEntries([{ endpointName: 'getArea', arg: area.id, value: area }]);

export const {
  useGetAreasInfiniteQuery,
  useGetAreaQuery,
  useCreateAreaMutation,
  useCreateAreasMutation,
  useUpdateAreaMutation,
  useDeleteAreaMutation,
} = areasApi;
