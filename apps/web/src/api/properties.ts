// Properties and their areas (DESIGN §4.2) as endpoints of the one api slice. Areas live here too:
// they are the inside of a property, and creating one changes the property's area counts.
import type { Area, CreateArea, CreateAreas, UpdateArea } from '@portal/contracts/areas';
import type { AreaType } from '@portal/contracts/domain';
import type { CreateProperty, Property, UpdateProperty } from '@portal/contracts/properties';
import { api } from '../../lib/api';

export const PROPERTIES_TAG = 'Properties' as const;
export const AREAS_TAG = 'Areas' as const;
/** The organizations feature's tag: its property counts change with properties. */
const ORGANIZATIONS_TAG = 'Organizations' as const;

const LIST = 'LIST';
const propertyUrl = (id: string) => `/properties/${encodeURIComponent(id)}`;
const areaUrl = (id: string) => `/areas/${encodeURIComponent(id)}`;

export const propertiesApi = api
  .enhanceEndpoints({ addTagTypes: [PROPERTIES_TAG, AREAS_TAG, ORGANIZATIONS_TAG] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** Every property of the caller's organizations, or of one of them. */
      getProperties: build.query<Property[], { organizationId?: string }>({
        query: (filter) => ({ url: '/properties', params: filter }),
        providesTags: (result) => [
          { type: PROPERTIES_TAG, id: LIST },
          ...(result ?? []).map((property) => ({ type: PROPERTIES_TAG, id: property.id })),
        ],
      }),
      getProperty: build.query<Property, string>({
        query: (id) => ({ url: propertyUrl(id) }),
        providesTags: (_result, _error, id) => [{ type: PROPERTIES_TAG, id }],
      }),
      createProperty: build.mutation<Property, CreateProperty>({
        query: (body) => ({ url: '/properties', method: 'POST', body }),
        invalidatesTags: [{ type: PROPERTIES_TAG, id: LIST }, ORGANIZATIONS_TAG],
      }),
      updateProperty: build.mutation<Property, { id: string } & UpdateProperty>({
        query: ({ id, ...body }) => ({ url: propertyUrl(id), method: 'PUT', body }),
        invalidatesTags: (_result, _error, { id }) => [
          { type: PROPERTIES_TAG, id },
          { type: PROPERTIES_TAG, id: LIST },
          ORGANIZATIONS_TAG,
        ],
      }),
      deleteProperty: build.mutation<void, { id: string }>({
        query: ({ id }) => ({ url: propertyUrl(id), method: 'DELETE' }),
        // Its own entry too, so going back does not show the deleted property from the cache.
        invalidatesTags: (_result, _error, { id }) => [
          { type: PROPERTIES_TAG, id },
          { type: PROPERTIES_TAG, id: LIST },
          ORGANIZATIONS_TAG,
        ],
      }),

      getAreas: build.query<Area[], { propertyId: string; type?: AreaType }>({
        query: ({ propertyId, type }) => ({
          url: `${propertyUrl(propertyId)}/areas`,
          params: type ? { type } : undefined,
        }),
        providesTags: (result, _error, { propertyId }) => [
          { type: AREAS_TAG, id: `property:${propertyId}` },
          ...(result ?? []).map((area) => ({ type: AREAS_TAG, id: area.id })),
        ],
      }),
      getArea: build.query<Area, string>({
        query: (id) => ({ url: areaUrl(id) }),
        providesTags: (_result, _error, id) => [{ type: AREAS_TAG, id }],
      }),
      createArea: build.mutation<Area, { propertyId: string } & CreateArea>({
        query: ({ propertyId, ...body }) => ({
          url: `${propertyUrl(propertyId)}/areas`,
          method: 'POST',
          body,
        }),
        invalidatesTags: (_result, _error, { propertyId }) => areaChanges(propertyId),
      }),
      createAreas: build.mutation<Area[], { propertyId: string } & CreateAreas>({
        query: ({ propertyId, ...body }) => ({
          url: `${propertyUrl(propertyId)}/areas/bulk`,
          method: 'POST',
          body,
        }),
        invalidatesTags: (_result, _error, { propertyId }) => areaChanges(propertyId),
      }),
      updateArea: build.mutation<Area, { id: string; propertyId: string } & UpdateArea>({
        query: ({ id, propertyId: _propertyId, ...body }) => ({
          url: areaUrl(id),
          method: 'PUT',
          body,
        }),
        invalidatesTags: (_result, _error, { id, propertyId }) => [
          { type: AREAS_TAG, id },
          ...areaChanges(propertyId),
        ],
      }),
      deleteArea: build.mutation<void, { id: string; propertyId: string }>({
        query: ({ id }) => ({ url: areaUrl(id), method: 'DELETE' }),
        // Its own entry too, so going back does not show the deleted area from the cache.
        invalidatesTags: (_result, _error, { id, propertyId }) => [
          { type: AREAS_TAG, id },
          ...areaChanges(propertyId),
        ],
      }),
    }),
  });

/** An area added, changed or removed: the property's area list and its counts are stale. */
function areaChanges(propertyId: string) {
  return [
    { type: AREAS_TAG, id: `property:${propertyId}` },
    { type: PROPERTIES_TAG, id: propertyId },
    { type: PROPERTIES_TAG, id: LIST },
  ] as const;
}

export const {
  useGetPropertiesQuery,
  useGetPropertyQuery,
  useCreatePropertyMutation,
  useUpdatePropertyMutation,
  useDeletePropertyMutation,
  useGetAreasQuery,
  useGetAreaQuery,
  useCreateAreaMutation,
  useCreateAreasMutation,
  useUpdateAreaMutation,
  useDeleteAreaMutation,
} = propertiesApi;
