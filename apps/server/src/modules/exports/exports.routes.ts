// The export calls of DESIGN §4.4: ask for an export, the property's history, one export (to
// follow its progress), and its file.
import { Readable } from 'node:stream';
import { CreateExportSchema, ExportSchema } from '@portal/contracts/exports';
import { PageQuerySchema } from '@portal/contracts/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, PropertyIdParams } from '../../access/id-params';
import type { AppContext } from '../../context';
import { contentDisposition } from '../images/file-name';
import { linkNextPage, PAGED_LIST_DESCRIPTION } from '../paging';
import { errorResponses } from '../route-errors';
import { EXPORT_NOT_FOUND, ExportsService } from './exports.service';

const ExportIdParams = z.object({ exportId: idParam(EXPORT_NOT_FOUND) });

const ExportFileSchema = z
  .custom<Readable>((value) => value instanceof Readable)
  .meta({ description: 'The file (text/csv or XLSX)', format: 'binary' });

export const exportsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const exports = new ExportsService(context);

  app.post(
    '/properties/:propertyId/exports',
    {
      schema: {
        tags: ['export'],
        summary: "Ask for an export of a property's metered use (every member)",
        description:
          'Answers 202 at once with the export pending; it is built as a job (follow GET ' +
          '/api/exports/{exportId} until `status` is ready, then download `url`). Rows per meter ' +
          'when `fields` has device or register, per area when it has area, else per time. ' +
          'At most 5 exports of one caller wait at once (429).',
        params: PropertyIdParams,
        body: CreateExportSchema,
        response: { 202: ExportSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await exports.create(request.caller, request.params.propertyId, request.body)),
  );

  app.get(
    '/properties/:propertyId/exports',
    {
      schema: {
        tags: ['export'],
        summary: "A property's exports of the last 30 days, newest first",
        description: PAGED_LIST_DESCRIPTION,
        params: PropertyIdParams,
        querystring: PageQuerySchema,
        response: { 200: z.array(ExportSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await exports.history(request.caller, request.params.propertyId, request.query);
      linkNextPage(request, reply, page.nextKey);
      return page.rows;
    },
  );

  app.get(
    '/exports/:exportId',
    {
      schema: {
        tags: ['export'],
        summary: 'One export: its status and progress, and its link once ready',
        params: ExportIdParams,
        response: { 200: ExportSchema, ...errorResponses },
      },
    },
    async (request) => exports.get(request.caller, request.params.exportId),
  );

  app.post(
    '/exports/:exportId/download',
    {
      schema: {
        tags: ['export'],
        summary: 'A ticket to download the file with a plain link (members of its organization)',
        description:
          "Answers 204 with a cookie for the file's address alone, valid for a minute: a link to " +
          '`url` then downloads it straight to disk without a bearer token (browsers send none ' +
          'with a link). 404 while the export is not ready.',
        params: ExportIdParams,
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const cookie = await exports.ticket(request.caller, request.params.exportId);
      return reply
        .header('set-cookie', cookie)
        .header('cache-control', 'no-store')
        .code(204)
        .send();
    },
  );

  app.get(
    '/exports/:exportId/file',
    {
      // A HEAD would read the whole file from the database only to drop it.
      exposeHeadRoute: false,
      // A bearer token, or the ticket of POST …/download in its cookie.
      config: { access: 'optional' },
      schema: {
        tags: ['export'],
        summary: "An export's file, as an attachment (members of its organization only)",
        description:
          'CSV (text/csv; Swedish: `;` and a decimal comma, English: `,` and a point; UTF-8 with ' +
          'a BOM) or XLSX. 404 while the export is not ready, and after its 30 days.',
        params: ExportIdParams,
        response: { 200: ExportFileSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { exportId } = request.params;
      const userId = await exports.downloader(
        request.callerIfSignedIn,
        request.headers.cookie,
        exportId,
      );
      const file = await exports.file(userId, exportId);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.fileName, 'attachment'))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};
