// Public facts about the law the product lends under: the National Credit Act's charge ceilings (docs/compliance.md).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bureauPeriodParamsSchema,
  bureauSubmissionListSchema,
  ceilingsAnswerSchema,
  ceilingsQuerySchema,
  debtReviewEndSchema,
  debtReviewOrderSchema,
  debtReviewSchema,
  enforcementSchema,
  ncaPositionSchema,
  providerAnswerSchema,
  registeredPostSchema,
} from '../../../shared/schemas/compliance';
import { sendCsv } from '../../lib/csv-reply';
import type { Deps } from '../../lib/deps';
import { binaryResponse, errors, idParams } from '../../lib/route-schemas';
import { requireStaff, staffOnly } from '../../plugins/session';
import {
  endDebtReview,
  ncaPositionFor,
  recordDebtReview,
  recordEnforcement,
  recordRegisteredPost,
  restructureLoan,
} from '../loans';
import { bureauSubmissionFile, bureauSubmissions } from './bureau.service';
import { ceilingsFor, providerFor } from './compliance.service';

const tags = ['compliance'];

export function complianceRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/compliance/ceilings',
    {
      schema: {
        tags,
        operationId: 'getChargeCeilings',
        summary:
          'The National Credit Act ceilings (interest, initiation fee, service fee, largest cost of credit) for an amount, term and class; open to anyone',
        querystring: ceilingsQuerySchema,
        response: { 200: ceilingsAnswerSchema, ...errors(400) },
      },
    },
    async (request) => ceilingsFor(deps, request.query),
  );

  r.get(
    '/api/compliance/provider',
    {
      schema: {
        tags,
        operationId: 'getCreditProvider',
        summary: "Who lends: the provider's legal name, NCR registration number and address; open to anyone",
        // Nothing to ask: any query parameter is a mistake (400), not something silently ignored.
        querystring: z.object({}).strict(),
        response: { 200: providerAnswerSchema, ...errors(400) },
      },
    },
    async (_request, reply) => {
      // Fixed for the life of the process: browsers may keep it for an hour.
      reply.header('cache-control', 'public, max-age=3600');
      return providerFor(deps);
    },
  );

  // Default, enforcement and debt review about one loan (docs/compliance.md): admins only, each answering where the
  // loan stands afterwards.
  r.get(
    '/api/admin/applications/:id/nca',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'getNcaPosition',
        summary:
          'Where a loan stands under the National Credit Act: the section 129-130 timeline, debt review, the bureau notice, and every record',
        params: idParams,
        response: { 200: ncaPositionSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => ncaPositionFor(deps, request.params.id),
  );

  const record = <B extends z.ZodType>(
    path: string,
    operationId: string,
    summary: string,
    body: B,
    act: (user: ReturnType<typeof requireStaff>['user'], id: number, input: z.output<B>) => Promise<unknown>,
  ) =>
    r.post(
      `/api/admin/applications/:id/nca/${path}`,
      {
        onRequest: staffOnly('collect'),
        schema: {
          tags,
          operationId,
          summary,
          params: idParams,
          body,
          response: { 200: ncaPositionSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const { user } = requireStaff(request);
        await act(user, request.params.id, request.body as z.output<B>);
        return ncaPositionFor(deps, request.params.id);
      },
    );

  record(
    'registered-post',
    'recordRegisteredPost',
    'The section 129 notice sent again by registered post, with its reference',
    registeredPostSchema,
    (user, id, input) => recordRegisteredPost(deps, user, id, input),
  );
  record(
    'enforcement',
    'recordEnforcementStep',
    'Hand the loan over to collections or to legal: refused (409, with the reason) until 10 business days after the section 129 notice, and under debt review',
    enforcementSchema,
    (user, id, input) => recordEnforcement(deps, user, id, input),
  );
  record(
    'debt-review',
    'recordDebtReview',
    "A debt counsellor's notice (Form 17.1): the loan is under debt review; reminders, notices and enforcement stop",
    debtReviewSchema,
    (user, id, input) => recordDebtReview(deps, user, id, input),
  );
  record(
    'debt-review/order',
    'recordDebtReviewOrder',
    "The debt review's restructuring order: the remaining balance over the order's months, no extra cost",
    debtReviewOrderSchema,
    (user, id, input) =>
      restructureLoan(deps, user, id, input.estimatedPeriod, {
        reference: input.orderReference,
        madeOn: input.orderDate,
      }),
  );
  record(
    'debt-review/end',
    'endDebtReview',
    'Debt review ended: the agreement is followed again',
    debtReviewEndSchema,
    (user, id, input) => endDebtReview(deps, user, id, input),
  );

  // The monthly credit bureau submissions (docs/compliance.md, "Credit bureau").
  r.get(
    '/api/admin/bureau-submissions',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'listBureauSubmissions',
        summary: 'The monthly credit bureau files the job made, newest first',
        response: { 200: bureauSubmissionListSchema, ...errors(401, 403) },
      },
    },
    async () => bureauSubmissions(deps),
  );

  r.get(
    '/api/admin/bureau-submissions/:period',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'downloadBureauSubmission',
        summary:
          "One month's credit bureau file (CSV, the layout in docs/compliance.md); the download is audited",
        params: bureauPeriodParamsSchema,
        response: {
          200: binaryResponse('The file (an attachment)', ['text/csv']),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      const file = await bureauSubmissionFile(deps, user, request.params.period);
      return sendCsv(reply, file.fileName, file.content);
    },
  );
}
