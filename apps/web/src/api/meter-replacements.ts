// A meter's recorded replacements (DESIGN §5 "Telemetry") as endpoints of the one api slice. Every
// change adds an entry to the property's device log, so each invalidates it with the meter's list.
import type {
  MeterReplacement,
  MeterReplacementBody,
  MeterReplacementCreated,
} from '@portal/contracts/meter-replacements';
import { api } from './api-slice';
import { propertyDeviceLogTag, TAG } from './tags';

/** What every change names besides the replacement: its meter, and the property whose log it adds to. */
type Owner = { deviceId: string; propertyId: string };

const listTag = (deviceId: string) => ({ type: TAG.meterReplacements, id: deviceId }) as const;
const changes = ({ deviceId, propertyId }: Owner) => [
  listTag(deviceId),
  propertyDeviceLogTag(propertyId),
];
const listUrl = (deviceId: string) => `/devices/${encodeURIComponent(deviceId)}/meter-replacements`;

export const meterReplacementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The meter's replacements, newest first, readings in Wh or litres. */
    getMeterReplacements: build.query<MeterReplacement[], string>({
      query: (deviceId) => ({ url: listUrl(deviceId) }),
      transformResponse: (answer: { replacements: MeterReplacement[] }) => answer.replacements,
      providesTags: (_result, _error, deviceId) => [listTag(deviceId)],
    }),
    createMeterReplacement: build.mutation<MeterReplacement, Owner & MeterReplacementBody>({
      query: ({ deviceId, propertyId: _propertyId, ...body }) => ({
        url: listUrl(deviceId),
        method: 'POST',
        body,
      }),
      transformResponse: (answer: MeterReplacementCreated) => answer.replacement,
      invalidatesTags: (_result, error, owner) => (error ? [] : changes(owner)),
    }),
    deleteMeterReplacement: build.mutation<void, Owner & { id: string }>({
      query: ({ id }) => ({
        url: `/meter-replacements/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error, owner) => (error ? [] : changes(owner)),
    }),
  }),
});

export const {
  useGetMeterReplacementsQuery,
  useCreateMeterReplacementMutation,
  useDeleteMeterReplacementMutation,
} = meterReplacementsApi;
