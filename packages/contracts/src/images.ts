// Installation photos of a device (DESIGN §4.2, §5 "Images"; docs/images.md): what the API says
// about an image it keeps. The bytes themselves are GET /api/images/{imageId}, never JSON.
import { text, z } from './zod';

/** The largest upload, in bytes (DESIGN §5): 15 MB, a phone's full-size photo with room. */
export const MAX_IMAGE_UPLOAD_BYTES = 15 * 1024 * 1024;

/** The formats an upload may be in (sniffed from its bytes, never from its name or type). */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;

/** The most images a device keeps: its installation, not an album (the list is one answer). */
export const MAX_DEVICE_IMAGES = 50;

/** The longest side of a kept image, and of its thumbnail, in pixels. */
export const IMAGE_MAX_SIDE = 2560;
export const THUMBNAIL_MAX_SIDE = 320;

/** GET /api/images/{imageId}: the image, or with ?size=thumb its thumbnail. */
export const ImageSizeQuerySchema = z.object({
  size: z.enum(['full', 'thumb']).default('full'),
});

export const DeviceImageSchema = z
  .object({
    id: z.uuid(),
    deviceId: z.uuid(),
    /** What the server made of the upload (always image/jpeg today), not what was sent. */
    contentType: text(),
    width: z.number().int(),
    height: z.number().int(),
    byteSize: z.number().int(),
    /** The uploaded file's name, cleaned (docs/images.md), with the kept format's extension. */
    fileName: text(),
    createdAt: z.iso.datetime({ offset: true }),
    /** Who uploaded it; null once their account has gone. */
    createdBy: z.object({ id: z.uuid(), email: text() }).nullable(),
  })
  .meta({ id: 'DeviceImage' });
export type DeviceImage = z.infer<typeof DeviceImageSchema>;
