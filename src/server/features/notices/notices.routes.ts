// The creator's notice choice (Settings): read it, and turn payment reminders on or off.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noticePreferencesSchema } from '../../../shared/schemas/notices';
import type { Deps } from '../../lib/deps';
import { errors } from '../../lib/route-schemas';
import { requireUser, signedIn } from '../../plugins/session';
import { noticePreferences, setNoticePreferences } from './notices.service';

const tags = ['account'];

export function noticeRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/users/me/notices',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'getNoticePreferences',
        summary: 'Which e-mail notices one receives: payment reminders on or off',
        response: { 200: noticePreferencesSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => noticePreferences(deps, requireUser(request).user),
  );

  r.put(
    '/api/users/me/notices',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'updateNoticePreferences',
        summary: 'Turn payment reminders on or off (receipts and notices about the loan are always sent)',
        body: noticePreferencesSchema,
        response: { 200: noticePreferencesSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => setNoticePreferences(deps, requireUser(request).user, request.body),
  );
}
