// A device's images (DESIGN §4.2, docs/images.md) as endpoints of the one api slice, and their
// bytes. The list is metadata; an image's bytes come through the same HTTP client (the access
// token is a bearer header, so an <img src> cannot fetch them) as a Blob for an object URL, and
// never enter the store. An upload reports its progress as it goes.
import type { DeviceImage } from '@portal/contracts/images';
import { http } from '../lib/http';
import { api, type ItemAnswer } from './api-slice';
import { deviceImagesTag } from './tags';

const deviceImagesUrl = (deviceId: string) => `/devices/${encodeURIComponent(deviceId)}/images`;
const imageUrl = (imageId: string) => `/images/${encodeURIComponent(imageId)}`;

/** How much of an upload has been sent, 0 to 1. */
export type UploadProgress = (fraction: number) => void;

export type ImageUpload = {
  deviceId: string;
  file: Blob;
  fileName: string;
  /** Called as the bytes go out (axios's upload progress). */
  onProgress?: UploadProgress;
};

export const deviceImagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A device's images, newest first: one answer (a device keeps at most 50). */
    getDeviceImages: build.query<DeviceImage[], string>({
      query: (deviceId) => ({ url: deviceImagesUrl(deviceId) }),
      providesTags: (_result, _error, deviceId) => [deviceImagesTag(deviceId)],
    }),
    uploadDeviceImage: build.mutation<DeviceImage, ImageUpload>({
      // Through the client itself rather than the base query: the form goes with a progress
      // callback, which a base query's request does not carry.
      queryFn: async ({ deviceId, file, fileName, onProgress }) => {
        const form = new FormData();
        form.append('file', file, fileName);
        try {
          const response = await http.post<DeviceImage>(deviceImagesUrl(deviceId), form, {
            onUploadProgress: (event) => {
              if (event.total) onProgress?.(event.loaded / event.total);
            },
          });
          return { data: response.data };
        } catch (error) {
          return { error } as ItemAnswer<DeviceImage>;
        }
      },
      invalidatesTags: (_result, error, { deviceId }) => (error ? [] : [deviceImagesTag(deviceId)]),
    }),
    deleteDeviceImage: build.mutation<void, { deviceId: string; imageId: string }>({
      query: ({ imageId }) => ({ url: imageUrl(imageId), method: 'DELETE' }),
      invalidatesTags: (_result, error, { deviceId }) => (error ? [] : [deviceImagesTag(deviceId)]),
    }),
  }),
});

export const {
  useGetDeviceImagesQuery,
  useUploadDeviceImageMutation,
  useDeleteDeviceImageMutation,
} = deviceImagesApi;

/** An image's bytes, or its thumbnail's; rejects with the API's error like every call. */
export async function fetchImageBlob(
  imageId: string,
  size: 'full' | 'thumb',
  signal?: AbortSignal,
): Promise<Blob> {
  const response = await http.get<Blob>(imageUrl(imageId), {
    params: size === 'thumb' ? { size } : undefined,
    responseType: 'blob',
    signal,
  });
  return response.data;
}
