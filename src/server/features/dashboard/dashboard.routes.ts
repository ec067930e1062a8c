import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { monthlyEarningsAnswerSchema } from '../../../shared/schemas/dashboard';
import type { Deps } from '../../lib/deps';
import { errors } from '../../lib/route-schemas';
import { requireUser, signedIn } from '../../plugins/session';
import { monthlyEarningsOf } from './dashboard.service';

export function dashboardRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/dashboard/earnings',
    {
      onRequest: signedIn,
      schema: {
        tags: ['dashboard'],
        operationId: 'getMonthlyEarnings',
        summary: 'Monthly earnings combined from verified and self-declared platforms',
        response: { 200: monthlyEarningsAnswerSchema, ...errors(401, 403) },
      },
    },
    async (request) => monthlyEarningsOf(deps.db, requireUser(request).user),
  );
}
