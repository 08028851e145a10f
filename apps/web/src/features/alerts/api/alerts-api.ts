// The alerts calls (docs/telemetry.md "Alerts") as endpoints of the one api slice: a property's
// alerts, and the properties that need attention. Alerts change on the server without anyone
// doing anything (the rules run every 5 minutes), so both are fetched again at that pace while
// shown, and on coming back to a screen after a minute. They follow their property too: a new
// offline threshold, a device added or removed changes them, so they go with its cache tags.
import type { PropertyAlerts } from '@portal/contracts/alerts';
import type { Property } from '@portal/contracts/properties';
import { api } from '../../../api/api-slice';
import { type Page, pagedList } from '../../../api/pages';
import { LIST, TAG } from '../../../api/tags';

/** How often shown alerts are fetched again: as often as the server's rules run. */
export const ALERTS_POLLING_MS = 5 * 60_000;
/** Seconds after which a screen shown again fetches them again. */
export const ALERTS_REFETCH_AFTER_S = 60;
/** How many properties the dashboard's list of those needing attention asks for. */
export const ATTENTION_LIMIT = 50;

export const alertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPropertyAlerts: build.query<PropertyAlerts, { propertyId: string; areaId?: string }>({
      query: ({ propertyId, areaId }) => ({
        url: `/properties/${encodeURIComponent(propertyId)}/alerts`,
        params: areaId ? { areaId } : {},
      }),
      // Its property's own tag only: a change of the property (its threshold, its zone) fetches
      // them again, while deleting it (which touches the lists) does not ask for a 404.
      providesTags: (_result, _error, { propertyId }) => [{ type: TAG.properties, id: propertyId }],
    }),
    /** The first properties with a device offline or a possible leak, by name. */
    getPropertiesNeedingAttention: build.query<Page<Property>, void>({
      query: () => ({ url: '/properties', params: { alerts: 'open', limit: ATTENTION_LIMIT } }),
      transformResponse: pagedList.transformResponse<Property>,
      providesTags: [{ type: TAG.properties, id: LIST }],
    }),
  }),
});

const freshness = {
  pollingInterval: ALERTS_POLLING_MS,
  refetchOnMountOrArgChange: ALERTS_REFETCH_AFTER_S,
} as const;

export const usePropertyAlerts = (propertyId: string, areaId?: string) =>
  alertsApi.useGetPropertyAlertsQuery({ propertyId, areaId }, freshness);

export const usePropertiesNeedingAttention = () =>
  alertsApi.useGetPropertiesNeedingAttentionQuery(undefined, freshness);
