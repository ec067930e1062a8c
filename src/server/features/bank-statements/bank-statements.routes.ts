// Bank statement import and the suspense worklist (docs/bank-statements.md): admins only. Registered in its own
// encapsulated plugin with the multipart parser (app.ts), like the proof uploads.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STATEMENT_FILE_MAX_BYTES } from '../../../shared/bank-statements/constants';
import {
  bankSchema,
  importSummarySchema,
  statementDetailSchema,
  statementLinesQuerySchema,
  statementListSchema,
  statementsQuerySchema,
  suspenseAllocateSchema,
  suspenseItemSchema,
  suspenseListSchema,
  suspenseQuerySchema,
  suspenseRefundSchema,
} from '../../../shared/schemas/bank-statements';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest } from '../../lib/errors';
import { errors, idParams } from '../../lib/route-schemas';
import { textProblem } from '../../plugins/input-guard';
import { requireStaff, staffOnly } from '../../plugins/session';
import {
  allocateSuspense,
  importStatement,
  refundSuspense,
  statementDetail,
  statementList,
  suspenseList,
} from './bank-statements.service';

const tags = ['bank-statements'];
const TOO_LARGE = `The file is too large: a statement is at most ${STATEMENT_FILE_MAX_BYTES / 1024 / 1024} MB`;

/** A multipart body the parser cannot read is the sender's fault (400); the plugin's own 4xx keep their status. */
function unreadable(error: unknown) {
  const status = (error as { statusCode?: number }).statusCode;
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, TOO_LARGE);
  if (error instanceof AppError || (status !== undefined && status >= 400 && status < 500)) return error;
  return badRequest(
    'The upload could not be read: send it as multipart/form-data with a "bank" field and a "file"',
  );
}

/** The `bank` field and the `file` of the upload, in either order. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError(415, 'Send the statement as multipart/form-data with a "bank" field and a "file"');
  }
  let bank: string | undefined;
  let file: { filename: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: STATEMENT_FILE_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file') file = { filename: part.filename, data };
      } else if (part.fieldname === 'bank') bank = String(part.value);
    }
  } catch (error) {
    throw unreadable(error);
  }
  const parsedBank = bankSchema.safeParse(bank);
  if (!parsedBank.success) {
    const message = bank
      ? `Unknown bank "${bank}": ${parsedBank.error.issues[0]!.message}`
      : 'Choose the bank';
    throw badRequest(message, { bank: [message] });
  }
  if (!file) throw badRequest('Choose the statement file', { file: ['Choose the statement file'] });
  const nameProblem = textProblem(file.filename);
  if (nameProblem) throw badRequest(`The file name ${nameProblem}`);
  return { bank: parsedBank.data, fileName: file.filename || 'statement', data: file.data };
}

export function bankStatementRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/admin/bank-statements',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'importBankStatement',
        summary:
          'Import a bank statement (multipart: field "bank", file "file"; OFX or the bank\'s CSV, at most 5 MB): each line matched to a loan by reference, suggested by amount and name, or held in suspense; a line imported before is a duplicate',
        response: { 200: importSummarySchema, ...errors(400, 401, 403, 413, 415) },
      },
      bodyLimit: STATEMENT_FILE_MAX_BYTES + 64 * 1024,
    },
    async (request) => {
      const { user } = requireStaff(request);
      return importStatement(deps, user, await readUpload(request));
    },
  );

  r.get(
    '/api/admin/bank-statements',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'listBankStatements',
        summary: 'Bank statements imported, newest first, each with its summary (paged)',
        querystring: statementsQuerySchema,
        response: { 200: statementListSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => statementList(deps, request.query),
  );

  r.get(
    '/api/admin/bank-statements/:id',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'getBankStatement',
        summary:
          "A bank statement's summary and its lines with what became of each (paged, filtered by outcome)",
        params: idParams,
        querystring: statementLinesQuerySchema,
        response: { 200: statementDetailSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => statementDetail(deps, request.params.id, request.query),
  );

  r.get(
    '/api/admin/suspense',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'listSuspense',
        summary:
          'The suspense worklist: money received that is not yet a loan payment (paged, by status, searched)',
        querystring: suspenseQuerySchema,
        response: { 200: suspenseListSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => suspenseList(deps, request.query),
  );

  r.post(
    '/api/admin/suspense/:id/allocate',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'allocateSuspense',
        summary:
          "Pay money held in suspense to a loan (all that is left, or an amount): a bank-transfer payment on the bank's day",
        params: idParams,
        body: suspenseAllocateSchema,
        response: { 200: suspenseItemSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = requireStaff(request);
      return allocateSuspense(deps, user, request.params.id, request.body);
    },
  );

  r.post(
    '/api/admin/suspense/:id/refund',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'refundSuspense',
        summary: 'Record that what is left of a suspense item was paid back, with the refund reference',
        params: idParams,
        body: suspenseRefundSchema,
        response: { 200: suspenseItemSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = requireStaff(request);
      return refundSuspense(deps, user, request.params.id, request.body);
    },
  );
}
