import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { lendingCancelSchema, recordEarningsSchema } from '../../../shared/schemas/admin';
import {
  lendingDetailsPageSchema,
  lendingDetailsQuerySchema,
  lendingFilterSchema,
} from '../../../shared/schemas/admin-lists';
import type { Deps } from '../../lib/deps';
import { adminOnly, requireAdmin } from '../../plugins/session';
import * as lending from './lending.service';

export function lendingRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['lending'];

  r.get(
    '/api/lending-management/summary',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Lending summary figures, default rate and portfolio at risk (SQL aggregates)',
        querystring: lendingFilterSchema,
      },
    },
    async (request) => ({ success: true, data: await lending.summary(deps, request.query) }),
  );

  r.get(
    '/api/lending-management/details',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'One page of lending rows with days past due and delinquency bucket',
        querystring: lendingDetailsQuerySchema,
        response: { 200: lendingDetailsPageSchema },
      },
    },
    async (request) => lending.details(deps, request.query),
  );

  r.post(
    '/api/lending-management/record-earnings',
    {
      onRequest: adminOnly,
      schema: { tags, summary: 'Record a month of platform earnings', body: recordEarningsSchema },
    },
    async (request, reply) => {
      const { user } = requireAdmin(request);
      const data = await lending.recordEarnings(deps, user, request.body);
      return reply.status(201).send({ success: true, data, message: 'Earnings recorded' });
    },
  );

  r.post(
    '/api/lending-management/cancel-application',
    { onRequest: adminOnly, schema: { tags, body: lendingCancelSchema } },
    async (request) => {
      const { user } = requireAdmin(request);
      return {
        success: true,
        data: await lending.cancelByAdmin(deps, user, request.body),
        message: 'Application cancelled',
      };
    },
  );
}
