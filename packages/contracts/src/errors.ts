// The error body every failed API call answers with (DESIGN §4.1); its codes and details are
// described in error-codes.ts. `message` stays for people reading logs and for SPEC §4's one exact
// text ('Conflict, already exists.').
import { ErrorCode, type ErrorDetails, type ValidationIssue } from './error-codes';
import { text, z } from './zod';

export { ErrorCode };

export const ValidationIssueSchema = z.object({
  field: text(),
  rule: text(),
  limit: z.number().optional(),
  inclusive: z.boolean().optional(),
  format: text().optional(),
  message: text(),
}) satisfies z.ZodType<ValidationIssue>;

export const ErrorDetailsSchema = z.object({
  numbers: z.array(z.number().int()).optional(),
  more: z.boolean().optional(),
  limit: z.number().int().optional(),
  issues: z.array(ValidationIssueSchema).optional(),
  deviceId: z.uuid().optional(),
  areaId: z.uuid().optional(),
  expected: z.array(text()).optional(),
  problems: z.array(z.object({ line: z.number().int(), field: text(), code: text() })).optional(),
  slot: z.number().int().optional(),
  clearing: z.boolean().optional(),
  slotCount: z.number().int().optional(),
  reason: text().optional(),
}) satisfies z.ZodType<ErrorDetails>;

export const ErrorResponseSchema = z
  .object({
    statusCode: z.number().int(),
    error: text(),
    message: text(),
    code: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]).optional(),
    /** With 429: how long to wait, as in the Retry-After header (which browsers' code may not see). */
    retryAfterSeconds: z.number().int().positive().optional(),
    details: ErrorDetailsSchema.optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
