// A door's or keypad's PIN code slots (DESIGN §4.2) as endpoints of the one api slice. A code is
// sent and never comes back: the cache holds slots, never a code. Every change adds an entry to
// the property's device log, so each invalidates it with the device's slots.
import type { CreatePinCode, PinCode, UpdatePinCode } from '@portal/contracts/pin-codes';
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
