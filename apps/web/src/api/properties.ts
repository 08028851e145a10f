// Properties (DESIGN §4.2) as endpoints of the one api slice. A new or changed property seeds its
// own entry (its screen shows it without a second request); a deleted one leaves the cache.
import type { CreateProperty, Property, UpdateProperty } from '@portal/contracts/properties';
import { api, DELETED_ITEM, forgetDeleted, type ItemAnswer, wasDeleted } from './api-slice';
import { itemsOf, type Page, type PageParam, pagedList, pageParams } from './pages';
import { LIST, propertyAreasTag, TAG } from './tags';

const propertyUrl = (id: string) => `/properties/${encodeURIComponent(id)}`;

const propertyTags = (properties: Property[]) => [
  { type: TAG.properties, id: LIST },
  ...properties.map((property) => ({ type: TAG.properties, id: property.id })),
];

export const propertiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The first page of the caller's properties (at a glance), and whether there are more. */
    getProperties: build.query<Page<Property>, { limit?: number }>({
      query: (filter) => ({ url: '/properties', params: pageParams(filter, null) }),
      transformResponse: pagedList.transformResponse<Property>,
      providesTags: (result) => propertyTags(result?.items ?? []),
    }),
    /** The caller's properties, a page at a time, matching what was typed. */
    getPropertyPages: build.infiniteQuery<Page<Property>, { q?: string }, PageParam>({
      ...pagedList,
      query: ({ queryArg, pageParam }) => ({
        url: '/properties',
        params: pageParams(queryArg, pageParam),
      }),
      providesTags: (result) => propertyTags(itemsOf(result)),
    }),
    getProperty: build.query<Property, string>({
      // A deleted one is not asked for again (forgetDeleted): 'not found' without a request.
      queryFn: async (id, { getState }, _extraOptions, baseQuery) =>
        wasDeleted(getState, { type: TAG.properties, id })
          ? { error: DELETED_ITEM }
          : ((await baseQuery({ url: propertyUrl(id) })) as ItemAnswer<Property>),
      providesTags: (_result, _error, id) => [{ type: TAG.properties, id }],
    }),
    createProperty: build.mutation<Property, CreateProperty>({
      query: (body) => ({ url: '/properties', method: 'POST', body }),
      // The organizations' property counts change too; a refused one changed nothing.
      invalidatesTags: (_result, error) =>
        error ? [] : [{ type: TAG.properties, id: LIST }, TAG.organizations],
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        const { data: created } = await queryFulfilled.catch(() => ({ data: undefined }));
        // Its overview shows it at once instead of fetching what the answer already holds.
        if (created) dispatch(seedProperty(created));
      },
    }),
    updateProperty: build.mutation<Property, { id: string } & UpdateProperty>({
      query: ({ id, ...body }) => ({ url: propertyUrl(id), method: 'PUT', body }),
      // The property's own tag too: what is read per property (its alerts) follows the change.
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [{ type: TAG.properties, id: LIST }, { type: TAG.properties, id }, TAG.organizations],
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        const { data: updated } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (updated) dispatch(seedProperty(updated));
      },
    }),
    deleteProperty: build.mutation<void, { id: string }>({
      query: ({ id }) => ({ url: propertyUrl(id), method: 'DELETE' }),
      // Its areas go with it; the lists and the organizations' counts change.
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [{ type: TAG.properties, id: LIST }, propertyAreasTag(id), TAG.organizations],
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        if (await queryFulfilled.then(() => true).catch(() => false))
          for (const action of forgetDeleted(getState, 'getProperty', {
            type: TAG.properties,
            id,
          }))
            dispatch(action);
      },
    }),
  }),
});

const seedProperty = (property: Property) =>
  propertiesApi.util.upsertQueryEntries([
    { endpointName: 'getProperty', arg: property.id, value: property },
  ]);

export const {
  useGetPropertiesQuery,
  useGetPropertyPagesInfiniteQuery,
  useGetPropertyQuery,
  useCreatePropertyMutation,
  useUpdatePropertyMutation,
  useDeletePropertyMutation,
} = propertiesApi;
