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

/** An image id never names other bytes (an image is never changed, only deleted): a browser
 * may keep them for a year, for this signed-in user only. */
const IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';

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
          `device with ${MAX_DEVICE_IMAGES} images already is 409 DEVICE_IMAGES_FULL. Nothing ` +
          'is kept from a refused upload.',
        params: deviceParams,
        response: {
          201: DeviceImageSchema,
          409: ErrorResponseSchema,
          413: ErrorResponseSchema,
          422: ErrorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      // Who may upload is known before the file is read: a refused caller's file is not decoded.
      await images.mayUpload(request.caller, request.params.deviceId);
      const file = await readUpload(request);
      const image = await images.upload(request.caller, request.params.deviceId, file);
      return reply.status(201).send(image);
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
          `'${IMAGE_CACHE_CONTROL}'.`,
        params: imageParams,
        querystring: ImageSizeQuerySchema,
        response: { 200: ImageBytesSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const image = await images.bytes(request.caller, request.params.imageId, request.query.size);
      return reply
        .type(image.contentType)
        .header('content-disposition', contentDisposition(image.fileName))
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
