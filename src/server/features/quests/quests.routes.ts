import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { questPreferencesSchema, questProgressSchema } from '../../../shared/quests';
import { INT32_MAX, intFromText } from '../../../shared/schemas/fields';
import {
  creatorMetricsSchema,
  questListSchema,
  questPreferencesAnswerSchema,
  questProgressAnswerSchema,
} from '../../../shared/schemas/quests';
import type { Deps } from '../../lib/deps';
import { errors } from '../../lib/route-schemas';
import { requireUser, signedIn } from '../../plugins/session';
import * as quests from './quests.service';

const questParams = z.object({
  questId: intFromText(
    z
      .number({ error: 'Invalid quest id' })
      .int('Invalid quest id')
      .positive('Invalid quest id')
      .max(INT32_MAX, 'Invalid quest id'),
  ),
});

export function questRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['quests'];

  r.get(
    '/api/quests',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'listQuests',
        summary: 'Quests with the signed-in user’s progress',
        response: { 200: questListSchema, ...errors(401, 403) },
      },
    },
    async (request) => quests.listQuests(deps.db, requireUser(request).user),
  );

  r.get(
    '/api/quests/metrics',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'getQuestMetrics',
        summary: 'XP, level and quests completed',
        response: { 200: creatorMetricsSchema, ...errors(401, 403) },
      },
    },
    async (request) => quests.creatorMetricsOf(deps.db, requireUser(request).user),
  );

  r.post(
    '/api/quests/:questId/progress',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'recordQuestProgress',
        summary: 'Open or complete a step; quiz steps send answers and are scored here',
        params: questParams,
        body: questProgressSchema,
        response: { 200: questProgressAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      quests.recordProgress(
        deps.db,
        requireUser(request).user,
        request.params.questId,
        request.body,
        deps.clock.now(),
      ),
  );

  r.get(
    '/api/quests/preferences',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'getQuestPreferences',
        summary: 'The signed-in user’s learning preferences',
        response: { 200: questPreferencesAnswerSchema, ...errors(401, 403) },
      },
    },
    async (request) => quests.preferencesOf(deps.db, requireUser(request).user),
  );

  r.put(
    '/api/quests/preferences',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'saveQuestPreferences',
        summary: 'Save the learning preferences',
        body: questPreferencesSchema,
        response: { 200: questPreferencesAnswerSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => quests.savePreferences(deps.db, requireUser(request).user, request.body),
  );
}
