// A device's image list in the cache: an upload or a delete makes it fetch again (and only it:
// the device itself is unchanged); a failed one leaves it alone. The upload reports its progress.
import { describe, expect, it } from 'vitest';
import { actLikeTheImageApi, anImage, aPhoto, refusal } from '../test/device-images';
import { aDevice } from '../test/devices';
import { primed, refetched } from '../test/refetches';
import { serveTestApi } from '../test/serve-test-api';
import { makeStore } from '../test/store';
import { deviceImagesApi } from './device-images';
import { devicesApi } from './devices';

const api = serveTestApi();
const meter = aDevice({ deviceType: 'cw', idNumber: '70000001' });
const listUrl = `/devices/${meter.id}/images`;

function prime() {
  const store = makeStore();
  const subscriptions = [
    store.dispatch(deviceImagesApi.endpoints.getDeviceImages.initiate(meter.id)),
    store.dispatch(devicesApi.endpoints.getDevice.initiate(meter.id)),
  ];
  return { store, subscriptions };
}

function serve(options: Parameters<typeof actLikeTheImageApi>[0] = {}) {
  const images = actLikeTheImageApi(options);
  api.answer(
    (request) =>
      images.respond(request) ??
      (request.url === `/devices/${meter.id}` ? { status: 200, body: meter } : { status: 404 }),
  );
  return images;
}

describe("a device's images", () => {
  it('fetch again after an upload, which reports its progress', async () => {
    serve();
    const { store, subscriptions } = prime();
    const release = await primed(api, subscriptions);
    const progress: number[] = [];
    await store
      .dispatch(
        deviceImagesApi.endpoints.uploadDeviceImage.initiate({
          deviceId: meter.id,
          file: aPhoto(),
          fileName: 'IMG_0042.jpg',
          onProgress: (fraction) => progress.push(fraction),
        }),
      )
      .unwrap();
    expect(await refetched(api, [listUrl])).toEqual([listUrl]);
    expect(progress.at(-1) ?? 1).toBe(1);
    release();
  });

  it('fetch again after a delete', async () => {
    const image = anImage(meter);
    serve({ images: [image] });
    const { store, subscriptions } = prime();
    const release = await primed(api, subscriptions);
    await store
      .dispatch(
        deviceImagesApi.endpoints.deleteDeviceImage.initiate({
          deviceId: meter.id,
          imageId: image.id,
        }),
      )
      .unwrap();
    expect(await refetched(api, [listUrl])).toEqual([listUrl]);
    release();
  });

  it('stay as they are after a refused upload', async () => {
    serve({ refuseUpload: refusal(422, 'Unprocessable Entity', 'IMAGE_UNREADABLE') });
    const { store, subscriptions } = prime();
    const release = await primed(api, subscriptions);
    const answer = await store.dispatch(
      deviceImagesApi.endpoints.uploadDeviceImage.initiate({
        deviceId: meter.id,
        file: aPhoto(),
        fileName: 'x.jpg',
      }),
    );
    expect(answer.error).toMatchObject({ statusCode: 422, code: 'IMAGE_UNREADABLE' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests.filter((request) => request.method === 'GET')).toEqual([]);
    release();
  });
});
