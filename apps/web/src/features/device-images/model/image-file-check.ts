// What can be told of a picked file before anything is sent: whether it is over the API's size
// limit, and whether it is an image as far as the browser can tell (its type, or for a HEIC photo,
// which many browsers give no type, its name). The server reads the image itself, so a file that
// passes here may still be refused as unreadable; one refused here never goes out.
import { MAX_IMAGE_UPLOAD_BYTES } from '@portal/contracts/images';

export type ImageFileProblem = 'tooLarge' | 'notImage';

/** Names of image files a browser may hand over without a type. */
const IMAGE_NAME = /\.(heic|heif|jpe?g|png|webp)$/i;
/** The types a browser gives a file it cannot name. */
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream']);

export function imageFileProblem(file: File): ImageFileProblem | undefined {
  const image =
    file.type.startsWith('image/') || (UNKNOWN_TYPES.has(file.type) && IMAGE_NAME.test(file.name));
  if (!image) return 'notImage';
  if (file.size > MAX_IMAGE_UPLOAD_BYTES) return 'tooLarge';
  return undefined;
}
