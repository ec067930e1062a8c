import { z } from 'zod';

/** `:id` path parameters: a positive integer, else 400. */
export const idParams = z.object({
  id: z.coerce
    .number({ error: 'Invalid id' })
    .int('Invalid id')
    .positive('Invalid id')
    .max(2_147_483_647, 'Invalid id'),
});

export const errorResponse = z.object({ message: z.string(), error: z.string().optional() }).passthrough();
