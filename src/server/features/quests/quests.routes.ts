import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { questPreferencesSchema, questProgressSchema } from '../../../shared/quests';
import { INT32_MAX, intFromText } from '../../../shared/schemas/fields';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
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

export function questRoutes(app: FastifyInstance, deps: { db: Db; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['quests'];

  r.get(
    '/api/quests',
    { onRequest: signedIn, schema: { tags, summary: 'Quests with the signed-in user’s progress' } },
    async (request) => quests.listQuests(deps.db, requireUser(request).user),
  );

  r.get(
    '/api/quests/metrics',
    { onRequest: signedIn, schema: { tags, summary: 'XP, level and quests completed' } },
    async (request) => quests.creatorMetricsOf(deps.db, requireUser(request).user),
  );

  r.post(
    '/api/quests/:questId/progress',
    {
      onRequest: signedIn,
      schema: {
        tags,
        summary: 'Open or complete a step; quiz steps send answers and are scored here',
        params: questParams,
        body: questProgressSchema,
      },
    },
    async (request) =>
      quests.recordProgress(deps.db, requireUser(request).user, request.params.questId, request.body),
  );

  r.get('/api/quests/preferences', { onRequest: signedIn, schema: { tags } }, async (request) =>
    quests.preferencesOf(deps.db, requireUser(request).user),
  );

  r.put(
    '/api/quests/preferences',
    { onRequest: signedIn, schema: { tags, body: questPreferencesSchema } },
    async (request) => quests.savePreferences(deps.db, requireUser(request).user, request.body),
  );
}
