// The payload of a publish to `gateways/{id}/readings`: the same JSON body as
// POST /api/ingest/readings, read and checked the same way, and the answer published to
// `gateways/{id}/results`. A payload that is not the body is answered with an error (code and
// issues, as the HTTP call's 400 carries them) rather than refused, since sending it again cannot
// mend it; an optional `batch` string is echoed so a gateway can pair answers with publishes.
import { ErrorCode, type ValidationIssue } from '@portal/contracts/error-codes';
import {
  type IngestReadings,
  IngestReadingsSchema,
  type IngestResult,
} from '@portal/contracts/readings';
import { z } from 'zod';
import { validationIssue } from '../../errors';

/** The longest `batch` echoed back: a gateway's own counter or timestamp, not a payload. */
export const BATCH_MAX_LENGTH = 100;

export type ReadingsError = {
  code: typeof ErrorCode.validation | typeof ErrorCode.badRequest;
  issues: ValidationIssue[];
};

export type ReadingsMessage =
  | { body: IngestReadings; batch?: string }
  | { error: ReadingsError; batch?: string };

/** What the gateway reads on `gateways/{id}/results`. */
export type ReadingsAnswer = (IngestResult | { error: ReadingsError }) & { batch?: string };

const BatchSchema = z.object({ batch: z.string().max(BATCH_MAX_LENGTH).optional() });

const decoder = new TextDecoder('utf-8', { fatal: true });

function notJson(message: string): ReadingsMessage {
  return {
    error: {
      code: ErrorCode.badRequest,
      issues: [{ field: '', rule: 'invalid_json', message }],
    },
  };
}

/** Reads a publish's payload into the ingest body, or the error to answer with. */
export function readReadingsMessage(payload: Uint8Array): ReadingsMessage {
  let json: unknown;
  try {
    json = JSON.parse(decoder.decode(payload));
  } catch {
    return notJson('The payload is not JSON in UTF-8: send {"readings": [...]}.');
  }
  const batchField = BatchSchema.safeParse(json);
  const batch = batchField.success ? batchField.data.batch : undefined;
  const parsed = IngestReadingsSchema.safeParse(json);
  if (parsed.success)
    return batch === undefined ? { body: parsed.data } : { body: parsed.data, batch };
  const issues = parsed.error.issues.map((issue) =>
    validationIssue({
      keyword: issue.code,
      instancePath: `/${issue.path.join('/')}`,
      message: issue.message,
      params: { ...issue },
    }),
  );
  const error: ReadingsError = { code: ErrorCode.validation, issues };
  return batch === undefined ? { error } : { error, batch };
}
