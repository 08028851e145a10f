// For the device route's tests (app/routes/device.tsx): every call its screens make answered like
// the API — the device calls (test/devices.ts), a door's or keypad's PIN code calls
// (test/pin-codes.ts), a meter's replacements (test/meter-replacements.ts) and the installation
// images' calls (test/device-images.ts) — so no section
// shows a failure the test did not ask for. `override` answers first where it returns a reply.
import type { Device } from '@portal/contracts/devices';
import type { MeterReplacement } from '@portal/contracts/meter-replacements';
import type { PinCode } from '@portal/contracts/pin-codes';
import { actLikeTheImageApi } from './device-images';
import { actLikeTheDeviceApi } from './devices';
import { actLikeTheMeterReplacementApi } from './meter-replacements';
import { actLikeThePinCodeApi } from './pin-codes';
import type { serveTestApi } from './serve-test-api';
import type { ReceivedRequest, Reply } from './test-api';

export function actLikeTheDeviceRouteApi(
  api: ReturnType<typeof serveTestApi>,
  {
    devices,
    pinCodes = [],
    meterReplacements = [],
    images = {},
    override,
  }: {
    devices: Device[];
    pinCodes?: PinCode[];
    meterReplacements?: MeterReplacement[];
    images?: Parameters<typeof actLikeTheImageApi>[0];
    override?: (request: ReceivedRequest) => Reply | undefined;
  },
) {
  const pins = actLikeThePinCodeApi(pinCodes);
  const replacements = actLikeTheMeterReplacementApi(devices, meterReplacements);
  const imageApi = actLikeTheImageApi(images);
  const deviceApi = actLikeTheDeviceApi(api, {
    devices,
    override: (request) =>
      override?.(request) ??
      replacements.override(request) ??
      pins.override(request) ??
      imageApi.respond(request),
  });
  return { pins, images: imageApi, devices: deviceApi.devices };
}
