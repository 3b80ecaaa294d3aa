import { z } from 'zod';

/** The error shape of every 4xx/5xx answer (DESIGN.md). */
export const ApiError = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiError = z.infer<typeof ApiError>;
