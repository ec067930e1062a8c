// Earnings read from the platforms (docs/platform-earnings.md): the admins' review queue, and the creator's
// connections for earnings with when they were last read.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approveEarningsAnswerSchema,
  approveEarningsSchema,
  earningsConnectionsSchema,
  earningsProposalsPageSchema,
  earningsProposalsQuerySchema,
  rejectEarningsSchema,
} from '../../../shared/schemas/earnings';
import type { Deps } from '../../lib/deps';
import { errors, idParams } from '../../lib/route-schemas';
import { requireStaff, requireUser, signedIn, staffOnly } from '../../plugins/session';
import { approveProposals, earningsProposals, rejectProposal } from './earnings-review.service';
import { earningsConnections } from './earnings-tokens.service';

const tags = ['earnings'];

export function earningsRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/earnings-proposals',
    {
      onRequest: staffOnly('read'),
      schema: {
        tags,
        operationId: 'listEarningsProposals',
        summary:
          'The earnings review queue: one proposal per loan and month, paged, filtered by status, platform and source',
        querystring: earningsProposalsQuerySchema,
        response: { 200: earningsProposalsPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      requireStaff(request);
      return earningsProposals(deps, request.query);
    },
  );

  r.post(
    '/api/admin/earnings-proposals/approve',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'approveEarningsProposals',
        summary:
          'Approve pending proposals: each becomes its month’s earnings payment in its own transaction; answers what was approved and what was refused, with why',
        body: approveEarningsSchema,
        response: { 200: approveEarningsAnswerSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { user } = requireStaff(request);
      return approveProposals(deps, user, request.body.ids);
    },
  );

  r.post(
    '/api/admin/earnings-proposals/:id/reject',
    {
      onRequest: staffOnly('finance'),
      schema: {
        tags,
        operationId: 'rejectEarningsProposal',
        summary:
          'Reject a proposal with the reason (nothing is paid; the month stays open for typed earnings)',
        params: idParams,
        body: rejectEarningsSchema,
        response: {
          200: z.object({ id: z.number().int(), status: z.literal('rejected'), reason: z.string() }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { user } = requireStaff(request);
      return rejectProposal(deps, user, request.params.id, request.body.reason);
    },
  );

  r.get(
    '/api/earnings-connections',
    {
      onRequest: signedIn,
      schema: {
        tags,
        operationId: 'getEarningsConnections',
        summary: "The signed-in creator's platforms connected for earnings, and when they were last read",
        response: { 200: earningsConnectionsSchema, ...errors(401) },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return earningsConnections(deps, user.id);
    },
  );
}
