// A property's prices per meter type (DESIGN §4.4 "Prices") as endpoints of the one api slice:
// every member reads them, a site manager sets them. The usage estimate turns use into kronor with
// them, so new prices make the property's estimates stale (their tag lives in api/tags, so this
// feature need not know the energy feature).
import type { Prices, UpdatePrices } from '@portal/contracts/prices';
import { api } from '../../../api/api-slice';
import { propertyPricesTag, propertyUsageEstimatesTag } from '../../../api/tags';

const pricesUrl = (propertyId: string) => `/properties/${encodeURIComponent(propertyId)}/prices`;

export const pricesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPrices: build.query<Prices, string>({
      query: (propertyId) => ({ url: pricesUrl(propertyId) }),
      providesTags: (_result, _error, propertyId) => [propertyPricesTag(propertyId)],
    }),
    updatePrices: build.mutation<Prices, { propertyId: string } & UpdatePrices>({
      query: ({ propertyId, ...body }) => ({ url: pricesUrl(propertyId), method: 'PUT', body }),
      // The prices and every estimate priced with them are fetched again; a refused change
      // changed nothing.
      invalidatesTags: (_result, error, { propertyId }) =>
        error ? [] : [propertyPricesTag(propertyId), propertyUsageEstimatesTag(propertyId)],
    }),
  }),
});

export const { useGetPricesQuery, useUpdatePricesMutation } = pricesApi;
