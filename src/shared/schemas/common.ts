// Response contracts every area shares: the one error body, the small success answers, and the value shapes
// (money as 2-decimal text, instants as ISO text, calendar days as 'YYYY-MM-DD'). The routes use them as their
// `schema.response`, so serialisation and the OpenAPI document (/api/docs/json) both follow them.
import { z } from 'zod';

/**
 * Every 4xx (and the bare 500): `{ message, error, fieldErrors? }` from the error handler
 * (src/server/plugins/error-handler.ts). Open: a refusal may add fields, e.g. `mfaRequired` and `mfa`.
 */
export const errorResponseSchema = z.looseObject({
  message: z.string().describe('What went wrong, in words for the user'),
  error: z.string().optional().describe('The same message (kept for older clients)'),
  /** Per field (dotted path, `_root` for the body itself): what is wrong with it. */
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  /** Set on the 403 of an admin route whose session has not passed the second factor. */
  mfaRequired: z.boolean().optional(),
  mfa: z.enum(['enrol', 'verify']).optional(),
});

/** Money as text with two decimals ('1250.50'). */
export const moneyTextSchema = z.string().describe('Money in rand, as text with two decimals');
/** An instant as ISO 8601 text. Rows read from the database carry a Date, which is sent as its ISO text. */
export const instantSchema = z.preprocess(
  (v) => (v instanceof Date ? v.toISOString() : v),
  z.string().describe('An instant, ISO 8601'),
);
/** A South African calendar day, 'YYYY-MM-DD'. */
export const calendarDayTextSchema = z.string().describe("A calendar day, 'YYYY-MM-DD'");

/**
 * `success: true` on an answer. Documented and inferred as `true`; a handler may hand over a plain `boolean`
 * (the serialiser refuses anything but true).
 */
export const successTrue = z.boolean().pipe(z.literal(true));

/** `{ success: true }`. */
export const successSchema = z.object({ success: successTrue });
export type SuccessAnswer = z.infer<typeof successSchema>;

/** `{ success: true, message }`. */
export const successMessageSchema = z.object({ success: successTrue, message: z.string() });
export type SuccessMessageAnswer = z.infer<typeof successMessageSchema>;

/** Open-ended JSON an answer passes on as stored (platform data, analyses). */
export const jsonObjectSchema = z.record(z.string(), z.unknown());
