// A property's WiFi networks (DESIGN §4.4 "WiFi") as endpoints of the one api slice: every member
// lists them, a site manager adds, changes and deletes them. A password is never kept: the calls
// that send or fetch one are made untracked (usePasswordCalls), so it stays in the hands of the
// component that shows it and is gone with it.
import type { UpdateWifi, Wifi, WifiPassword } from '@portal/contracts/wifi';
import { useMemo } from 'react';
import { api } from '../../../api/api-slice';
import { propertyWifiTag } from '../../../api/tags';
import { isNotFound } from '../../../lib/api-errors';
import { useAppDispatch } from '../../../lib/store-hooks';

const listUrl = (propertyId: string) => `/properties/${encodeURIComponent(propertyId)}/wifi`;
const wifiUrl = (id: string) => `/wifi/${encodeURIComponent(id)}`;

/** A change names its property, whose list it makes stale. */
type Owner = { propertyId: string };

export const wifiApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWifiNetworks: build.query<Wifi[], string>({
      query: (propertyId) => ({ url: listUrl(propertyId) }),
      providesTags: (_result, _error, propertyId) => [propertyWifiTag(propertyId)],
    }),
    createWifi: build.mutation<Wifi, Owner & UpdateWifi>({
      query: ({ propertyId, ...body }) => ({ url: listUrl(propertyId), method: 'POST', body }),
      invalidatesTags: (_result, error, { propertyId }) =>
        error ? [] : [propertyWifiTag(propertyId)],
    }),
    // A change or removal refused as not found (another site manager removed the network) also
    // fetches the list again, so the network goes from the screen.
    updateWifi: build.mutation<Wifi, Owner & { id: string } & UpdateWifi>({
      query: ({ id, propertyId: _propertyId, ...body }) => ({
        url: wifiUrl(id),
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, error, { propertyId }) =>
        error && !isNotFound(error) ? [] : [propertyWifiTag(propertyId)],
    }),
    deleteWifi: build.mutation<void, Owner & { id: string }>({
      query: ({ id }) => ({ url: wifiUrl(id), method: 'DELETE' }),
      invalidatesTags: (_result, error, { propertyId }) =>
        error && !isNotFound(error) ? [] : [propertyWifiTag(propertyId)],
    }),
    /** A mutation, though a GET: only a mutation can be made without a trace in the store. */
    fetchWifiPassword: build.mutation<WifiPassword, string>({
      query: (id) => ({ url: `${wifiUrl(id)}/password` }),
    }),
  }),
});

export const { useGetWifiNetworksQuery, useDeleteWifiMutation } = wifiApi;

/**
 * The calls that carry a password, made untracked: a tracked mutation keeps its arguments (and a
 * query its answer) in the store after the call. Each settles with the API's answer or rejects
 * with its error.
 */
export function usePasswordCalls() {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      createWifi: (network: Owner & UpdateWifi) =>
        dispatch(wifiApi.endpoints.createWifi.initiate(network, { track: false })).unwrap(),
      updateWifi: (network: Owner & { id: string } & UpdateWifi) =>
        dispatch(wifiApi.endpoints.updateWifi.initiate(network, { track: false })).unwrap(),
      fetchPassword: async (id: string) =>
        (
          await dispatch(
            wifiApi.endpoints.fetchWifiPassword.initiate(id, { track: false }),
          ).unwrap()
        ).password,
    }),
    [dispatch],
  );
}
