import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { advisorRequestSchema, analyzeUserSchema } from '../../../shared/schemas/ai';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { idParams } from '../../lib/route-schemas';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../plugins/session';
import { analyzeUser, insightsOfUser } from '../insights/insights.service';
import { creativeAdvisorReply } from './advisor.service';
import { createUserRateLimit } from './rate-limit';

/** 20 advisor questions per user per 10 minutes (decision 014). */
export const ADVISOR_RATE_LIMIT = { limit: 20, windowMs: 10 * 60 * 1000 };

export function aiRoutes(app: FastifyInstance, deps: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const advisorLimit = createUserRateLimit(ADVISOR_RATE_LIMIT.limit, ADVISOR_RATE_LIMIT.windowMs);

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
      advisorLimit.take(
        user.id,
        'You have asked a lot of questions in a short time. Please wait a few minutes.',
      );
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
