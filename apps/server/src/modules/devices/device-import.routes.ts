// The device import of DESIGN §4.4 (docs/devices.md "Importing devices"): a CSV file sent as its
// text or as a multipart upload. A plugin of its own, so the CSV and multipart bodies it takes are
// taken by no other call.
import {
  IMPORT_BODY_LIMIT,
  ImportPreviewSchema,
  ImportQuerySchema,
  ImportResultSchema,
} from '@portal/contracts/devices';
import { ErrorResponseSchema } from '@portal/contracts/errors';
import { text } from '@portal/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AreaIdParams as areaParams } from '../../access/id-params';
import { acceptFileUploads, FILE_FIELD, readUploadedFile } from '../../http/multipart';
import { errorResponses } from '../route-errors';
import type { DevicesService } from './devices.service';

export const deviceImportRoutes: FastifyPluginAsyncZod<{ devices: DevicesService }> = async (
  app,
  { devices },
) => {
  // The file's text as the body (text/plain is Fastify's own parser)…
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  // …or the file itself, from a browser's form: read here into the same text, before the body is
  // checked, so the call goes on as if the text had been sent. The reader handles a BOM.
  await acceptFileUploads(app, { maxFileBytes: IMPORT_BODY_LIMIT });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = (await readUploadedFile(request)).toString('utf8');
  });

  app.post(
    '/areas/:areaId/devices/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['devices'],
        summary: 'Import devices from a CSV file of deviceType;idNumber;name;role (site managers)',
        description:
          "The body is the file's text (text/csv or text/plain), or multipart/form-data with the " +
          `file in the field '${FILE_FIELD}' (other fields ignored; no file there is 400 ` +
          'FILE_MISSING, a second file 400 TOO_MANY_FILES); at most 1 MiB (413) and 1 000 lines. ' +
          '?preview=true answers {devices, problems} and makes nothing; otherwise all lines are ' +
          "made (201, with each gateway's key this once), or none and 422 IMPORT_INVALID with " +
          'details.problems [{line, field, code}].',
        params: areaParams,
        querystring: ImportQuerySchema,
        body: text(),
        response: {
          200: ImportPreviewSchema,
          201: ImportResultSchema,
          409: ErrorResponseSchema,
          422: ErrorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const result = await devices.import(
        request.caller,
        request.params.areaId,
        request.body,
        request.query.preview,
      );
      return reply.status(request.query.preview ? 200 : 201).send(result);
    },
  );
};
