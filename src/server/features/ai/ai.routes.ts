import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { advisorReplySchema, advisorRequestSchema } from '../../../shared/schemas/ai';
import type { Deps } from '../../lib/deps';
import { errors } from '../../lib/route-schemas';
import { requireUser, signedIn } from '../../plugins/session';
import { creativeAdvisorReply } from './advisor.service';

export function aiRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/ai/creative-advisor',
    {
      onRequest: signedIn,
      schema: {
        tags: ['ai'],
        operationId: 'askCreativeAdvisor',
        summary: 'Ask the Creative Advisor (AI-powered, or Basic Mode without a model)',
        body: advisorRequestSchema,
        response: { 200: advisorReplySchema, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return creativeAdvisorReply({ ...deps, log: request.log }, user, request.body);
    },
  );
}
