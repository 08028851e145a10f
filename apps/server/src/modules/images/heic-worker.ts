// Decodes a HEIC photo (an iPhone's own format) to RGBA pixels with heic-decode (libheif built to
// WebAssembly; sharp's prebuilt binaries read no HEVC), in a worker thread of its own: the decode
// is synchronous WebAssembly that would hold the event loop for seconds, and WebAssembly memory
// never shrinks, so a 48-megapixel photo would keep ~200 MB in the server for good. The worker
// exits after one image and takes that memory with it (docs/images.md).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export type DecodedPixels = { width: number; height: number; data: Uint8Array };

/** The worker's code: CommonJS, as an eval worker is, loading heic-decode from the path given. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.modulePath);
(async () => {
  let images;
  try {
    images = await decode.all({ buffer: workerData.bytes });
    const first = images[0];
    if (first.width * first.height > workerData.maxPixels) {
      parentPort.postMessage({ tooLarge: true, width: first.width, height: first.height });
      return;
    }
    const { width, height, data } = await first.decode();
    const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    parentPort.postMessage({ width, height, data: pixels }, [pixels.buffer]);
  } catch (error) {
    parentPort.postMessage({ failed: String(error && error.message || error) });
  } finally {
    if (images) images.dispose();
  }
})();
`;

/** Where heic-decode is, resolved here so the worker finds it wherever the server runs from. */
const modulePath = createRequire(import.meta.url).resolve('heic-decode');

/**
 * The first image of a HEIC file as RGBA pixels (orientation applied: libheif applies the
 * container's rotation and mirroring as it decodes). Dimensions are read from the container
 * before decoding: an image of more than `maxPixels` is refused without being decoded.
 * Throws for anything that is not a HEIC image it can decode, and when the decode takes longer
 * than `timeoutMs`: the worker is terminated then, whatever it is doing (WebAssembly that never
 * returns included), and its memory goes with it.
 */
export function decodeHeic(
  bytes: Buffer,
  maxPixels: number,
  timeoutMs: number,
): Promise<DecodedPixels> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { modulePath, bytes, maxPixels },
      // Room for the largest photo the pixel limit lets in (4 bytes a pixel, copied once) and
      // the decoder; a file that claims more than the limit never gets this far.
      resourceLimits: { maxOldGenerationSizeMb: 64 },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => reject(new Error(`HEIC did not decode within ${timeoutMs} ms`))),
      timeoutMs,
    );
    worker.once('message', (message) => {
      settle(() => {
        if (message.data) resolve(message as DecodedPixels);
        else if (message.tooLarge)
          reject(new Error(`HEIC of ${message.width}×${message.height} is over the pixel limit`));
        else reject(new Error(`HEIC did not decode: ${message.failed}`));
      });
    });
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`HEIC worker exited with ${code}`))),
    );
  });
}
