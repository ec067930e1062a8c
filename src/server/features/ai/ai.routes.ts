import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { advisorRequestSchema, analyzeUserSchema } from '../../../shared/schemas/ai';
import type { Deps } from '../../lib/deps';
import { idParams } from '../../lib/route-schemas';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../plugins/session';
import { analyzeUser, insightsOfUser } from '../insights/insights.service';
import { creativeAdvisorReply } from './advisor.service';

export function aiRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/ai/creative-advisor',
    {
      onRequest: signedIn,
      schema: {
        tags: ['ai'],
        summary: 'Ask the Creative Advisor (AI-powered, or Basic Mode without a model)',
        body: advisorRequestSchema,
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return creativeAdvisorReply({ ...deps, log: request.log }, user, request.body);
    },
  );

  r.post(
    '/api/insights/analyze-user/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Run an AI analysis of a user',
        params: idParams,
        body: analyzeUserSchema,
      },
    },
    async (request, reply) => {
      const { user } = requireAdmin(request);
      const record = await analyzeUser({ ...deps, log: request.log }, user, request.params.id, request.body);
      return reply.status(201).send(record);
    },
  );

  r.get(
    '/api/insights/user/:id',
    {
      onRequest: adminOnly,
      schema: { tags: ['admin'], summary: 'A user’s analyses, newest first', params: idParams },
    },
    async (request) => ({ insights: await insightsOfUser(deps.db, request.params.id) }),
  );
}
