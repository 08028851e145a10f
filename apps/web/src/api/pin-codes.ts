// A door's or keypad's PIN code slots (DESIGN §4.2) as endpoints of the one api slice. A code is
// sent and never comes back: the cache holds slots, never a code, and the calls that send one are
// not kept either (useCodeCalls). Every change adds an entry to
// the property's device log, so each invalidates it with the device's slots.
import type { CreatePinCode, PinCode, UpdatePinCode } from '@portal/contracts/pin-codes';
import { useMemo } from 'react';
import { useAppDispatch } from '../lib/store-hooks';
import { api } from './api-slice';
import { propertyDeviceLogTag, TAG } from './tags';

/** What every change names besides the slot: its device, and the property whose log it adds to. */
type Owner = { deviceId: string; propertyId: string };

const slotsTag = (deviceId: string) => ({ type: TAG.pinCodes, id: deviceId }) as const;
const changes = ({ deviceId, propertyId }: Owner) => [
  slotsTag(deviceId),
  propertyDeviceLogTag(propertyId),
];

export const pinCodesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The device's slots by number, each with where its latest change stands on the lock. */
    getPinCodes: build.query<PinCode[], string>({
      query: (deviceId) => ({ url: `/devices/${encodeURIComponent(deviceId)}/pin-codes` }),
      providesTags: (_result, _error, deviceId) => [slotsTag(deviceId)],
    }),
    createPinCode: build.mutation<PinCode, Owner & CreatePinCode>({
      query: ({ deviceId, propertyId: _propertyId, ...body }) => ({
        url: `/devices/${encodeURIComponent(deviceId)}/pin-codes`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, error, owner) => (error ? [] : changes(owner)),
    }),
    updatePinCode: build.mutation<PinCode, Owner & { id: string } & UpdatePinCode>({
      query: ({ id, deviceId: _deviceId, propertyId: _propertyId, ...body }) => ({
        url: `/pin-codes/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, error, owner) => (error ? [] : changes(owner)),
    }),
    deletePinCode: build.mutation<void, Owner & { id: string }>({
      query: ({ id }) => ({ url: `/pin-codes/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, owner) => (error ? [] : changes(owner)),
    }),
  }),
});

export const {
  useGetPinCodesQuery,
  useCreatePinCodeMutation,
  useUpdatePinCodeMutation,
  useDeletePinCodeMutation,
} = pinCodesApi;

/**
 * The calls that send a code, made untracked: a mutation hook keeps its last call's arguments
 * (RTK Query's originalArgs) in its state and the call in the store until reset — which a handler
 * made before the call cannot do, as its reset sees no call yet. Untracked, the code is only in
 * the sending function's hands. Each settles with the slot, or rejects with the API's error.
 */
export function useCodeCalls() {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      createPinCode: (pinCode: Owner & CreatePinCode) =>
        dispatch(pinCodesApi.endpoints.createPinCode.initiate(pinCode, { track: false })).unwrap(),
      updatePinCode: (change: Owner & { id: string } & UpdatePinCode) =>
        dispatch(pinCodesApi.endpoints.updatePinCode.initiate(change, { track: false })).unwrap(),
    }),
    [dispatch],
  );
}
