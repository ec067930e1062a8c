// The creator's data rights (docs/privacy.md): where deletion stands, a copy of their data, deleting the account.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deleteAccountAnswerSchema,
  deleteAccountSchema,
  privacyStatusSchema,
} from '../../../shared/schemas/privacy';
import type { Deps } from '../../lib/deps';
import { forbidden } from '../../lib/errors';
import { binaryResponse, errors } from '../../lib/route-schemas';
import { requireUser, signedIn } from '../../plugins/session';
import { cancelDeletionRequest, deleteAccount, exportData, privacyStatus } from './privacy.service';

const tags = ['account'];

/** Decision 020: an admin viewing as a creator may look at their screens, not take a copy of all their data. */
export const EXPORT_WHILE_VIEWING_MESSAGE =
  'Only the creator can download their data. Stop viewing as them first; their details are on the Users page.';

export function privacyRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/privacy',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'getPrivacyStatus',
        summary: 'Whether a deletion request is waiting, and the loans or applications it depends on',
        response: { 200: privacyStatusSchema, ...errors(401, 403) },
      },
    },
    async (request) => privacyStatus(deps.db, requireUser(request).user),
  );

  r.get(
    '/api/privacy/export',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'exportMyData',
        summary:
          'Download everything stored about oneself as JSON files in a ZIP (no password hash, secrets or codes; audited)',
        response: {
          200: binaryResponse('A ZIP of JSON files (an attachment)', ['application/zip']),
          ...errors(401, 403),
        },
      },
    },
    async (request, reply) => {
      const { user, isImpersonating } = requireUser(request);
      if (isImpersonating) throw forbidden(EXPORT_WHILE_VIEWING_MESSAGE);
      const { zip, fileName } = await exportData(deps, user);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(zip);
    },
  );

  r.post(
    '/api/privacy/delete-account',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'deleteMyAccount',
        summary:
          'Delete one’s account (password and confirmation): erased now with no money owed, else when the open loan is repaid',
        body: deleteAccountSchema,
        response: { 200: deleteAccountAnswerSchema, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const answer = await deleteAccount(deps, requireUser(request).user, request.body);
      if (answer.outcome === 'erased') reply.clearSessionCookie();
      return answer;
    },
  );

  r.delete(
    '/api/privacy/deletion-request',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'withdrawDeletionRequest',
        summary: 'Withdraw a deletion request that is waiting for a loan to be repaid',
        response: { 200: privacyStatusSchema, ...errors(401, 403, 409) },
      },
    },
    async (request) => cancelDeletionRequest(deps, requireUser(request).user),
  );
}
