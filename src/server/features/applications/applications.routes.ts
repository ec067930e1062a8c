import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptQuoteSchema,
  applicationAnswerSchema,
  applicationFormSchema,
  applicationListSchema,
  applicationSchema,
  applyEligibilitySchema,
  cancelApplicationSchema,
  creatorScheduleSchema,
  ownPaymentsPageSchema,
  ownPaymentsQuerySchema,
  previewTermsAnswerSchema,
  previewTermsSchema,
  statementAnswerSchema,
  storedQuoteSchema,
} from '../../../shared/schemas/applications';
import { loanServicingSchema, settlementQuoteAnswerSchema } from '../../../shared/schemas/servicing';
import { today } from '../../lib/clock';
import { conditionalGet } from '../../lib/conditional-get';
import type { Deps } from '../../lib/deps';
import { fastSerializerCompiler } from '../../lib/fast-serializer';
import { binaryResponse, errors, idParams } from '../../lib/route-schemas';
import { requireActingUser, requireUser, signedIn } from '../../plugins/session';
import { agreementPdfFor, quotePdfFor } from '../loans';
import * as applications from './applications.service';

/** An application's quote: both ids in the path. */
const quoteParams = idParams.extend({ quoteId: idParams.shape.id });

/** The acceptance's evidence: where it came from (consent recorded with time and IP, docs/lending.md). */
const consentOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

export function applicationRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['applications'];

  r.post(
    '/api/applications',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'submitApplication',
        summary: 'Submit a financing application (scored by the server)',
        body: applicationFormSchema,
        response: { 201: applicationAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const application = await applications.submitApplication(deps, user, request.body);
      return reply.status(201).send({ success: true, application });
    },
  );

  r.get(
    '/api/applications',
    {
      // Polled every second: an unchanged list answers 304 after the session read alone. Days past due
      // move with the South African date, so the date is part of the ETag.
      onRequest: [signedIn, conditionalGet(() => [today(deps.clock)])],
      config: { dataVersion: 'creator' },
      // Written by fast-json-stringify from the same schemas (checked against Zod outside production).
      serializerCompiler: fastSerializerCompiler({ check: deps.config.env !== 'production' }),
      schema: {
        tags,
        operationId: 'listOwnApplications',
        summary:
          "The signed-in creator's applications (without score breakdowns: see GET /api/applications/{id})",
        response: { 200: applicationListSchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return applications.listOwnApplications(deps, user.id);
    },
  );

  r.get(
    '/api/applications/eligibility',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'getApplyEligibility',
        summary:
          'Whether the creator may apply now (and which open application keeps them from it), and whether their loan has earned a top-up',
        response: { 200: applyEligibilitySchema, ...errors(401, 403) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return applications.applyEligibility(deps, user);
    },
  );

  r.get(
    '/api/applications/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'getOwnApplication',
        summary: "One of the creator's applications, with its score breakdown",
        params: idParams,
        response: { 200: applicationSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return applications.getOwnApplication(deps, user.id, request.params.id);
    },
  );

  r.get(
    '/api/applications/:id/payments',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'listOwnPayments',
        summary:
          "A page of the payments of one of the creator's applications, newest first (the polled list sends the latest few)",
        params: idParams,
        querystring: ownPaymentsQuerySchema,
        response: { 200: ownPaymentsPageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return applications.ownPaymentsPage(deps, user.id, request.params.id, request.query.page);
    },
  );

  r.post(
    '/api/applications/:id/cancel',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'cancelOwnApplication',
        summary: 'Cancel while under review or approved',
        params: idParams,
        body: cancelApplicationSchema,
        response: { 200: applicationAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const application = await applications.cancelOwnApplication(
        deps,
        user,
        request.params.id,
        request.body,
      );
      return { success: true, application };
    },
  );

  r.post(
    '/api/applications/:id/preview-terms',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'previewOwnTerms',
        summary: 'Repayment terms the server would set',
        params: idParams,
        body: previewTermsSchema.optional().default({}),
        response: { 200: previewTermsAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return applications.previewOwnTerms(deps, user, request.params.id, request.body ?? {});
    },
  );

  r.post(
    '/api/applications/:id/schedule',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'chooseRepaymentPlan',
        summary:
          "Choose a repayment plan for one's approved application: accepts the plan's stored quote (quoteId, from the preview); the loan starts at the payout",
        params: idParams,
        body: creatorScheduleSchema,
        response: { 200: applicationAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const application = await applications.chooseRepaymentPlan(
        deps,
        user,
        request.params.id,
        request.body,
        consentOf(request),
      );
      return { success: true, application };
    },
  );

  r.post(
    '/api/applications/:id/accept',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'acceptQuote',
        summary:
          "Accept a stored quote of one's application (the plan's, or an admin's offer): the contract, recorded with time and IP; the loan starts at the payout",
        params: idParams,
        body: acceptQuoteSchema,
        response: { 200: applicationAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const application = await applications.acceptOwnQuote(
        deps,
        user,
        request.params.id,
        request.body,
        consentOf(request),
      );
      return { success: true, application };
    },
  );

  r.get(
    '/api/applications/:id/quote',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'getCurrentQuote',
        summary:
          "The application's quote: the accepted one (the contract), else the open offer, else the plan's open quote",
        params: idParams,
        response: { 200: storedQuoteSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = requireActingUser(request);
      return applications.currentQuote(deps, user, request.params.id);
    },
  );

  r.get(
    '/api/applications/:id/servicing',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'getLoanServicing',
        summary: 'Instalments, arrears, days past due and the open settlement quote of a loan',
        params: idParams,
        response: { 200: loanServicingSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = requireActingUser(request);
      return applications.servicingFor(deps, user, request.params.id);
    },
  );

  r.post(
    '/api/applications/:id/settlement-quote',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'requestSettlementQuote',
        summary: 'Settle early: the amount that settles the loan today, a reference and where to pay',
        params: idParams,
        response: { 201: settlementQuoteAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const quote = await applications.settlementQuoteFor(deps, user, request.params.id);
      return reply.status(201).send({ success: true, quote });
    },
  );

  r.get(
    '/api/applications/:id/statement',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'getStatement',
        summary: 'Data for the printable statement',
        params: idParams,
        response: { 200: statementAnswerSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = requireActingUser(request);
      return applications.statementFor(deps, user, request.params.id);
    },
  );

  r.get(
    '/api/applications/:id/statement/pdf',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'downloadStatementPdf',
        summary: 'The statement as a PDF to keep (the printable statement, made on the server)',
        params: idParams,
        response: {
          200: binaryResponse('The statement (an attachment)', ['application/pdf']),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { user } = requireActingUser(request);
      return sendPdf(reply, await applications.statementPdfFor(deps, user, request.params.id));
    },
  );

  r.get(
    '/api/applications/:id/quotes/:quoteId/pdf',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'downloadQuotePdf',
        summary:
          'A stored quote as its pre-agreement statement and quotation (National Credit Act s92, Form 20), a PDF',
        params: quoteParams,
        response: {
          200: binaryResponse('The pre-agreement statement and quotation (an attachment)', [
            'application/pdf',
          ]),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { user } = requireActingUser(request);
      const { id, quoteId } = request.params;
      return sendPdf(reply, await quotePdfFor(deps, user, id, quoteId));
    },
  );

  r.get(
    '/api/applications/:id/agreement/pdf',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'downloadAgreementPdf',
        summary: 'The credit agreement the creator accepted (National Credit Act s93), a PDF',
        params: idParams,
        response: {
          200: binaryResponse('The credit agreement (an attachment)', ['application/pdf']),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { user } = requireActingUser(request);
      return sendPdf(reply, await agreementPdfFor(deps, user, request.params.id));
    },
  );
}

/** A document the server made, as a download kept out of every cache. */
function sendPdf(reply: FastifyReply, file: { fileName: string; data: Buffer }) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(file.data);
}
