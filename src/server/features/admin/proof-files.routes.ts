// A creator's uploaded proof, for the back office: the file itself, and its review (accept, or reject with a reason).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { proofReviewAnswerSchema, proofReviewSchema } from '../../../shared/schemas/admin-applications';
import { PROOF_MIME_TYPES } from '../../../shared/schemas/platforms';
import type { Deps } from '../../lib/deps';
import { binaryResponse, errors, idParams } from '../../lib/route-schemas';
import { requireStaff, staffOnly } from '../../plugins/session';
import * as admin from './admin-applications.service';
import { reviewProofFile } from './proof-review.service';

export function proofFileRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get(
    '/api/admin/proof-files/:id',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'downloadProofFile',
        summary: 'Download a proof of earnings',
        params: idParams,
        response: {
          200: binaryResponse('The file as uploaded (an attachment)', PROOF_MIME_TYPES),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await admin.openProofFile(deps, request.params.id);
      return (
        reply
          .header('Content-Type', file.mimeType)
          .header('Content-Disposition', `attachment; filename="${file.downloadName}"`)
          // Never rendered in the browser as anything but its detected type (helmet sets it too; this route's
          // answer must not depend on a plugin's defaults).
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .send(file.data)
      );
    },
  );

  r.post(
    '/api/admin/proof-files/:id/review',
    {
      onRequest: staffOnly('underwrite'),
      schema: {
        tags,
        operationId: 'reviewProofFile',
        summary:
          "Verify or reject a creator's proof of earnings: open applications citing it are scored again (audited)",
        params: idParams,
        body: proofReviewSchema,
        response: { 200: proofReviewAnswerSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { user } = requireStaff(request);
      const data = await reviewProofFile(
        deps,
        user,
        request.params.id,
        request.body.decision,
        request.body.reason,
      );
      const message = data.reviewStatus === 'verified' ? 'Proof verified' : 'Proof rejected';
      return { success: true, data, message };
    },
  );
}
