// The one error handler: every failure leaves as { message, error, fieldErrors? } with a 4xx status that
// says what went wrong, or a bare 500 that says nothing about internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CONNECTION_LOST_MESSAGE, isConnectionLost } from '../lib/database-errors';
import { AppError } from '../lib/errors';

export type ErrorBody = { message: string; error: string; fieldErrors?: Record<string, string[]> };

const body = (message: string, extra: Record<string, unknown> = {}) => ({
  message,
  error: message,
  ...extra,
});

function fieldErrorsOf(error: FastifyError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_root';
    fieldErrors[field] ??= [];
    fieldErrors[field].push(issue.message ?? 'Invalid value');
  }
  return fieldErrors;
}

/** Fastify's own client errors get plain words instead of internal codes. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; JSON was expected',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request as JSON (Content-Type: application/json)',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is wrong',
};

/** The SQLSTATE of a database error, on the error itself (node-postgres, PGlite) or on drizzle's wrapper's cause. */
function sqlStateOf(error: FastifyError): string | undefined {
  const own = (error as { code?: unknown }).code;
  const cause = (error.cause as { code?: unknown } | undefined)?.code;
  for (const code of [own, cause]) {
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return reply.status(error.statusCode).send(body(error.message, error.extra));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = fieldErrorsOf(error);
      const first = Object.values(fieldErrors)[0]?.[0] ?? 'Invalid request';
      return reply.status(400).send(body(first, { fieldErrors }));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send(body(FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY!));
    }
    // The database went away under the request (docs/operations.md, "Database connections"): its transaction is
    // rolled back, a retry gets a fresh connection. Not the request's fault: 503 with a short wait.
    if (isConnectionLost(error)) {
      request.log.warn({ err: error }, 'database connection lost during the request');
      return reply.status(503).header('Retry-After', '1').send(body(CONNECTION_LOST_MESSAGE));
    }
    // A unique index said no (e.g. two requests racing for the same e-mail): a conflict, not a crash.
    const pgCode = sqlStateOf(error);
    if (pgCode === '23505') return reply.status(409).send(body('That already exists.'));
    // The database refused a value (out of range, too long, not valid text): the request's fault, so a 400.
    // The schemas should have said so first; the warning (no parameters, decision 018) shows which one did not.
    if (pgCode?.startsWith('22')) {
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.status(400).send(body('A value in the request is out of range or not valid.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && FASTIFY_MESSAGES[error.code]) || error.message || 'Bad request';
      return reply.status(status).send(body(message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('Something went wrong on our side. Please try again.'));
  });
}
