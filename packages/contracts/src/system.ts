// Liveness and readiness answers of the API.
import { z } from './zod';

export const HealthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

export const DatabaseDriverSchema = z.enum(['pglite', 'postgres']);
export type DatabaseDriver = z.infer<typeof DatabaseDriverSchema>;

export const ReadyResponseSchema = z.object({
  status: z.literal('ready'),
  database: DatabaseDriverSchema,
});
export type ReadyResponse = z.infer<typeof ReadyResponseSchema>;
