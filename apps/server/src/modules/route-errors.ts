// The error answers every authenticated call documents (DESIGN §4.1 body): bad input, not signed
// in, not allowed, nothing there. Routes add what only they answer, such as 409.
import { ErrorResponseSchema } from '@portal/contracts/errors';

export const errorResponses = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
