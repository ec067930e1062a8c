// The admin's analyses of a user (the AI analysis, or the rules analysis without a model): run one, list them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyzeUserSchema, insightListSchema, insightRecordSchema } from '../../../shared/schemas/ai';
import type { Deps } from '../../lib/deps';
import { errors, idParams } from '../../lib/route-schemas';
import { requireStaff, staffOnly } from '../../plugins/session';
import { analyzeUser, insightsOfUser } from './insights.service';

export function insightsRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/insights/analyze-user/:id',
    {
      onRequest: staffOnly('underwrite'),
      schema: {
        tags: ['admin'],
        operationId: 'analyzeUser',
        summary: 'Run an AI analysis of a user',
        params: idParams,
        body: analyzeUserSchema,
        response: { 201: insightRecordSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { user } = requireStaff(request);
      const record = await analyzeUser({ ...deps, log: request.log }, user, request.params.id, request.body);
      return reply.status(201).send(record);
    },
  );

  r.get(
    '/api/insights/user/:id',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags: ['admin'],
        operationId: 'listUserInsights',
        summary: 'A user’s analyses, newest first',
        params: idParams,
        response: { 200: insightListSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ insights: await insightsOfUser(deps.db, request.params.id) }),
  );
}
