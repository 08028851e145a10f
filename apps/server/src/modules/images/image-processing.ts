// What the server makes of an uploaded photo (docs/images.md): the format read from its bytes,
// decoded (HEIC in a worker, the rest by sharp), turned upright, every metadata block dropped (EXIF
// with its GPS position, XMP, IPTC, ICC after conversion to sRGB), at most IMAGE_MAX_SIDE pixels
// on its longest side, as JPEG, with a thumbnail. What does not decode is refused; the bytes a
// user sent are never kept or served.
import { IMAGE_MAX_SIDE, THUMBNAIL_MAX_SIDE } from '@portal/contracts/images';
import type { Sharp, SharpOptions } from 'sharp';
import { ConcurrencyLimit } from '../../concurrency-limit';
import { decodeHeic } from './heic-worker';

/**
 * The most pixels an upload may have: more than any phone's full-resolution mode in common use
 * (48 MP iPhones, 50 and 64 MP Android modes), far less than a decompression bomb (a small file
 * of 20 000 × 20 000). Read from the header before any pixel is decoded.
 */
export const MAX_INPUT_PIXELS = 70_000_000;

/** Images re-encoded at once. Decoding a 12 MP photo takes a core for about a second; on the
 * two cores the portal is sized for, one at a time leaves the other to every other call. */
export const CONCURRENT_IMAGE_JOBS = 1;
const imageWork = new ConcurrencyLimit(CONCURRENT_IMAGE_JOBS);

/**
 * Uploads let in at once: being read (up to 15 MB each, in memory), waiting their turn, or being
 * re-encoded. One more is refused before its body is read (503 IMAGE_WORK_BUSY, Retry-After), so
 * a burst of uploads holds at most this many bodies in memory and waits no longer than a few
 * photos' work.
 */
export const MAX_IMAGE_UPLOADS_ADMITTED = CONCURRENT_IMAGE_JOBS + 3;
/** Seconds an upload refused as busy is told to wait: about the work of the uploads let in. */
export const IMAGE_WORK_RETRY_AFTER_SECONDS = 10;
let uploadsAdmitted = 0;

/**
 * A place for one upload, to be given back (the function returned, once) when it is answered;
 * undefined when MAX_IMAGE_UPLOADS_ADMITTED uploads hold one already.
 */
export function admitImageUpload(): (() => void) | undefined {
  if (uploadsAdmitted >= MAX_IMAGE_UPLOADS_ADMITTED) return undefined;
  uploadsAdmitted += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    uploadsAdmitted -= 1;
  };
}

/** The longest a photo may take to decode and re-encode (its turn not counted): a phone's photo
 * within the pixel limit takes a few seconds; a file that takes longer is refused as unreadable
 * (422), not let hold the one image job. */
export const IMAGE_DECODE_TIMEOUT_SECONDS = 30;
let loadedSharp: Promise<(input: Uint8Array, options: SharpOptions) => Sharp> | undefined;
/** sharp (libvips), loaded at the first upload rather than at every start (~80 ms). */
function sharpImage(input: Uint8Array, options: SharpOptions): Promise<Sharp> {
  loadedSharp ??= import('sharp').then(
    ({ default: sharp }) => {
      // One libvips thread per job: a job must not take both cores either. No cache: an upload
      // is decoded once, and keeping its pixels would only hold memory.
      sharp.concurrency(1);
      sharp.cache(false);
      return sharp;
    },
    (error: unknown) => {
      // Not kept: the next upload tries again.
      loadedSharp = undefined;
      throw error;
    },
  );
  return loadedSharp.then((sharp) => sharp(input, options));
}

export const OUTPUT_CONTENT_TYPE = 'image/jpeg';
export const OUTPUT_EXTENSION = 'jpg';
const IMAGE_QUALITY = 82;
const THUMBNAIL_QUALITY = 75;

type UploadFormat = 'jpeg' | 'png' | 'webp' | 'heic';

export type ProcessedImage = {
  contentType: string;
  width: number;
  height: number;
  data: Buffer;
  thumbnailContentType: string;
  thumbnail: Buffer;
};

/** The upload cannot be read as an image the portal takes (the route answers IMAGE_UNREADABLE). */
export class UnreadableImage extends Error {
  override name = 'UnreadableImage';
}

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (bytes: Buffer, from: number, to: number) => bytes.toString('latin1', from, to);
/** HEIF major brands of HEVC-coded stills (and Apple's sequences); AVIF ('avif') is not taken. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/**
 * The format the bytes are in, from their signature; never from the file's name or the type the
 * browser sent, which say what the sender claims. SVG, GIF, TIFF, AVIF and everything else: none.
 */
export function sniffFormat(bytes: Buffer): UploadFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && HEIC_BRANDS.has(ascii(bytes, 8, 12))) return 'heic';
  return undefined;
}

/** The decoded image, for sharp: HEIC as raw pixels from the worker, the rest as sent. */
async function decoderFor(bytes: Buffer, format: UploadFormat) {
  // 'error' rather than sharp's 'warning': phones' JPEGs often carry what libjpeg warns about
  // (a maker note past the end, extra bytes before a marker) and are photos all the same.
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  if (format === 'heic') {
    const pixels = await decodeHeic(
      bytes,
      MAX_INPUT_PIXELS,
      IMAGE_DECODE_TIMEOUT_SECONDS * 1000,
    ).catch((error: Error) => {
      throw new UnreadableImage(error.message);
    });
    return sharpImage(pixels.data, {
      ...options,
      raw: { width: pixels.width, height: pixels.height, channels: 4 },
    });
  }
  const image = await sharpImage(bytes, options);
  // The header must say the format the signature did: a PNG signature in front of something
  // else (a polyglot) is not let through by whatever libvips finds further on.
  const metadata = await image.metadata();
  if (metadata.format !== format)
    throw new UnreadableImage(`signature says ${format}, header says ${metadata.format}`);
  return image;
}

/** Re-encodes the photo; UnreadableImage for anything that does not decode. */
async function reencode(bytes: Buffer): Promise<ProcessedImage> {
  const format = sniffFormat(bytes);
  if (!format) throw new UnreadableImage('not a JPEG, PNG, WebP or HEIC image');
  try {
    // Upright by its EXIF orientation, transparency on white (JPEG has none); sharp keeps no
    // metadata unless asked and converts to sRGB, so nothing of the upload's EXIF survives.
    const upright = (await decoderFor(bytes, format)).rotate().flatten({ background: '#ffffff' });
    const full = await upright
      .clone()
      .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: IMAGE_QUALITY, mozjpeg: true })
      .timeout({ seconds: IMAGE_DECODE_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await upright
      .clone()
      .resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: THUMBNAIL_QUALITY, mozjpeg: true })
      .timeout({ seconds: IMAGE_DECODE_TIMEOUT_SECONDS })
      .toBuffer();
    return {
      contentType: OUTPUT_CONTENT_TYPE,
      width: full.info.width,
      height: full.info.height,
      data: full.data,
      thumbnailContentType: OUTPUT_CONTENT_TYPE,
      thumbnail,
    };
  } catch (error) {
    if (error instanceof UnreadableImage) throw error;
    // sharp's errors all say the input could not be read (bad data, over the pixel limit, over
    // the time limit).
    throw new UnreadableImage(error instanceof Error ? error.message : String(error));
  }
}

/** The upload re-encoded, waiting its turn behind other uploads (CONCURRENT_IMAGE_JOBS). */
export function processUpload(bytes: Buffer): Promise<ProcessedImage> {
  return imageWork.run(() => reencode(bytes));
}

/** Uploads being re-encoded now (tests check the bound). */
export const imageJobsRunning = () => imageWork.running;
