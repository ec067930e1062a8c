import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminApplicationAnswerSchema } from '../../../shared/schemas/admin-applications';
import {
  defaultCohortsAnswerSchema,
  defaultCohortsQuerySchema,
  lendingDetailsPageSchema,
  lendingDetailsQuerySchema,
  lendingFilterSchema,
} from '../../../shared/schemas/admin-lists';
import {
  lendingCancelSchema,
  lendingSummaryAnswerSchema,
  recordEarningsAnswerSchema,
  recordEarningsSchema,
} from '../../../shared/schemas/lending';
import type { Deps } from '../../lib/deps';
import { errors } from '../../lib/route-schemas';
import { requireStaff, staffOnly } from '../../plugins/session';
import * as lending from './lending.service';

export function lendingRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['lending'];

  r.get(
    '/api/lending-management/summary',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'getLendingSummary',
        summary: 'Lending summary figures, default rate and portfolio at risk (SQL aggregates)',
        querystring: lendingFilterSchema,
        response: { 200: lendingSummaryAnswerSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true,
      data: await lending.summary(deps, requireStaff(request).user, request.query),
    }),
  );

  r.get(
    '/api/lending-management/default-cohorts',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'getDefaultCohorts',
        summary: 'Default rate now and ever, by payout month (the cohort)',
        querystring: defaultCohortsQuerySchema,
        response: { 200: defaultCohortsAnswerSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await lending.cohorts(deps, requireStaff(request).user, request.query),
    }),
  );

  r.get(
    '/api/lending-management/details',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'listLendingDetails',
        summary: 'One page of lending rows with days past due and delinquency bucket',
        querystring: lendingDetailsQuerySchema,
        response: { 200: lendingDetailsPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => lending.details(deps, requireStaff(request).user, request.query),
  );

  r.post(
    '/api/lending-management/record-earnings',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'recordEarnings',
        summary: 'Record a month of platform earnings',
        body: recordEarningsSchema,
        response: { 201: recordEarningsAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      const data = await lending.recordEarnings(deps, user, request.body);
      return reply.status(201).send({ success: true, data, message: 'Earnings recorded' });
    },
  );

  r.post(
    '/api/lending-management/cancel-application',
    {
      onRequest: staffOnly('underwrite'),
      schema: {
        tags,
        operationId: 'cancelApplicationByAdmin',
        summary: 'Cancel an application under review or approved (audited)',
        body: lendingCancelSchema,
        response: { 200: adminApplicationAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = requireStaff(request);
      return {
        success: true,
        data: await lending.cancelByAdmin(deps, user, request.body),
        message: 'Application cancelled',
      };
    },
  );
}
