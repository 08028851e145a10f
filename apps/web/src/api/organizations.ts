// Organizations (DESIGN §4.2) as endpoints of the one api slice.
import type {
  CreateOrganization,
  Organization,
  UpdateOrganization,
} from '@portal/contracts/organizations';
import { api } from '../../lib/api';

/** Shared by name with other features: a property created or deleted changes the counts here. */
export const ORGANIZATIONS_TAG = 'Organizations' as const;
/** The properties feature's tags: deleting an organization deletes its properties and areas. */
const PROPERTIES_TAG = 'Properties' as const;
const PROPERTY_TAGS = [PROPERTIES_TAG, 'Areas'] as const;

export const organizationsApi = api
  .enhanceEndpoints({ addTagTypes: [ORGANIZATIONS_TAG, ...PROPERTY_TAGS] })
  .injectEndpoints({
    endpoints: (build) => ({
      getOrganizations: build.query<Organization[], void>({
        query: () => ({ url: '/organizations' }),
        providesTags: [ORGANIZATIONS_TAG],
      }),
      createOrganization: build.mutation<Organization, CreateOrganization>({
        query: (body) => ({ url: '/organizations', method: 'POST', body }),
        invalidatesTags: [ORGANIZATIONS_TAG],
      }),
      updateOrganization: build.mutation<Organization, { id: string } & UpdateOrganization>({
        query: ({ id, ...body }) => ({
          url: `/organizations/${encodeURIComponent(id)}`,
          method: 'PUT',
          body,
        }),
        // Properties carry their organization's name.
        invalidatesTags: [ORGANIZATIONS_TAG, PROPERTIES_TAG],
      }),
      deleteOrganization: build.mutation<void, { id: string }>({
        query: ({ id }) => ({ url: `/organizations/${encodeURIComponent(id)}`, method: 'DELETE' }),
        // Its properties and areas go with it.
        invalidatesTags: [ORGANIZATIONS_TAG, ...PROPERTY_TAGS],
      }),
    }),
  });

export const {
  useGetOrganizationsQuery,
  useCreateOrganizationMutation,
  useUpdateOrganizationMutation,
  useDeleteOrganizationMutation,
} = organizationsApi;
