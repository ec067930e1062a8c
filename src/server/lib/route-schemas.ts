import { z } from 'zod';
import { INT32_MAX, intFromText } from '../../shared/schemas/fields';

/** `:id` path parameters: a positive integer that fits the database's integer, in plain digits; else 400. */
export const idParams = z.object({
  id: intFromText(
    z.number({ error: 'Invalid id' }).int('Invalid id').positive('Invalid id').max(INT32_MAX, 'Invalid id'),
  ),
});

export const errorResponse = z.object({ message: z.string(), error: z.string().optional() }).passthrough();
