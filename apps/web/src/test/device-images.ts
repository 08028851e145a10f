// For tests: images of a device as the API describes them (read by the contract's own schema),
// and a loopback API answering the image calls like the real one (DESIGN §4.2): a device's images
// newest first, an upload kept (or refused as the test says), an image's bytes with their type,
// and a delete.
import type { Device } from '@portal/contracts/devices';
import { type DeviceImage, DeviceImageSchema } from '@portal/contracts/images';
import { karin } from './people';
import type { ReceivedRequest, Reply } from './test-api';

const uuid = (n: number) => `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`;
let nextId = 1;

/** The bytes the loopback API serves for every image: a JPEG's first bytes are enough here. */
export const IMAGE_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

export function anImage(device: Device, fields: Partial<DeviceImage> = {}): DeviceImage {
  return DeviceImageSchema.parse({
    id: uuid(nextId++),
    deviceId: device.id,
    contentType: 'image/jpeg',
    width: 1920,
    height: 2560,
    byteSize: 412_000,
    fileName: 'IMG_0042.jpg',
    createdAt: '2026-11-20T08:30:00.000Z',
    createdBy: { id: karin.id, email: karin.email },
    ...fields,
  });
}

/** A photo as a phone's camera hands it to the page. */
export const aPhoto = (name = 'IMG_0042.jpg', size = 2048) =>
  new File([new Uint8Array(size).fill(7)], name, { type: 'image/jpeg' });

const answer = (status: number, error: string, code: string, details?: object) => ({
  status,
  body: { statusCode: status, error, message: error, code, ...(details ? { details } : {}) },
});

/**
 * An `override` for actLikeTheDeviceApi: answers the image calls for `images` (kept up to date by
 * what the screens send). `refuse` answers an upload instead of keeping it; `failFetch` answers
 * the image list or bytes with a network-like failure (500).
 */
export function actLikeTheImageApi({
  images = [],
  refuseUpload,
  failList,
  failBytes,
}: {
  images?: DeviceImage[];
  refuseUpload?: Reply;
  failList?: boolean;
  failBytes?: boolean;
} = {}) {
  const stored = [...images];
  const uploads: ReceivedRequest[] = [];
  const respond = (request: ReceivedRequest): Reply | undefined => {
    const url = new URL(request.url ?? '', 'http://api');
    const list = /^\/devices\/([^/]+)\/images$/.exec(url.pathname);
    if (list && request.method === 'GET') {
      if (failList) return answer(500, 'Internal Server Error', 'INTERNAL_ERROR');
      return { status: 200, body: stored.filter((image) => image.deviceId === list[1]) };
    }
    if (list && request.method === 'POST') {
      uploads.push(request);
      if (refuseUpload) return refuseUpload;
      const fileName = /filename="([^"]*)"/.exec(String(request.body))?.[1] ?? 'image';
      const image = anImage({ id: list[1] } as Device, {
        fileName: fileName.replace(/\.[^.]*$/, '.jpg'),
        createdAt: new Date().toISOString(),
      });
      stored.unshift(image);
      return { status: 201, body: image };
    }
    const one = /^\/images\/([^/]+)$/.exec(url.pathname);
    if (!one) return undefined;
    const index = stored.findIndex((image) => image.id === one[1]);
    if (index < 0) return answer(404, 'Not Found', 'NOT_FOUND');
    if (request.method === 'GET') {
      if (failBytes) return answer(500, 'Internal Server Error', 'INTERNAL_ERROR');
      return { status: 200, body: IMAGE_BYTES, headers: { 'Content-Type': 'image/jpeg' } };
    }
    if (request.method === 'DELETE') {
      stored.splice(index, 1);
      return { status: 204 };
    }
    return undefined;
  };
  return { images: stored, uploads, respond };
}

export const refusal = answer;
