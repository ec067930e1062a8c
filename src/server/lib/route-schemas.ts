import { z } from 'zod';
import { errorResponseSchema } from '../../shared/schemas/common';
import { INT32_MAX, intFromText } from '../../shared/schemas/fields';

/** `:id` path parameters: a positive integer that fits the database's integer, in plain digits; else 400. */
export const idParams = z.object({
  id: intFromText(
    z.number({ error: 'Invalid id' }).int('Invalid id').positive('Invalid id').max(INT32_MAX, 'Invalid id'),
  ),
});

/** The one error body (src/shared/schemas/common.ts). */
export const errorResponse = errorResponseSchema;

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

/** `schema.response` entries for the refusals a route can answer: `...errors(400, 401, 403)`. */
export function errors<const C extends readonly ErrorStatus[]>(
  ...codes: C
): { [K in C[number]]: typeof errorResponseSchema } {
  return Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as {
    [K in C[number]]: typeof errorResponseSchema;
  };
}

/**
 * Response schemas the type provider should not type the handler by (a handler that replays a stored answer with
 * its stored status): serialisation and the document still use them.
 */
export const untypedResponses = (response: Record<number, unknown>): unknown => response;

/**
 * A file answer (not JSON) for the OpenAPI document: kept out of the zod transform by the OpenAPI plugin and never
 * serialised (the handler sends a Buffer).
 */
export const binaryResponse = (description: string, mimeTypes: readonly string[]) => ({
  description,
  content: Object.fromEntries(
    mimeTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
  ),
});
