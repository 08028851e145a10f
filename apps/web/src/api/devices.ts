// The devices of an area and a property's device log (DESIGN §4.4) as endpoints of the one api
// slice. Every change of a device changes its area's list, its property's device counts and its
// property's log, so each invalidates those three; a changed device seeds its own entry, a deleted
// one leaves the cache. A gateway's key arrives in the answer that makes or renews it and is never
// kept in the cache beyond the screen that shows it.
import type {
  CreateDevice,
  Device,
  DeviceCreated,
  DeviceLogEntry,
  DeviceLogPage,
  ImportPreview,
  ImportResult,
  UpdateDevice,
} from '@portal/contracts/devices';
import { api, DELETED_ITEM, forgetDeleted, type ItemAnswer, wasDeleted } from './api-slice';
import { type Page, type PageParam, pagedList, pageParams } from './pages';
import { areaDevicesTag, propertyDeviceLogTag, TAG } from './tags';

const areaUrl = (id: string) => `/areas/${encodeURIComponent(id)}`;
const deviceUrl = (id: string) => `/devices/${encodeURIComponent(id)}`;

/** What every device call names besides the device: where it is, for the tags it changes. */
type Place = { propertyId: string; areaId: string };

/** A device added, changed or removed: its area's list, its property's counts and log are stale. */
const deviceChanges = ({ propertyId, areaId }: Place) => [
  areaDevicesTag(areaId),
  { type: TAG.properties, id: propertyId },
  propertyDeviceLogTag(propertyId),
];

/** The file of an import, sent as a multipart form (the call takes CSV text as well). */
function importForm(file: Blob, name = 'devices.csv') {
  const form = new FormData();
  form.append('file', file, name);
  return form;
}

export const devicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** An area's devices, by type and id: one answer (an area holds tens of devices). */
    getAreaDevices: build.query<Device[], string>({
      query: (areaId) => ({ url: `${areaUrl(areaId)}/devices` }),
      providesTags: (result, _error, areaId) => [
        areaDevicesTag(areaId),
        ...(result ?? []).map((device) => ({ type: TAG.devices, id: device.id })),
      ],
    }),
    getDevice: build.query<Device, string>({
      // A deleted one is not asked for again (forgetDeleted): 'not found' without a request.
      queryFn: async (id, { getState }, _extraOptions, baseQuery) =>
        wasDeleted(getState, { type: TAG.devices, id })
          ? { error: DELETED_ITEM }
          : ((await baseQuery({ url: deviceUrl(id) })) as ItemAnswer<Device>),
      providesTags: (_result, _error, id) => [{ type: TAG.devices, id }],
    }),
    createDevice: build.mutation<DeviceCreated, Place & CreateDevice>({
      query: ({ propertyId: _propertyId, areaId, ...body }) => ({
        url: `${areaUrl(areaId)}/devices`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, error, place) => (error ? [] : deviceChanges(place)),
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        // The new device's screen has it already: no second request, no 'Loading...'.
        if (data) dispatch(seedDevice(data.device));
      },
    }),
    updateDevice: build.mutation<Device, Place & { id: string } & UpdateDevice>({
      query: ({ id, propertyId: _propertyId, areaId: _areaId, ...body }) => ({
        url: deviceUrl(id),
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, error, place) => (error ? [] : deviceChanges(place)),
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(seedDevice(data));
      },
    }),
    deleteDevice: build.mutation<void, Place & { id: string }>({
      query: ({ id }) => ({ url: deviceUrl(id), method: 'DELETE' }),
      invalidatesTags: (_result, error, place) => (error ? [] : deviceChanges(place)),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        if (await queryFulfilled.then(() => true).catch(() => false))
          for (const action of forgetDeleted(getState, 'getDevice', { type: TAG.devices, id }))
            dispatch(action);
      },
    }),
    /** A gateway's new ingestion key; the old one stops working at once. */
    renewGatewayKey: build.mutation<{ gatewayKey: string }, Place & { id: string }>({
      query: ({ id }) => ({ url: `${deviceUrl(id)}/gateway-key`, method: 'POST' }),
      // The device is unchanged; its renewal is an entry in the log.
      invalidatesTags: (_result, error, { propertyId }) =>
        error ? [] : [propertyDeviceLogTag(propertyId)],
    }),
    /** What a CSV file would make in the area, and every problem of its lines; makes nothing. */
    previewImport: build.mutation<ImportPreview, { areaId: string; file: Blob; fileName?: string }>(
      {
        query: ({ areaId, file, fileName }) => ({
          url: `${areaUrl(areaId)}/devices/import`,
          method: 'POST',
          params: { preview: 'true' },
          body: importForm(file, fileName),
        }),
      },
    ),
    /** Makes every line of the file, or none (422 IMPORT_INVALID with every problem). */
    importDevices: build.mutation<ImportResult, Place & { file: Blob; fileName?: string }>({
      query: ({ areaId, file, fileName }) => ({
        url: `${areaUrl(areaId)}/devices/import`,
        method: 'POST',
        body: importForm(file, fileName),
      }),
      invalidatesTags: (_result, error, place) => (error ? [] : deviceChanges(place)),
    }),
    /** A property's device log, newest first, a page at a time; of one device when it is named. */
    getDeviceLog: build.infiniteQuery<
      Page<DeviceLogEntry>,
      { propertyId: string; deviceId?: string },
      PageParam
    >({
      infiniteQueryOptions: pagedList.infiniteQueryOptions,
      query: ({ queryArg: { propertyId, deviceId }, pageParam }) => ({
        url: `/properties/${encodeURIComponent(propertyId)}/device-logs`,
        params: pageParams({ deviceId }, pageParam),
      }),
      // The log is paged in its body ({entries, nextCursor}), not by a Link header.
      transformResponse: (answer: DeviceLogPage) => ({
        items: answer.entries,
        nextCursor: answer.nextCursor ?? null,
      }),
      providesTags: (_result, _error, { propertyId }) => [propertyDeviceLogTag(propertyId)],
    }),
  }),
});

const seedDevice = (device: Device) =>
  devicesApi.util.upsertQueryEntries([
    { endpointName: 'getDevice', arg: device.id, value: device },
  ]);

export const {
  useGetAreaDevicesQuery,
  useGetDeviceQuery,
  useCreateDeviceMutation,
  useUpdateDeviceMutation,
  useDeleteDeviceMutation,
  useRenewGatewayKeyMutation,
  usePreviewImportMutation,
  useImportDevicesMutation,
  useGetDeviceLogInfiniteQuery,
} = devicesApi;
