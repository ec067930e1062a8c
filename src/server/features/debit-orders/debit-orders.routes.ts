// Debit orders (docs/debit-orders.md): the creator's mandate on their loan, and the admins' collection runs, their
// file for the bank and the import of the bank's results. Registered in a scope with the multipart plugin (the result
// upload), like the proof uploads.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCancelMandateSchema,
  buildRunSchema,
  importSummarySchema,
  mandateFormSchema,
  mandateSchema,
  mandatesPageSchema,
  mandatesQuerySchema,
  mandateViewSchema,
  runDetailSchema,
  runItemsQuerySchema,
  runSchema,
  runsPageSchema,
  runsQuerySchema,
} from '../../../shared/schemas/debit-orders';
import { sendCsv } from '../../lib/csv-reply';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest } from '../../lib/errors';
import { binaryResponse, errors, idParams } from '../../lib/route-schemas';
import { requireStaff, requireUser, signedIn, staffOnly } from '../../plugins/session';
import {
  authoriseMandate,
  cancelMandate,
  cancelMandateByAdmin,
  listMandates,
  mandateView,
} from './mandates.service';
import { importResults } from './results.service';
import { buildRun, listRuns, runDetail, runFile } from './runs.service';

/** A result file is text: a run of a few thousand lines is far below this. */
export const RESULT_FILE_MAX_BYTES = 2 * 1024 * 1024;

const tags = ['debit-orders'];

async function uploadedText(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart())
    throw new AppError(415, 'Send the result file as multipart/form-data with a "file" field');
  let data: Buffer;
  try {
    const file = await request.file({ limits: { fileSize: RESULT_FILE_MAX_BYTES, files: 1 } });
    if (file?.fieldname !== 'file')
      throw badRequest('Choose the result file to upload', { file: ['Choose a file'] });
    data = await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'The result file is too large: at most 2 MB');
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw error;
    throw badRequest('The upload could not be read: send it as multipart/form-data with a "file" field');
  }
  if (data.length === 0) throw badRequest('The file is empty', { file: ['The file is empty'] });
  const text = data.toString('utf8');
  if (text.includes('\u0000') || text.includes('\uFFFD'))
    throw badRequest('The result file must be CSV text (UTF-8)', { file: ['Not a CSV text file'] });
  return text;
}

export function debitOrderRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const consentOf = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });

  r.get(
    '/api/applications/:id/debit-mandate',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'getDebitMandate',
        summary:
          "One's loan's debit order: the terms to authorise (amounts and dates) and the mandate in force",
        params: idParams,
        response: { 200: mandateViewSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => mandateView(deps, requireUser(request).user, request.params.id),
  );

  r.post(
    '/api/applications/:id/debit-mandate',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'authoriseDebitMandate',
        summary:
          "Authorise a debit order on one's loan (DebiCheck-style terms, consent recorded with time, IP and browser); one active per loan",
        params: idParams,
        body: mandateFormSchema,
        response: { 201: mandateViewSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const view = await authoriseMandate(deps, user, request.params.id, request.body, consentOf(request));
      return reply.status(201).send(view);
    },
  );

  r.post(
    '/api/applications/:id/debit-mandate/cancel',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'cancelDebitMandate',
        summary: "Cancel one's loan's debit order: nothing more is collected by it",
        params: idParams,
        response: { 200: mandateViewSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => cancelMandate(deps, requireUser(request).user, request.params.id),
  );

  r.get(
    '/api/admin/debit-orders/mandates',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'listDebitMandates',
        summary:
          'The debit order mandates, newest first, paged and filtered by status (accounts by their last 4 digits)',
        querystring: mandatesQuerySchema,
        response: { 200: mandatesPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => listMandates(deps, request.query),
  );

  r.post(
    '/api/admin/debit-orders/mandates/:id/cancel',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'cancelDebitMandateByAdmin',
        summary:
          "Cancel a creator's debit order (a suspended one, say), with the reason: nothing more is collected by it",
        params: idParams,
        body: adminCancelMandateSchema,
        response: { 200: mandateSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      cancelMandateByAdmin(deps, requireStaff(request).user, request.params.id, request.body.reason),
  );

  r.post(
    '/api/admin/debit-orders/runs',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'buildDebitOrderRun',
        summary:
          'Build the collection run of a business day: one item per active mandate with an amount due by then; building again gives the same run',
        body: buildRunSchema,
        response: { 200: runSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => buildRun(deps, requireStaff(request).user, request.body.collectionDate),
  );

  r.get(
    '/api/admin/debit-orders/runs',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'listDebitOrderRuns',
        summary: 'The collection runs, latest collection date first, paged',
        querystring: runsQuerySchema,
        response: { 200: runsPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => listRuns(deps, request.query),
  );

  r.get(
    '/api/admin/debit-orders/runs/:id',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'getDebitOrderRun',
        summary:
          "A collection run with a page of its items (filtered by status), each with the bank's reason",
        params: idParams,
        querystring: runItemsQuerySchema,
        response: { 200: runDetailSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => runDetail(deps, request.params.id, request.query),
  );

  r.get(
    '/api/admin/debit-orders/runs/:id/file',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'downloadDebitOrderRunFile',
        summary:
          'The run file for the bank (CSV, docs/debit-orders.md): account numbers in full, so the download is audited; marks the run submitted',
        params: idParams,
        response: {
          200: binaryResponse('The file (an attachment)', ['text/csv']),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await runFile(deps, requireStaff(request).user, request.params.id);
      return sendCsv(reply, file.fileName, file.content);
    },
  );

  r.post(
    '/api/admin/debit-orders/runs/:id/results',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'importDebitOrderResults',
        summary:
          'Import the bank\'s result file of a submitted run (multipart field "file", CSV): payments for the paid, failed-collection records for the unpaid; importing again changes nothing',
        params: idParams,
        response: { 200: importSummarySchema, ...errors(400, 401, 403, 404, 409, 413, 415) },
      },
      bodyLimit: RESULT_FILE_MAX_BYTES + 64 * 1024,
    },
    async (request) => {
      const { user } = requireStaff(request);
      const text = await uploadedText(request);
      return importResults(deps, user, request.params.id, text);
    },
  );
}
