// The image calls of DESIGN §4.2: a device's images (everyone in its organization), an upload and
// a delete (site managers), and an image's bytes. A plugin of its own: its upload route is the
// only one here that takes multipart bodies.
import { ErrorResponseSchema } from '@portal/contracts/errors';
import {
  DeviceImageSchema,
  IMAGE_MAX_SIDE,
  ImageSizeQuerySchema,
  MAX_DEVICE_IMAGES,
  MAX_IMAGE_UPLOAD_BYTES,
  THUMBNAIL_MAX_SIDE,
} from '@portal/contracts/images';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeviceIdParams as deviceParams,
  ImageIdParams as imageParams,
} from '../../access/id-params';
import type { AppContext } from '../../context';
import { acceptFileUploads, FILE_FIELD, readUpload } from '../../http/multipart';
import { errorResponses } from '../route-errors';
import { contentDisposition } from './file-name';
import { MAX_INPUT_PIXELS } from './image-processing';
import { ImagesService } from './images.service';

/** A browser may keep an image, for this signed-in user only, but asks each time before showing
 * it again: a deleted photo, or one of an organization the user has left, is not shown from the
 * cache. The ETag makes asking cheap (304, no bytes). */
const IMAGE_CACHE_CONTROL = 'private, no-cache';

/** An image's ETag: its id and size (an image is never changed, only deleted, so an id names
 * the same bytes for good). */
const imageETag = (imageId: string, size: 'full' | 'thumb') => `"${imageId}-${size}"`;

/** Whether an If-None-Match header names `etag` (a list, weak tags and * included). */
function matchesETag(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** The image's bytes, sent as they are (Fastify never serialises a Buffer). */
const ImageBytesSchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ description: 'The image (image/jpeg)', format: 'binary' });

/** The multipart form's own bytes beside the file (boundaries, headers). */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export const imagesRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const images = new ImagesService(context);
  await acceptFileUploads(app, { maxFileBytes: MAX_IMAGE_UPLOAD_BYTES });

  app.get(
    '/devices/:deviceId/images',
    {
      schema: {
        tags: ['images'],
        summary: "A device's images, newest first (metadata; the bytes are GET /api/images/{id})",
        params: deviceParams,
        response: { 200: z.array(DeviceImageSchema), ...errorResponses },
      },
    },
    async (request) => images.list(request.caller, request.params.deviceId),
  );

  app.post(
    '/devices/:deviceId/images',
    {
      bodyLimit: MAX_IMAGE_UPLOAD_BYTES + FORM_OVERHEAD_BYTES,
      schema: {
        tags: ['images'],
        summary: 'Add an image to a device (site managers)',
        description:
          `multipart/form-data with a JPEG, PNG, WebP or HEIC image in the field '${FILE_FIELD}' ` +
          `(no file there is 400 FILE_MISSING, a second file 400 TOO_MANY_FILES), at most ` +
          `${MAX_IMAGE_UPLOAD_BYTES} bytes (413 PAYLOAD_TOO_LARGE). The server re-encodes it as ` +
          `JPEG: upright, without metadata (EXIF, GPS), at most ${IMAGE_MAX_SIDE} px on its ` +
          `longest side, with a thumbnail of ${THUMBNAIL_MAX_SIDE} px. What does not decode as ` +
          `one of those formats, or has more than ${MAX_INPUT_PIXELS / 1e6} megapixels, is 422 IMAGE_UNREADABLE; a ` +
          `device with ${MAX_DEVICE_IMAGES} images already is 409 DEVICE_IMAGES_FULL, checked ` +
          'before the file is read; with too many uploads under way at once, 503 ' +
          'IMAGE_WORK_BUSY with Retry-After, before the file is read. Nothing is kept from a ' +
          'refused upload.',
        params: deviceParams,
        response: {
          201: DeviceImageSchema,
          409: ErrorResponseSchema,
          413: ErrorResponseSchema,
          422: ErrorResponseSchema,
          503: ErrorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      // Who may upload, whether the device has room and whether the server has are known before
      // the file is read: a refused upload is neither read into memory nor decoded.
      const release = await images.admitUpload(request.caller, request.params.deviceId);
      try {
        const file = await readUpload(request);
        const image = await images.upload(request.caller, request.params.deviceId, file);
        return reply.status(201).send(image);
      } finally {
        release();
      }
    },
  );

  app.get(
    '/images/:imageId',
    {
      schema: {
        tags: ['images'],
        summary: "An image's bytes, or with ?size=thumb its thumbnail",
        description:
          'Answers the bytes with their own Content-Type (image/jpeg), Content-Disposition ' +
          "inline with the file's name, X-Content-Type-Options nosniff and Cache-Control " +
          `'${IMAGE_CACHE_CONTROL}' with an ETag (the image's id and size); an If-None-Match ` +
          'naming it is answered 304 without the bytes, once the caller may see the image.',
        params: imageParams,
        querystring: ImageSizeQuerySchema,
        response: { 200: ImageBytesSchema, 304: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { imageId } = request.params;
      const etag = imageETag(imageId, request.query.size);
      // The caller's access is checked before either answer: a 304 says nothing to someone
      // who may no longer see the image.
      if (matchesETag(request.headers['if-none-match'], etag)) {
        await images.maySee(request.caller, imageId);
        reply.header('etag', etag).header('cache-control', IMAGE_CACHE_CONTROL);
        return reply.status(304).send();
      }
      const image = await images.bytes(request.caller, imageId, request.query.size);
      return reply
        .type(image.contentType)
        .header('content-disposition', contentDisposition(image.fileName))
        .header('etag', etag)
        .header('cache-control', IMAGE_CACHE_CONTROL)
        .send(image.data);
    },
  );

  app.delete(
    '/images/:imageId',
    {
      schema: {
        tags: ['images'],
        summary: 'Delete an image (site managers)',
        params: imageParams,
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await images.delete(request.caller, request.params.imageId);
      return reply.status(204).send();
    },
  );
};
