// File uploads as multipart/form-data (DESIGN §3 `@fastify/multipart`), for the calls that take
// a file: registered in the plugin of those routes alone, so every other route keeps refusing a
// multipart body (415), and read as one file in the field `file`, whole, within the call's limit.
import multipart from '@fastify/multipart';
import { ErrorCode } from '@portal/contracts/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors';

/** The form field that carries the file. */
export const FILE_FIELD = 'file';

/** Other fields a form may carry beside the file, ignored (at most this many, this long). */
const MAX_OTHER_FIELDS = 10;
const MAX_OTHER_FIELD_BYTES = 1024;

/**
 * Lets this plugin's routes take a multipart upload of one file of at most `maxFileBytes`: a
 * larger file is 413 (FST_REQ_FILE_TOO_LARGE) once that many bytes have arrived, not after the
 * rest. Register it inside the plugin of the routes that take files only.
 */
export async function acceptFileUploads(
  app: FastifyInstance,
  { maxFileBytes }: { maxFileBytes: number },
) {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      // One more than a call takes, so a second file is seen and named (TOO_MANY_FILES) rather
      // than cut off as the library's 413.
      files: 2,
      fileSize: maxFileBytes,
      fields: MAX_OTHER_FIELDS,
      fieldSize: MAX_OTHER_FIELD_BYTES,
      parts: MAX_OTHER_FIELDS + 2,
    },
  });
}

/** The uploaded file: its bytes and the name the sender gave it (as sent, unchecked). */
export type UploadedFile = { bytes: Buffer; fileName: string };

/**
 * The one file of a multipart request, whole. Fields beside it are ignored (a browser's form may
 * send its own); no file in the field `file` is 400 FILE_MISSING, a second file (under any name)
 * 400 TOO_MANY_FILES. Read before anything is written, so a refusal changes nothing.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  return (await readUpload(request)).bytes;
}

/** readUploadedFile, with the file's name. */
export async function readUpload(request: FastifyRequest): Promise<UploadedFile> {
  let files = 0;
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      files += 1;
      if (files > 1) throw badRequest('One file only.', ErrorCode.tooManyFiles);
      // A file under another name is read past (the stream must be), and counts as the one.
      const bytes = await part.toBuffer();
      if (part.fieldname === FILE_FIELD) file = { bytes, fileName: part.filename };
    }
  } catch (error) {
    // The parser's own errors (a form that ends before its closing boundary, a malformed part
    // header) carry no status: they describe the request, so 400, not the handler's 500. Ours and
    // the library's sized ones (413) keep theirs.
    if (error instanceof Error && 'statusCode' in error) throw error;
    throw badRequest('The form is not complete multipart/form-data.');
  }
  if (!file) throw badRequest(`No file in the field '${FILE_FIELD}'.`, ErrorCode.fileMissing);
  return file;
}
