// For tests: the device import's two calls (preview and import) on the loopback API, answered as
// the test says, for actLikeTheDeviceApi's `override`; the file arrives as the multipart form's
// text, so a test can see what was sent.
import type { Area } from '@portal/contracts/areas';
import type { Device, ImportPreview, ImportProblem } from '@portal/contracts/devices';
import { aDevice, GATEWAY_KEY, TECHNICAL_ROOM } from './devices';
import type { ReceivedRequest, Reply } from './test-api';

type Answer = Reply | ((request: ReceivedRequest) => Reply);

/** Answers POST …/devices/import?preview=true with `preview`, and POST …/devices/import with `made`. */
export function answerImports({
  preview,
  made,
  area = TECHNICAL_ROOM,
}: {
  preview?: Answer;
  made?: Answer;
  area?: Area;
}) {
  return (request: ReceivedRequest): Reply | undefined => {
    const url = new URL(request.url ?? '', 'http://api');
    if (request.method !== 'POST' || url.pathname !== `/areas/${area.id}/devices/import`)
      return undefined;
    const answer = url.searchParams.get('preview') === 'true' ? preview : made;
    if (!answer) return { status: 500, body: { statusCode: 500, error: 'Error', message: 'No.' } };
    return typeof answer === 'function' ? answer(request) : answer;
  };
}

/** The preview's answer. */
export const previewAnswer = (
  devices: ImportPreview['devices'],
  problems: ImportProblem[] = [],
): Reply => ({ status: 200, body: { devices, problems } satisfies ImportPreview });

/** The import's answer for these devices, each gateway with its key. */
export const importedAnswer = (devices: Device[]): Reply => ({
  status: 201,
  body: {
    devices: devices.map((device) => ({
      device,
      ...(device.deviceType === 'gw' ? { gatewayKey: GATEWAY_KEY } : {}),
    })),
  },
});

/** 422 IMPORT_INVALID naming these problems. */
export const importInvalid = (problems: ImportProblem[]): Reply => ({
  status: 422,
  body: {
    statusCode: 422,
    error: 'Unprocessable Entity',
    message: 'Some lines cannot be imported.',
    code: 'IMPORT_INVALID',
    details: { problems },
  },
});

/** The devices of the preview's lines, as the import makes them. */
export const madeOf = (lines: ImportPreview['devices'], area: Area = TECHNICAL_ROOM) =>
  lines.map(({ line: _line, ...fields }) => aDevice(fields, area));
