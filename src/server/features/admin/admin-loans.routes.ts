// The back office's work on a running loan: payments recorded (idempotent) and reversed, settlement quotes
// settled, restructure, write-off and forgiveness. A reversal, restructure, write-off or forgiveness waits for a second
// person (docs/decisions/028-dual-control.md).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPaymentSchema,
  forgiveBalanceSchema,
  paymentAnswerSchema,
  restructureSchema,
  reversePaymentSchema,
  settlementAnswerSchema,
  settleQuoteSchema,
  writeOffSchema,
} from '../../../shared/schemas/admin-loans';
import { approvalPendingAnswerSchema } from '../../../shared/schemas/approvals';
import { openSettlementQuotesSchema } from '../../../shared/schemas/servicing';
import type { Deps } from '../../lib/deps';
import { badRequest } from '../../lib/errors';
import { errors, idParams, untypedResponses } from '../../lib/route-schemas';
import { requireStaff, staffOnly } from '../../plugins/session';
import { listOpenQuotes, settleQuote } from '../servicing/servicing.service';
import * as admin from './admin-applications.service';
import { forgivenessChange, restructureChange, reversalChange, writeOffChange } from './approvable-changes';
import { scopedIdempotencyKey, withIdempotency } from './idempotency';
import { sendForApproval } from './send-for-approval';

export function adminLoanRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.post(
    '/api/admin/applications/:id/payments',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'recordPayment',
        summary: 'Record a payment (idempotent with an Idempotency-Key header)',
        params: idParams,
        body: addPaymentSchema,
        headers: z.object({ 'idempotency-key': z.string().min(8).max(100).optional() }).passthrough(),
        // The handler replays an Idempotency-Key's stored answer with its stored status: not typed by the schema.
        response: untypedResponses({ 201: paymentAnswerSchema, ...errors(400, 401, 403, 404, 409) }),
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      const key = request.headers['idempotency-key'] as string | undefined;
      if (key !== undefined && !/^[\w-]{8,100}$/.test(key))
        throw badRequest('Idempotency-Key must be 8-100 letters, digits, - or _');
      const { statusCode, body } = await withIdempotency(deps.db, {
        key,
        userId: user.id,
        route: `payments:${request.params.id}`,
        request: request.body,
        now: deps.clock.now(),
        run: async (tx) => {
          const result = await admin.addPayment(
            tx,
            deps,
            user,
            request.params.id,
            request.body,
            scopedIdempotencyKey(user.id, key),
          );
          return {
            statusCode: 201,
            body: {
              success: true,
              data: {
                payment: result.payment,
                remainingAmount: result.remainingAmount,
                completed: result.completed,
                application: result.application,
              },
              message: 'The payment has been recorded successfully.',
            },
            subjectUserId: result.creatorId,
            // The payment that closed the loan may have carried out the creator's erasure: the answer stored for
            // a replay is scrubbed too (docs/privacy.md).
            afterStore: result.erasure?.scrubStoredAnswers,
          };
        },
      });
      return reply.status(statusCode).send(body);
    },
  );

  r.post(
    '/api/admin/payments/:id/reverse',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'reversePayment',
        summary:
          'Ask to reverse a payment (bounced, or recorded in error) with a reason (202): once a second person approves it, a reversing journal, allocations undone and re-run, the creator told; nothing deleted',
        params: idParams,
        body: reversePaymentSchema,
        response: { 202: approvalPendingAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      return sendForApproval(deps, reply, user, await reversalChange(deps, request.params.id, request.body));
    },
  );

  r.get(
    '/api/admin/settlement-quotes',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'listOpenSettlementQuotes',
        summary: 'Open early-settlement quotes, still valid today',
        response: { 200: openSettlementQuotesSchema, ...errors(401, 403) },
      },
    },
    async () => ({ success: true as const, data: await listOpenQuotes(deps) }),
  );

  r.post(
    '/api/admin/settlement-quotes/:id/settle',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'settleQuote',
        summary: 'Record that a quoted early settlement arrived (closes the loan)',
        params: idParams,
        body: settleQuoteSchema.optional().default({}),
        response: { 201: settlementAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      const result = await settleQuote(deps, user, request.params.id, request.body ?? {});
      return reply.status(201).send({
        success: true,
        data: {
          payment: result.payment,
          remainingAmount: result.remainingAmount,
          completed: result.completed,
        },
        message: 'The settlement has been recorded and the loan is closed.',
      });
    },
  );

  r.post(
    '/api/admin/applications/:id/restructure',
    {
      onRequest: staffOnly('collect'),
      schema: {
        tags,
        operationId: 'restructureLoan',
        summary:
          'Ask to renegotiate an eligible loan (202): once a second person approves it, the remaining balance is spread over the new period, no extra cost',
        params: idParams,
        body: restructureSchema,
        response: { 202: approvalPendingAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      return sendForApproval(
        deps,
        reply,
        user,
        await restructureChange(deps, request.params.id, request.body),
      );
    },
  );

  r.post(
    '/api/admin/applications/:id/write-off',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'writeOffLoan',
        summary:
          'Ask to write off a defaulted loan with a reason (202): once a second person approves it, the loan leaves the books (its unearned cost reversed, the rest write-off expense); the creator still owes the balance and later payments are recoveries',
        params: idParams,
        body: writeOffSchema,
        response: { 202: approvalPendingAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      return sendForApproval(deps, reply, user, await writeOffChange(deps, request.params.id, request.body));
    },
  );

  r.post(
    '/api/admin/applications/:id/forgive',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'forgiveBalance',
        summary:
          'Ask to forgive what a written-off loan still owes, with a reason (202): once a second person approves it, the creator owes nothing more on it (the books, which wrote it off, are unchanged); 409 when the loan is not written off or has nothing owed',
        params: idParams,
        body: forgiveBalanceSchema,
        response: { 202: approvalPendingAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      return sendForApproval(
        deps,
        reply,
        user,
        await forgivenessChange(deps, request.params.id, request.body),
      );
    },
  );
}
