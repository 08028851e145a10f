// Organizations (DESIGN §4.2) as endpoints of the one api slice. The signed-in user lists their
// organizations by name, so every change here makes the current user stale too.
import type {
  CreateOrganization,
  Organization,
  UpdateOrganization,
} from '@portal/contracts/organizations';
import { api } from './api-slice';
import { TAG } from './tags';

const organizationUrl = (id: string) => `/organizations/${encodeURIComponent(id)}`;

export const organizationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrganizations: build.query<Organization[], void>({
      query: () => ({ url: '/organizations' }),
      providesTags: [TAG.organizations],
    }),
    createOrganization: build.mutation<Organization, CreateOrganization>({
      query: (body) => ({ url: '/organizations', method: 'POST', body }),
      // Only once made: a refused one changed nothing to fetch again.
      invalidatesTags: (_result, error) => (error ? [] : [TAG.organizations, TAG.currentUser]),
    }),
    updateOrganization: build.mutation<Organization, { id: string } & UpdateOrganization>({
      query: ({ id, ...body }) => ({ url: organizationUrl(id), method: 'PUT', body }),
      // Properties carry their organization's name.
      invalidatesTags: (_result, error) =>
        error ? [] : [TAG.organizations, TAG.properties, TAG.currentUser],
    }),
    deleteOrganization: build.mutation<void, { id: string }>({
      query: ({ id }) => ({ url: organizationUrl(id), method: 'DELETE' }),
      // Its properties and areas go with it.
      invalidatesTags: [TAG.organizations, TAG.properties, TAG.areas, TAG.currentUser],
    }),
  }),
});

export const {
  useGetOrganizationsQuery,
  useCreateOrganizationMutation,
  useUpdateOrganizationMutation,
  useDeleteOrganizationMutation,
} = organizationsApi;
